/**
 * `npx tsx tests/scripts/lint-definitions.ts`: the definition lint over every shipped definition, checked
 * against api/openapi.yaml, one fault a line. Errors fail (exit 1); warnings are printed only.
 */
import { lintRegistry } from '../../engine/index.ts';
import { readContractOperations } from '../../engine/node/contract-operations.ts';
import { loadRegistryOrExit, projectRoot } from './cli-registry.ts';

const faults = lintRegistry(loadRegistryOrExit(), readContractOperations(projectRoot));
for (const fault of faults) console.log(`${fault.severity} ${fault.id}#${fault.pointer} [${fault.check}] ${fault.message}`);
const errors = faults.filter((fault) => fault.severity === 'error').length;
const warnings = faults.length - errors;
console.log(`${errors} lint error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
process.exit(errors ? 1 : 0);
