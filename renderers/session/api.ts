/**
 * The app's one API client: openapi-fetch with the auth middleware of api/client.ts over the browser's
 * token storage. The client's events (session expired, server trouble) go to `sessionEvents`, which the
 * session effects turn into notices and toasts.
 */
import { createApiClient, type ApiClient } from '../../api/client.ts';
import type { RequestFailure } from '../../api/request-failure.ts';
import { createBrowserTokenStore, type StoredTokens, type TokenStore } from '../../api/token-store.ts';

type Listener = () => void;

/** A token store that says when its tokens change (sign-in, background refresh, clear). */
export interface ObservableTokenStore extends TokenStore {
  subscribe(listener: Listener): () => void;
}

export function observableTokenStore(inner: TokenStore): ObservableTokenStore {
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    getAccessToken: () => inner.getAccessToken(),
    getRefreshToken: () => inner.getRefreshToken(),
    isRemembered: () => inner.isRemembered(),
    setTokens(tokens: StoredTokens) {
      inner.setTokens(tokens);
      emit();
    },
    clear() {
      inner.clear();
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type SessionEvent =
  | { type: 'sessionExpired'; message: string | null }
  | { type: 'serverTrouble'; message: string }
  | { type: 'serverError'; message: string; failure: RequestFailure };

const eventListeners = new Set<(event: SessionEvent) => void>();

export const sessionEvents = {
  emit(event: SessionEvent) {
    eventListeners.forEach((listener) => listener(event));
  },
  subscribe(listener: (event: SessionEvent) => void) {
    eventListeners.add(listener);
    return () => {
      eventListeners.delete(listener);
    };
  },
};

export const tokenStore: ObservableTokenStore = observableTokenStore(createBrowserTokenStore());

export const api: ApiClient & { refresh(): Promise<boolean> } = createApiClient({
  tokens: tokenStore,
  events: {
    sessionExpired: (message) => sessionEvents.emit({ type: 'sessionExpired', message }),
    serverTrouble: (message) => sessionEvents.emit({ type: 'serverTrouble', message }),
    serverError: (message, failure) => sessionEvents.emit({ type: 'serverError', message, failure }),
  },
});
