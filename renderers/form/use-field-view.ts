import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { FieldView, FormSession } from './form-session.ts';

/**
 * Subscribes to one field's view: the component re-renders only when that field's view changes. The session
 * is the snapshot wherever the form renders, so a form drawn to markup (a unit test of it) reads it too.
 */
export function useSessionFieldView(session: FormSession, path: string): FieldView {
  const getSnapshot = useCallback(() => session.fieldView(path), [session, path]);
  return useSyncExternalStore(session.subscribe, getSnapshot, getSnapshot);
}

/** The view of the field a widget sits in, provided by the FieldTemplate around it. */
export const FieldViewContext = createContext<FieldView | undefined>(undefined);

export function useFieldView(): FieldView | undefined {
  return useContext(FieldViewContext);
}
