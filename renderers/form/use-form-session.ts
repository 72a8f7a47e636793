import { useEffect, useMemo, useSyncExternalStore } from 'react';
import validator from '@rjsf/validator-ajv8';
import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import type { FormDefinition, RuleContext } from '../../engine/index.ts';
import { FormSession, type SessionSnapshot } from './form-session.ts';
import { DEFAULT_FORM_STATE_BEHAVIOR } from './default-form-state.ts';

/**
 * A session for one resolved definition. A new definition (another edition) or new initial data starts
 * a new session; a new context (persona, today) is fed to the running one, keeping what was typed.
 */
export function useFormSession(definition: FormDefinition, context: RuleContext, initialData?: Record<string, unknown>): FormSession {
  // Context is deliberately read only at creation here; the effect below keeps it current.
  const session = useMemo(() => new FormSession(definition, context, withSchemaDefaults(definition, initialData)), [definition, initialData]); // eslint-disable-line react-hooks/exhaustive-deps
  const contextKey = JSON.stringify(context);
  useEffect(() => session.setContext(context), [session, contextKey]); // eslint-disable-line react-hooks/exhaustive-deps
  return session;
}

/** The whole session snapshot (state, dirty, submitted): for panels and buttons, not for fields. */
export function useSessionSnapshot(session: FormSession): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}

/**
 * The starting data with the schema's defaults filled in the way rjsf fills them, so rjsf's first state
 * equals the session's: otherwise the defaults would arrive as a change and make the form dirty.
 */
function withSchemaDefaults(definition: FormDefinition, data: Record<string, unknown> = {}): Record<string, unknown> {
  const schema = definition.schema as RJSFSchema;
  return (getDefaultFormState(validator, schema, data, schema, false, DEFAULT_FORM_STATE_BEHAVIOR) ?? {}) as Record<string, unknown>;
}
