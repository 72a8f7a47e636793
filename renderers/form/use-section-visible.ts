import { useCallback, useSyncExternalStore } from 'react';
import type { FormSession } from './form-session.ts';

/** Whether a layout section has any visible field; re-renders only when that flips. */
export function useSectionVisible(session: FormSession, id: string): boolean {
  const getSnapshot = useCallback(() => session.sectionVisible(id), [session, id]);
  return useSyncExternalStore(session.subscribe, getSnapshot);
}
