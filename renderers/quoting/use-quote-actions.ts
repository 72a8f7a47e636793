import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { P250State } from '../../engine/index.ts';
import { isApiError } from '../../api/api-error.ts';
import { CART_REDIRECT_DELAY_MS, CART_REFRESH_NOTICE_DELAY_MS } from '../session/constants.ts';
import { run } from '../session/run.ts';
import { toaster } from '../shell/toaster.tsx';
import { quoteDestination } from './quote-destination.ts';
import { quoteRequestOf, type QuoteExtras } from './quote-request.ts';
import { QUOTE_FLOW_TEXTS, type FollowUp } from './quote-texts.ts';

interface QuoteActionsInput {
  accountId: string;
  teamId?: string | null;
  /** The submission the quotes are made for (the flow opened from a submission), if any. */
  submissionId?: string;
  areaBase: string;
  /** Paths of the area's pages, to know whether a quote has a page of its own. */
  pagePaths: readonly string[];
  current: () => P250State;
  currentExtras: () => QuoteExtras;
  /** Whether the security questions must be answered first (the product asks them and they are not all answered). */
  needsAnswers: () => boolean;
}

export interface QuoteActions {
  busy: FollowUp | undefined;
  /** The action waiting on the security questions (their dialog is open), or 'save' for the plain dialog. */
  asking: FollowUp | 'save' | undefined;
  cartOpen: boolean;
  cartCount: number | undefined;
  start: (action: FollowUp) => void;
  askQuestions: () => void;
  /** The security questions were saved: the waiting action goes on with the state after the answers. */
  answered: (state: P250State) => void;
  closeQuestions: () => void;
  closeCart: () => void;
  setCartCount: (count: number) => void;
  /** The cart's quotes were requested: after 2 s to the quotes list, and a refresh notice after 10 s. */
  requested: () => void;
}

/** The server's own words for a refusal (a 4xx), else the fallback. */
export const messageOf = (error: unknown, fallback: string) => (isApiError(error) && error.status > 0 && error.status < 500 ? error.message : fallback);

/**
 * The quote flow's actions (spec 002 sections 4 and 8): Quote Now creates the quote and opens it; Add to
 * List keeps a variation in the cart (the server's 5-quote limit message on 409); View List opens the
 * cart. Each asks the security questions first when they are not answered, and goes on after the save.
 */
export function useQuoteActions(input: QuoteActionsInput): QuoteActions {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<FollowUp>();
  const [asking, setAsking] = useState<FollowUp | 'save'>();
  const [cartOpen, setCartOpen] = useState(false);
  const [cartCount, setCartCount] = useState<number>();
  const pending = useRef<{ action: FollowUp; state: P250State }>(undefined);
  const latest = useRef(input);
  useLayoutEffect(() => {
    latest.current = input;
  });

  // The account's variations already in the cart, for the View List button.
  useEffect(() => {
    const controller = new AbortController();
    run('getQuoteCart', { query: { accountId: input.accountId }, signal: controller.signal })
      .then((cart) => setCartCount(cart.content.length))
      .catch(() => undefined);
    return () => controller.abort();
  }, [input.accountId]);

  const perform = useCallback(
    async (action: FollowUp, state: P250State) => {
      const { accountId, teamId, submissionId, areaBase, pagePaths, currentExtras } = latest.current;
      if (action === 'open-cart') {
        setCartOpen(true);
        return;
      }
      setBusy(action);
      const body = { ...quoteRequestOf(state, accountId, currentExtras(), teamId), ...(submissionId ? { submissionId } : {}) };
      try {
        if (action === 'quote-now') {
          const quote = await run('createQuote', { body });
          toaster.create({ type: 'success', title: QUOTE_FLOW_TEXTS.quoteCreated, description: quote.quoteNumber, closable: true });
          navigate(quoteDestination(pagePaths, areaBase, quote.id));
        } else {
          const cart = await run('addQuoteToCart', { body });
          setCartCount(cart.content.filter((quote) => quote.accountId === accountId).length);
          toaster.create({ type: 'success', title: QUOTE_FLOW_TEXTS.addedToList, closable: true });
        }
      } catch (error) {
        const fallback = action === 'quote-now' ? QUOTE_FLOW_TEXTS.quoteFailed : QUOTE_FLOW_TEXTS.addFailed;
        toaster.create({ type: 'error', title: messageOf(error, fallback), closable: true });
      } finally {
        setBusy(undefined);
      }
    },
    [navigate],
  );

  const start = useCallback(
    (action: FollowUp) => {
      if (latest.current.needsAnswers()) setAsking(action);
      else void perform(action, latest.current.current());
    },
    [perform],
  );

  const answered = useCallback(
    (state: P250State) => {
      if (asking && asking !== 'save') pending.current = { action: asking, state };
    },
    [asking],
  );

  const closeQuestions = useCallback(() => {
    setAsking(undefined);
    const next = pending.current;
    pending.current = undefined;
    if (next) void perform(next.action, next.state);
  }, [perform]);

  const requested = useCallback(() => {
    const { areaBase, pagePaths } = latest.current;
    setCartCount(0);
    setTimeout(() => navigate(quoteDestination(pagePaths, areaBase)), CART_REDIRECT_DELAY_MS);
    // Not tied to this page: the user is on the quotes list by then.
    setTimeout(() => toaster.create({ type: 'info', title: QUOTE_FLOW_TEXTS.refreshNotice, closable: true }), CART_REFRESH_NOTICE_DELAY_MS);
  }, [navigate]);

  return useMemo(
    () => ({
      busy,
      asking,
      cartOpen,
      cartCount,
      start,
      askQuestions: () => setAsking('save'),
      answered,
      closeQuestions,
      closeCart: () => setCartOpen(false),
      setCartCount,
      requested,
    }),
    [busy, asking, cartOpen, cartCount, start, answered, closeQuestions, requested],
  );
}
