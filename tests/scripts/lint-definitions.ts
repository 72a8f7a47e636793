/** `npx tsx tests/scripts/lint-definitions.ts`: the definition lint over every shipped definition, one fault a line. */
import { lintRegistry } from '../../engine/index.ts';
import { loadRegistryOrExit } from './cli-registry.ts';

const faults = lintRegistry(loadRegistryOrExit());
for (const fault of faults) console.log(`${fault.id}#${fault.pointer} [${fault.check}] ${fault.message}`);
console.log(`${faults.length} lint fault${faults.length === 1 ? '' : 's'}`);
process.exit(faults.length ? 1 : 0);
