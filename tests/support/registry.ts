import { fileURLToPath } from 'node:url';
import { createRegistry, FormRuntime, type EditionId, type FormDefinition, type RuleContext } from '../../engine/index.ts';
import { readDefinitionFiles } from '../../engine/node/file-source.ts';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The shipped definitions and editions, loaded once per test file as the server and CLI load them. */
export const registry = createRegistry(readDefinitionFiles(projectRoot));

export const TODAY = '2026-11-22';

/** A form runtime for a shipped form in one edition, with a fixed today so date rules are repeatable. */
export function runtimeFor(id: string, edition: EditionId = 'us', context: Partial<RuleContext> = {}): FormRuntime {
  return new FormRuntime(registry.resolve<FormDefinition>(id, edition), { edition, today: TODAY, ...context });
}

/** The messages of one field after an update with the given data. */
export function messagesOf(runtime: FormRuntime, data: Record<string, unknown>, path: string): string[] {
  return (runtime.update(data).errors[path] ?? []).map((error) => error.message);
}
