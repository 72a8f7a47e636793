import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RESOURCES_DIR } from '../db/migrate.ts';
import type { Services } from '../services.ts';
import type { HandlerModule, OperationHandler, OperationHandlers } from './handlers.ts';

/**
 * Finds every resource's handlers: server/resources/<name>/handlers.ts exporting `handlers`. Adding a
 * resource touches no central list. Two resources handling one operationId stop the start with both names
 * (register-routes then refuses operations without a handler and handlers without an operation).
 */
export async function discoverHandlers(services: Services, dir = RESOURCES_DIR): Promise<OperationHandlers> {
  const folders = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const withHandlers = folders.filter((folder) => existsSync(join(dir, folder, 'handlers.ts')));
  // Loaded together (module loading is most of a cold start), merged in folder order.
  const modules = await Promise.all(
    withHandlers.map(async (folder) => [folder, (await import(pathToFileURL(join(dir, folder, 'handlers.ts')).href)) as { handlers?: HandlerModule }] as const),
  );
  const handlers: OperationHandlers = {};
  const owners = new Map<string, string>();
  for (const [folder, module] of modules) {
    if (typeof module.handlers !== 'function') throw new Error(`server/resources/${folder}/handlers.ts must export 'handlers'`);
    for (const [operationId, handler] of Object.entries(module.handlers(services))) {
      const earlier = owners.get(operationId);
      if (earlier) throw new Error(`Two handlers for operation '${operationId}': server/resources/${earlier} and server/resources/${folder}`);
      owners.set(operationId, folder);
      handlers[operationId] = handler as OperationHandler;
    }
  }
  return handlers;
}
