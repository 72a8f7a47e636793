/**
 * Loads every definition and overlay and resolves each in every edition; prints each fault with its file
 * and JSON pointer. Used while editing definitions by hand: `npx tsx tests/scripts/check-definitions.ts`.
 */
import { createRegistry, DefinitionError, describeFault } from '../../engine/index.ts';
import { readDefinitionFiles } from '../../engine/node/file-source.ts';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
try {
  const registry = createRegistry(readDefinitionFiles(root));
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
} catch (error) {
  console.error(error instanceof DefinitionError ? error.message : error);
  process.exit(1);
}
