import { fileURLToPath } from 'node:url';
import { createRegistry, DefinitionError, type Registry } from '../../engine/index.ts';
import { readDefinitionFiles } from '../../engine/node/file-source.ts';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The shipped definitions for a command-line tool; on faults prints them (file#pointer: message) and exits 1. */
export function loadRegistryOrExit(root = projectRoot): Registry {
  try {
    return createRegistry(readDefinitionFiles(root));
  } catch (error) {
    console.error(error instanceof DefinitionError ? error.message : error);
    process.exit(1);
  }
}
