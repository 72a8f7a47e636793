import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RESOURCE_ROOTS, resourceFolders, type ResourceRoot } from '../db/migrate.ts';
import type { Services } from '../services.ts';
import type { HandlerModule, OperationHandler, OperationHandlers } from './handlers.ts';

/**
 * Finds every resource's handlers: a folder below a resource root (server/resources/<name>/, the lifecycle's
 * server/lifecycle/<sub-module>/, nested ones too) holding handlers.ts that exports `handlers`. Adding a
 * resource touches no central list. Two resources handling one operationId stop the start with both folders'
 * names (register-routes then refuses operations without a handler and handlers without an operation).
 */
export async function discoverHandlers(services: Services, roots: readonly ResourceRoot[] = RESOURCE_ROOTS): Promise<OperationHandlers> {
  const withHandlers = (await Promise.all(roots.map(async (root) => (await resourceFolders(root.dir))
    .filter((folder) => existsSync(join(root.dir, folder, 'handlers.ts')))
    .map((folder) => ({ file: join(root.dir, folder, 'handlers.ts'), name: `${root.label}/${folder}` }))))).flat();
  // Loaded together (module loading is most of a cold start), merged in root and folder order.
  const modules = await Promise.all(
    withHandlers.map(async ({ file, name }) => [name, (await import(pathToFileURL(file).href)) as { handlers?: HandlerModule }] as const),
  );
  const handlers: OperationHandlers = {};
  const owners = new Map<string, string>();
  for (const [folder, module] of modules) {
    if (typeof module.handlers !== 'function') throw new Error(`${folder}/handlers.ts must export 'handlers'`);
    for (const [operationId, handler] of Object.entries(module.handlers(services))) {
      const earlier = owners.get(operationId);
      if (earlier) throw new Error(`Two handlers for operation '${operationId}': ${earlier} and ${folder}`);
      owners.set(operationId, folder);
      handlers[operationId] = handler as OperationHandler;
    }
  }
  return handlers;
}
