import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { DefinitionSourceDocuments, SourceDocument } from '../registry/registry.ts';
import { DefinitionError } from '../registry/faults.ts';

/** Node-only: reads definitions/ and editions/ from a project folder (the server, the CLI, the tests). */
export function readDefinitionFiles(root: string): DefinitionSourceDocuments {
  const read = (path: string): SourceDocument => {
    const file = relative(root, path);
    try {
      return { file, document: JSON.parse(readFileSync(path, 'utf8')) };
    } catch (error) {
      throw new DefinitionError([{ file, pointer: '', message: `not valid JSON: ${(error as Error).message}` }]);
    }
  };
  const editionsDir = join(root, 'editions');
  const editionIds = readdirSync(editionsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  return {
    definitions: jsonFilesUnder(join(root, 'definitions')).map(read),
    editions: editionIds.map((id) => read(join(editionsDir, id, 'edition.json'))),
    overlays: editionIds.flatMap((edition) => {
      const dir = join(editionsDir, edition, 'overlays');
      return existsSync(dir) ? jsonFilesUnder(dir).map((path) => ({ edition, ...read(path) })) : [];
    }),
  };
}

function jsonFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
