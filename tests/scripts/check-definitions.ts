/**
 * Loads every definition and overlay and resolves each in every edition; prints each fault with its file
 * and JSON pointer. Part of `npm test`, and handy while editing definitions by hand.
 */
import { DefinitionError, describeFault } from '../../engine/index.ts';
import { loadRegistryOrExit } from './cli-registry.ts';

const registry = loadRegistryOrExit();
const faults: string[] = [];
for (const definition of registry.list()) {
  for (const edition of registry.editions()) {
    try {
      registry.resolve(definition.id, edition);
    } catch (error) {
      if (error instanceof DefinitionError) faults.push(...error.faults.map((fault) => `[${edition}] ${describeFault(fault)}`));
      else faults.push(`[${edition}] ${definition.id}: ${(error as Error).message}`);
    }
  }
}
if (faults.length) {
  console.error(faults.join('\n'));
  process.exit(1);
}
console.log(`${registry.list().length} definitions resolve in ${registry.editions().join(', ')}`);
