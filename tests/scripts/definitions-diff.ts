/**
 * QA's diff of resolved definitions, definition by definition, as JSON pointers with the value on each side:
 *   npm run definitions:diff -- us uk                    the two editions of the working tree
 *   npm run definitions:diff -- --from <git-rev> [--to <git-rev>] [--edition us]
 *                                                        two revisions of the files (--to defaults to the working tree)
 * `--json` prints the same as JSON for tools.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diffJson, formatChanges, type EditionId, type JsonChange, type Registry } from '../../engine/index.ts';
import { loadRegistryOrExit, projectRoot } from './cli-registry.ts';

interface DefinitionChanges {
  id: string;
  edition?: string;
  status: 'changed' | 'added' | 'removed';
  changes: JsonChange[];
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const json = args.includes('--json');
const from = option('--from');

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run definitions:diff -- <edition> <edition> [--json]\n       npm run definitions:diff -- --from <git-rev> [--to <git-rev>] [--edition <edition>] [--json]`);
  process.exit(2);
}

/** The registry of the definitions and editions as they were at a git revision. */
function registryAt(revision: string): Registry {
  const dir = mkdtempSync(join(tmpdir(), 'definitions-'));
  try {
    const archive = execFileSync('git', ['archive', '--format=tar', revision, 'definitions', 'editions'], { cwd: projectRoot });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    return loadRegistryOrExit(dir);
  } catch (error) {
    usage(`Cannot read definitions at ${revision}: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function compare(before: Registry, after: Registry, pairs: [EditionId, EditionId][], byEdition: boolean): DefinitionChanges[] {
  const ids = [...new Set([...before.list(), ...after.list()].map((definition) => definition.id))].sort();
  return ids.flatMap((id) =>
    pairs.flatMap(([left, right]): DefinitionChanges[] => {
      const edition = byEdition ? left : undefined;
      const a = before.get(id) ? before.resolve(id, left) : undefined;
      const b = after.get(id) ? after.resolve(id, right) : undefined;
      if (!a) return [{ id, edition, status: 'added', changes: [] }];
      if (!b) return [{ id, edition, status: 'removed', changes: [] }];
      const changes = diffJson(a, b);
      return changes.length ? [{ id, edition, status: 'changed', changes }] : [];
    }),
  );
}

let title: string;
let report: DefinitionChanges[];
if (from) {
  const to = option('--to');
  const after = to ? registryAt(to) : loadRegistryOrExit();
  const before = registryAt(from);
  const edition = option('--edition') as EditionId | undefined;
  const editions = edition ? [edition] : after.editions();
  report = compare(before, after, editions.map((id) => [id, id]), true);
  title = `${from} -> ${to ?? 'working tree'} (${editions.join(', ')})`;
} else {
  const [left, right] = args.filter((arg) => !arg.startsWith('--')) as [EditionId?, EditionId?];
  const registry = loadRegistryOrExit();
  if (!left || !right || !registry.editions().includes(left) || !registry.editions().includes(right)) usage('Two editions are needed.');
  report = compare(registry, registry, [[left, right]], false);
  title = `${left} -> ${right}`;
}

if (json) {
  console.log(JSON.stringify({ compared: title, definitions: report }, null, 2));
} else {
  console.log(`${title}: ${report.length} definition${report.length === 1 ? '' : 's'} differ\n`);
  for (const entry of report) {
    const where = entry.edition ? ` [${entry.edition}]` : '';
    if (entry.status !== 'changed') {
      console.log(`${entry.id}${where}: ${entry.status}\n`);
      continue;
    }
    console.log(`${entry.id}${where}, ${entry.changes.length} change${entry.changes.length === 1 ? '' : 's'}`);
    for (const line of formatChanges(entry.changes)) console.log(`  ${line}`);
    console.log('');
  }
}
