import { useEffect, useRef } from 'react';
import { listCache } from './session-list-cache.ts';

/**
 * A change one block of a page made that other blocks show (a bespoke component adds a record a table
 * lists): the component announces it, the page's tables read their lists again. Lists read before are
 * forgotten, as after any change made through a page.
 */
const changes = new EventTarget();

export function announcePageChange(): void {
  listCache.forgetAll();
  changes.dispatchEvent(new Event('change'));
}

/** Calls `onChange` (with no delay) whenever a block of the page announces a change. */
export function usePageChanges(onChange: (delayMs: number) => void): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    const listener = () => latest.current(0);
    changes.addEventListener('change', listener);
    return () => changes.removeEventListener('change', listener);
  }, []);
}
