/**
 * Where the client keeps its tokens. The refresh token lives in the session (sessionStorage) unless the user
 * ticked remember-this-device, in which case it is kept in persistent storage (localStorage) so it survives
 * a browser restart.
 */

export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  rememberDevice?: boolean;
}

export interface TokenStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  isRemembered(): boolean;
  setTokens(tokens: StoredTokens): void;
  clear(): void;
}

export function createMemoryTokenStore(initial?: StoredTokens): TokenStore {
  let tokens: StoredTokens | null = initial ?? null;
  return {
    getAccessToken: () => tokens?.accessToken ?? null,
    getRefreshToken: () => tokens?.refreshToken ?? null,
    isRemembered: () => tokens?.rememberDevice === true,
    setTokens: (next) => {
      tokens = { ...next, rememberDevice: next.rememberDevice ?? tokens?.rememberDevice ?? false };
    },
    clear: () => {
      tokens = null;
    },
  };
}

const ACCESS_KEY = 'auth.accessToken';
const REFRESH_KEY = 'auth.refreshToken';

/** Browser storage: access token per tab session; refresh token in session or, when remembered, local storage. */
export function createBrowserTokenStore(
  session: Storage = globalThis.sessionStorage,
  persistent: Storage = globalThis.localStorage,
): TokenStore {
  return {
    getAccessToken: () => session.getItem(ACCESS_KEY),
    getRefreshToken: () => session.getItem(REFRESH_KEY) ?? persistent.getItem(REFRESH_KEY),
    isRemembered: () => persistent.getItem(REFRESH_KEY) !== null,
    setTokens: ({ accessToken, refreshToken, rememberDevice }) => {
      const remember = rememberDevice ?? persistent.getItem(REFRESH_KEY) !== null;
      session.setItem(ACCESS_KEY, accessToken);
      if (remember) {
        persistent.setItem(REFRESH_KEY, refreshToken);
        session.removeItem(REFRESH_KEY);
      } else {
        session.setItem(REFRESH_KEY, refreshToken);
        persistent.removeItem(REFRESH_KEY);
      }
    },
    clear: () => {
      session.removeItem(ACCESS_KEY);
      session.removeItem(REFRESH_KEY);
      persistent.removeItem(REFRESH_KEY);
    },
  };
}

/** Seconds-since-epoch expiry of a JWT, read without verifying it (the server verifies). */
export function readTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}
