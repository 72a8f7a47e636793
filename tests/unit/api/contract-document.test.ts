import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { readContractDocument } from '../../../engine/node/contract-document.ts';

/** The parsed-contract cache: named by the YAML's hash, so a changed contract is never answered from an old parse. */
const folder = mkdtempSync(join(tmpdir(), 'contract-document-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const cacheOf = (text: string) => join(tmpdir(), `cyber-console-contract-${createHash('sha256').update(text).digest('hex').slice(0, 24)}.json`);

test('the first read parses and caches, a changed file is parsed afresh, an unchanged one comes from the cache', () => {
  const file = join(folder, 'openapi.yaml');
  // A version no other run writes, so no earlier run's cache answers.
  const version = `${process.pid}-${Date.now()}`;
  const first = `openapi: 3.1.0\ninfo: { title: t, version: '${version}' }\npaths: {}\n`;
  writeFileSync(file, first);
  expect(readContractDocument(file)).toEqual({ openapi: '3.1.0', info: { title: 't', version }, paths: {} });
  expect(JSON.parse(readFileSync(cacheOf(first), 'utf8'))).toEqual(readContractDocument(file));

  const second = first.replace('paths: {}', 'paths: { /x: {} }');
  writeFileSync(file, second);
  expect(readContractDocument(file)).toMatchObject({ paths: { '/x': {} } });
  expect(existsSync(cacheOf(second))).toBe(true);

  // What the cache holds is what is answered: proof the second read of the same text does not parse again.
  writeFileSync(cacheOf(second), JSON.stringify({ fromCache: true }));
  expect(readContractDocument(file)).toEqual({ fromCache: true });
  rmSync(cacheOf(first));
  rmSync(cacheOf(second));
});
