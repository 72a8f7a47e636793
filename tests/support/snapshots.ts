import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stableStringify, type Registry } from '../../engine/index.ts';

export const SNAPSHOT_DIR = 'tests/snapshots';

/** Every resolved definition per edition as the text its snapshot file holds, keyed by path from the project root. */
export function expectedSnapshots(registry: Registry): Map<string, string> {
  const files = new Map<string, string>();
  for (const edition of registry.editions()) {
    for (const definition of registry.list()) {
      files.set(`${SNAPSHOT_DIR}/${edition}/${definition.id}.json`, `${stableStringify(registry.resolve(definition.id, edition))}\n`);
    }
  }
  return files;
}

export function committedSnapshots(root: string): Map<string, string> {
  const dir = join(root, SNAPSHOT_DIR);
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [relative(root, path), readFileSync(path, 'utf8')] as const;
      }),
  );
}
