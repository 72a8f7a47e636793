import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { runNamed } from '../../api/run.ts';
import { evaluateLogicMap, getPath, isEmptyValue, type FormDefinition, type JsonLogic } from '../../engine/index.ts';
import { run } from '../session/run.ts';
import type { FormSession } from './form-session.ts';

/**
 * `ui:options.compute` of a field: its value is the server's answer about other fields, asked once they all
 * hold something and typing has settled (spec 002 section 5 'The instalment preview is computed 1 second
 * after apr, down payment and instalments are present'). Until then, or when the server cannot answer, the
 * field is empty, so a form that requires it keeps its submit disabled.
 */
export interface ComputeOptions {
  operation: string;
  /** The fields the value is computed from: all must hold a value before the server is asked. */
  needs: string[];
  /** Query parameters: name -> json-logic over `{ data }`. */
  query?: Record<string, JsonLogic>;
  /** Path parameters: name -> json-logic over `{ data }` (a token for the chosen agency). */
  params?: Record<string, JsonLogic>;
  debounceMs?: number;
  /** Answer path of the value. */
  valuePath: string;
}

const DEFAULT_DEBOUNCE_MS = 500;

export function computedFieldsOf(definition: FormDefinition): Array<[string, ComputeOptions]> {
  return Object.entries(definition.uiSchema ?? {}).flatMap(([field, ui]) => {
    const compute = (ui as { 'ui:options'?: { compute?: ComputeOptions } } | null)?.['ui:options']?.compute;
    return compute && typeof compute.operation === 'string' ? [[field, compute] as [string, ComputeOptions]] : [];
  });
}

/** Runs the computed fields of a form while it is on screen (the definition form renders this once). */
export function RemoteValues({ session }: { session: FormSession }) {
  const fields = useMemo(() => computedFieldsOf(session.definition), [session.definition]);
  return (
    <>
      {fields.map(([path, options]) => (
        <RemoteValueOf key={path} session={session} path={path} options={options} />
      ))}
    </>
  );
}

function RemoteValueOf({ session, path, options }: { session: FormSession; path: string; options: ComputeOptions }) {
  // The inputs as one string, so the effect runs when one of them changes and not on every other keystroke.
  const inputs = useSyncExternalStore(session.subscribe, () => JSON.stringify(options.needs.map((need) => getPath(session.getSnapshot().state.data, need) ?? null)));
  useEffect(() => {
    const values = JSON.parse(inputs) as unknown[];
    const clear = () => {
      if (getPath(session.getSnapshot().state.data, path) !== undefined) session.assign({ [path]: undefined });
    };
    if (values.some((value) => isEmptyValue(value))) {
      clear();
      return undefined;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      const scope = { data: session.getSnapshot().state.data };
      const query = evaluateLogicMap(options.query, scope);
      const params = evaluateLogicMap(options.params, scope);
      runNamed(run, options.operation, { query, params, signal: controller.signal })
        .then((answer) => {
          if (controller.signal.aborted) return;
          const value = getPath(answer, options.valuePath);
          session.assign({ [path]: value === null ? undefined : value });
        })
        .catch(() => !controller.signal.aborted && clear());
    }, options.debounceMs ?? DEFAULT_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [session, path, options, inputs]);
  return null;
}
