import { useState } from 'react';
import { deepEqual } from '../../engine/index.ts';

/** The same object as last time while the value is deeply equal: a whitespace edit in the draft repaints nothing. */
export function useStable<T>(value: T): T {
  const [kept, setKept] = useState(value);
  if (kept !== value && !deepEqual(kept, value)) {
    setKept(value);
    return value;
  }
  return kept;
}
