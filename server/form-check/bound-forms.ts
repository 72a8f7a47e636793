import type { DefinitionState } from '../definitions/definition-service.ts';

/** The binding roles whose operation writes what the form holds, so the server checks it with the form. */
const CHECKED_ROLES = ['submit', 'update'] as const;

const byState = new WeakMap<DefinitionState, ReadonlyMap<string, readonly string[]>>();

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored document's binding; published documents passed the meta-schema, files may not have yet. */
function bindingOf(document: unknown): Record<string, unknown> {
  return isRecord(document) && isRecord(document.binding) ? document.binding : {};
}

/**
 * operationId -> the form definitions that name it as binding.submit or binding.update, as published now.
 * Read from the documents rather than the loaded registry, so an operation no form names keeps working even
 * when a deploy left the definitions unable to load. Built once per definition state (a publish makes a new
 * state), so a newly bound operation is checked from the next request on, without a restart.
 */
export function boundOperations(state: DefinitionState): ReadonlyMap<string, readonly string[]> {
  const cached = byState.get(state);
  if (cached) return cached;
  const bound = new Map<string, string[]>();
  for (const { key, kind, document } of state.documents.values()) {
    if (key.type !== 'definition' || kind !== 'form') continue;
    const binding = bindingOf(document);
    for (const role of CHECKED_ROLES) {
      const operationId = binding[role];
      if (typeof operationId !== 'string') continue;
      const forms = bound.get(operationId) ?? [];
      if (!forms.includes(key.id)) forms.push(key.id);
      bound.set(operationId, forms);
    }
  }
  byState.set(state, bound);
  return bound;
}

/**
 * The form that checks an operation's body, if any. Two forms naming one operation cannot both decide what
 * it accepts: that is refused (a server error naming both) rather than checked by whichever comes first.
 */
export function boundFormOf(state: DefinitionState, operationId: string): string | undefined {
  const forms = boundOperations(state).get(operationId) ?? [];
  if (forms.length > 1) throw new Error(`Operation '${operationId}' is bound by more than one form definition (${forms.join(', ')}); the server cannot tell which one checks it`);
  return forms[0];
}
