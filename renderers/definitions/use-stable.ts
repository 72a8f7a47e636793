import { useState } from 'react';
import { deepEqual } from '../../engine/index.ts';

/**
 * The same object as last time while the value is deeply equal: a whitespace edit in a studio draft repaints
 * nothing, and a definition that comes back unchanged in the server's bundle does not read its table again.
 */
export function useStable<T>(value: T): T {
  const [kept, setKept] = useState(value);
  if (kept !== value && !deepEqual(kept, value)) {
    setKept(value);
    return value;
  }
  return kept;
}
