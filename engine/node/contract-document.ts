import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

/**
 * Node-only: api/openapi.yaml as a plain object. Parsing the YAML bundle takes over a second and every
 * server start read it twice (the routes and the definition lint), so the parsed document is kept as JSON
 * beside the system's temporary files, named by the hash of the YAML text: a changed contract is parsed
 * afresh, an unchanged one is read back in milliseconds. The cache is only ever an optimisation: when it
 * cannot be read or written, the YAML is parsed.
 */
export function readContractDocument(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  const cached = join(tmpdir(), `cyber-console-contract-${createHash('sha256').update(text).digest('hex').slice(0, 24)}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8'));
  } catch {
    // Not cached yet (or unreadable): parse, then cache.
  }
  const document: unknown = parse(text);
  try {
    // Written aside and renamed, so a reader in another process never sees half a file.
    const partial = `${cached}.${process.pid}.partial`;
    writeFileSync(partial, JSON.stringify(document));
    renameSync(partial, cached);
  } catch {
    // A read-only temporary folder only costs the next start the parse.
  }
  return document;
}
