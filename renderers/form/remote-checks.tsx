import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { runNamed } from '../../api/run.ts';
import { evaluateLogicMap, getPath, type FormDefinition, type JsonLogic } from '../../engine/index.ts';
import { run } from '../session/run.ts';
import type { FormSession } from './form-session.ts';

/**
 * `ui:options.check` of a field: the server is asked about the value as it is typed (spec 002 section 5
 * 'Each entered domain ... is checked against a server call, debounced 200 ms'). Its answer says whether
 * the value is valid and what to show: a valid answer's text shows under the field as information ('Valid
 * domain found!'), an invalid one's as the field's error, and the submit stays disabled until it is valid.
 * Nothing typed, and the value the record was loaded with, are not asked about. The server checks the same
 * again when the form is saved.
 */
export interface CheckOptions {
  operation: string;
  /** Query parameters: name -> json-logic over `{ value, data }` (`{"var": "value"}` is what was typed). */
  query: Record<string, JsonLogic>;
  /** Typing settles this long before the server is asked. */
  debounceMs?: number;
  /** Answer path of the verdict (true: valid). */
  validPath: string;
  /** Answer path of the text to show. */
  messagePath: string;
  /** The text when the server could not be asked (the value then counts as not checked, and blocks the submit). */
  failureText?: string;
}

const DEFAULT_DEBOUNCE_MS = 200;
const DEFAULT_FAILURE_TEXT = 'This could not be checked. Please try again.';

/** The fields of a definition with a check, and their options. */
export function checkedFieldsOf(definition: FormDefinition): Array<[string, CheckOptions]> {
  return Object.entries(definition.uiSchema ?? {}).flatMap(([field, ui]) => {
    const check = (ui as { 'ui:options'?: { check?: CheckOptions } } | null)?.['ui:options']?.check;
    return check && typeof check.operation === 'string' ? [[field, check] as [string, CheckOptions]] : [];
  });
}

/** Runs the checks of a form's fields while it is on screen (the definition form renders this once). */
export function RemoteChecks({ session }: { session: FormSession }) {
  const fields = useMemo(() => checkedFieldsOf(session.definition), [session.definition]);
  return (
    <>
      {fields.map(([path, options]) => (
        <RemoteCheckOf key={path} session={session} path={path} options={options} />
      ))}
    </>
  );
}

function RemoteCheckOf({ session, path, options }: { session: FormSession; path: string; options: CheckOptions }) {
  const value = useSyncExternalStore(session.subscribe, () => getPath(session.getSnapshot().state.data, path));
  const typed = typeof value === 'string' ? value.trim() : '';
  const initial = session.initialValue(path);
  // The value the record was loaded with was checked when it was saved: only a change is asked about.
  const unchanged = typeof initial === 'string' && initial.trim() === typed;
  useEffect(() => {
    if (!typed || unchanged) {
      session.setRemoteCheck(path, undefined);
      return undefined;
    }
    session.setRemoteCheck(path, { status: 'checking' });
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      const query = evaluateLogicMap(options.query, { value: typed, data: session.getSnapshot().state.data });
      runNamed(run, options.operation, { query, signal: controller.signal })
        .then((answer) => {
          if (controller.signal.aborted) return;
          const valid = getPath(answer, options.validPath) === true;
          const message = getPath(answer, options.messagePath);
          session.setRemoteCheck(path, { status: valid ? 'valid' : 'invalid', ...(typeof message === 'string' ? { message } : {}) });
        })
        .catch(() => !controller.signal.aborted && session.setRemoteCheck(path, { status: 'invalid', message: options.failureText ?? DEFAULT_FAILURE_TEXT }));
    }, options.debounceMs ?? DEFAULT_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [session, path, options, typed, unchanged]);
  // Gone with the form (or the field's definition): nothing of it may keep blocking.
  useEffect(() => () => session.setRemoteCheck(path, undefined), [session, path]);
  return null;
}
