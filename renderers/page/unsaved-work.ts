import { createContext, useContext, useEffect, useMemo, useRef } from 'react';

/**
 * Unsaved work inside a part of a page (a tab): editable forms and the quote editor say whether they hold
 * changes, and the part asks before it drops them (spec 002: switching tabs with unsaved changes offers
 * SWITCH or GO BACK). Held in a ref, not state: reporting a change re-renders nothing.
 */
export interface UnsavedWork {
  report: (key: symbol, dirty: boolean) => void;
  any: () => boolean;
}

/** The question asked before unsaved changes are dropped, and its two answers (spec 002 'UW switching tabs': SWITCH or GO BACK). */
export const UNSAVED_CHANGES_TEXTS = {
  question: 'You have unsaved changes',
  switchLabel: 'SWITCH',
  goBackLabel: 'GO BACK',
} as const;

export const UnsavedWorkContext = createContext<UnsavedWork | null>(null);

/** A new holder of unsaved work, for a part of the page to provide to what it contains. */
export function useUnsavedWorkScope(): UnsavedWork {
  const dirty = useRef(new Set<symbol>());
  return useMemo(
    () => ({
      report: (key, isDirty) => {
        if (isDirty) dirty.current.add(key);
        else dirty.current.delete(key);
      },
      any: () => dirty.current.size > 0,
    }),
    [],
  );
}

/** Says whether this form or editor holds changes, to the part of the page around it (if any); gone with it. */
export function useReportUnsavedWork(dirty: boolean): void {
  const work = useContext(UnsavedWorkContext);
  const key = useRef(Symbol('unsaved-work'));
  useEffect(() => {
    const own = key.current;
    work?.report(own, dirty);
    return () => work?.report(own, false);
  }, [work, dirty]);
}
