import { useState } from 'react';

/**
 * Text typed into a numeric input, kept apart from the stored number: '3.' or '1,2' are not numbers
 * yet, and re-rendering them from the value would eat the user's keystroke. The draft follows the
 * value whenever the value changes from outside (a rule's set effect, a reset).
 */
export function useDraftText(value: unknown, format: (value: number) => string, parse: (text: string) => number | undefined) {
  const [draft, setDraft] = useState(() => (typeof value === 'number' ? format(value) : ''));
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    if (parse(draft) !== value) setDraft(typeof value === 'number' ? format(value) : '');
  }
  return [draft, setDraft] as const;
}
