import { useCallback, useRef, useState } from 'react';
import { applyP250Change, type P250Change, type P250State, type RaterDefinitions } from '../../engine/index.ts';
import { NO_EXTRAS, type QuoteExtras } from './quote-request.ts';

export interface QuoteEditor {
  state: P250State;
  extras: QuoteExtras;
  /** Applies a change through the engine's clamping rules and re-rate; answers the new state at once (for follow-ups). */
  apply: (change: P250Change) => P250State;
  /** The latest state, also between a change and the next render. */
  current: () => P250State;
  setExtras: (update: (extras: QuoteExtras) => QuoteExtras) => void;
  currentExtras: () => QuoteExtras;
}

/**
 * The editor's state: every change goes through applyP250Change (the engine clamps, re-rates and says
 * why a change is refused), synchronously, so the premium is new in the very render that shows the change.
 */
export function useQuoteEditor(rater: RaterDefinitions, initial: P250State): QuoteEditor {
  const [state, setState] = useState(initial);
  const [extras, setExtrasState] = useState<QuoteExtras>(NO_EXTRAS);
  const latest = useRef({ state: initial, extras: NO_EXTRAS as QuoteExtras });
  const apply = useCallback(
    (change: P250Change) => {
      const next = applyP250Change(latest.current.state, change, rater);
      latest.current.state = next;
      setState(next);
      return next;
    },
    [rater],
  );
  const setExtras = useCallback((update: (extras: QuoteExtras) => QuoteExtras) => {
    latest.current.extras = update(latest.current.extras);
    setExtrasState(latest.current.extras);
  }, []);
  const current = useCallback(() => latest.current.state, []);
  const currentExtras = useCallback(() => latest.current.extras, []);
  return { state, extras, apply, current, setExtras, currentExtras };
}
