/**
 * `npm run definitions:diff -- us uk`: what differs between two editions, definition by definition, as
 * JSON pointers with the value in each. `--json` prints the same as JSON for tools.
 */
import { diffJson, formatChanges, type EditionId, type JsonChange } from '../../engine/index.ts';
import { loadRegistryOrExit } from './cli-registry.ts';

const args = process.argv.slice(2);
const json = args.includes('--json');
const [left, right] = args.filter((arg) => !arg.startsWith('--')) as [EditionId?, EditionId?];
const registry = loadRegistryOrExit();
const editions = registry.editions();
if (!left || !right || !editions.includes(left) || !editions.includes(right)) {
  console.error(`Usage: npm run definitions:diff -- <edition> <edition> [--json]   (editions: ${editions.join(', ')})`);
  process.exit(2);
}

const report: { id: string; kind: string; changes: JsonChange[] }[] = registry
  .list()
  .map((definition) => ({
    id: definition.id,
    kind: definition.kind,
    changes: diffJson(registry.resolve(definition.id, left), registry.resolve(definition.id, right)),
  }))
  .filter((entry) => entry.changes.length > 0);

if (json) {
  console.log(JSON.stringify({ from: left, to: right, definitions: report }, null, 2));
} else {
  console.log(`${left} -> ${right}: ${report.length} of ${registry.list().length} definitions differ\n`);
  for (const entry of report) {
    console.log(`${entry.id} (${entry.kind}), ${entry.changes.length} change${entry.changes.length === 1 ? '' : 's'}`);
    for (const line of formatChanges(entry.changes)) console.log(`  ${line}`);
    console.log('');
  }
}
