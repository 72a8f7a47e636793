import { atom, type PrimitiveAtom } from 'jotai';
import type { createStore } from 'jotai';
import { errorForThrown, type ApiError } from '../../api/api-error.ts';

type Store = ReturnType<typeof createStore>;

export interface QueryState<T> {
  status: 'idle' | 'loading' | 'success' | 'error';
  data?: T;
  error?: ApiError;
  /** Epoch milliseconds of the last answer. */
  fetchedAt: number;
}

export interface Query<T> {
  atom: PrimitiveAtom<QueryState<T>>;
  /** Fetches unless a fresh answer is held or a fetch is running; `force` ignores freshness. */
  ensure(store: Store, force?: boolean): Promise<T | undefined>;
  reset(store: Store): void;
  /** Holds an answer the app already has (the server's reply to a change), as a fresh one. */
  put(store: Store, data: T): void;
}

const IDLE = { status: 'idle', fetchedAt: 0 } as const;

/**
 * A cached server answer in a jotai atom, fresh for `staleMs`: the few session reads (me, permissions,
 * flags) need no more than this, and it keeps them readable from outside React (sign-in, sign-out).
 */
export function createQuery<T>(fetcher: () => Promise<T>, staleMs: number, now: () => number = Date.now): Query<T> {
  const stateAtom = atom<QueryState<T>>(IDLE);
  let running: Promise<T | undefined> | null = null;
  let generation = 0;
  return {
    atom: stateAtom,
    ensure(store, force = false) {
      const state = store.get(stateAtom);
      if (running) return running;
      if (!force && state.status === 'success' && now() - state.fetchedAt < staleMs) return Promise.resolve(state.data);
      const mine = ++generation;
      store.set(stateAtom, { ...state, status: 'loading' });
      running = fetcher()
        .then((data) => {
          if (mine === generation) store.set(stateAtom, { status: 'success', data, fetchedAt: now() });
          return data;
        })
        .catch((error: unknown) => {
          if (mine === generation) store.set(stateAtom, { ...store.get(stateAtom), status: 'error', error: errorForThrown(error), fetchedAt: now() });
          return undefined;
        })
        .finally(() => {
          if (mine === generation) running = null;
        });
      return running;
    },
    reset(store) {
      generation += 1;
      running = null;
      store.set(stateAtom, IDLE);
    },
    put(store, data) {
      generation += 1;
      running = null;
      store.set(stateAtom, { status: 'success', data, fetchedAt: now() });
    },
  };
}
