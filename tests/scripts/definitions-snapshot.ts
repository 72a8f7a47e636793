/**
 * `npm run definitions:snapshot`: writes every resolved definition, per edition, to
 * tests/snapshots/<edition>/<id>.json as sorted JSON, and removes snapshots of definitions that no
 * longer exist. QA diffs these files; the test suite fails when they are stale.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { committedSnapshots, expectedSnapshots } from '../support/snapshots.ts';
import { loadRegistryOrExit, projectRoot } from './cli-registry.ts';

const registry = loadRegistryOrExit();
const expected = expectedSnapshots(registry);
let written = 0;
for (const [path, text] of expected) {
  mkdirSync(dirname(join(projectRoot, path)), { recursive: true });
  writeFileSync(join(projectRoot, path), text);
  written += 1;
}
let removed = 0;
for (const path of committedSnapshots(projectRoot).keys()) {
  if (!expected.has(path)) {
    rmSync(join(projectRoot, path));
    removed += 1;
  }
}
console.log(`Wrote ${written} snapshots for ${registry.editions().join(', ')}${removed ? `; removed ${removed} stale` : ''}.`);
