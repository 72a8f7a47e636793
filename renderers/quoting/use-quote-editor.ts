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
  /** Something was changed since the editor opened. */
  dirty: boolean;
}

/**
 * The editor's state: every change goes through applyP250Change (the engine clamps, re-rates and says
 * why a change is refused), synchronously, so the premium is new in the very render that shows the change.
 */
export function useQuoteEditor(rater: RaterDefinitions, initial: P250State, initialExtras: QuoteExtras = NO_EXTRAS): QuoteEditor {
  const [state, setState] = useState(initial);
  const [extras, setExtrasState] = useState<QuoteExtras>(initialExtras);
  const latest = useRef({ state: initial, extras: initialExtras });
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
  // Changed since it opened: any change re-rates, and the extras are replaced whole when they change.
  const dirty = state.ui.ratingRevision !== initial.ui.ratingRevision || extras !== initialExtras;
  return { state, extras, apply, current, setExtras, currentExtras, dirty };
}
