/**
 * Sign-in completion and sign-out, shared by every page that receives tokens (login, confirm user,
 * password reset, sign-up, join, loading, one-time code) and by /logout.
 */
import { api, tokenStore } from './api.ts';
import { KEPT_PREFERENCE_KEY } from './constants.ts';
import { currentUserQuery, resetSessionState, sessionNoticeAtom, sessionStore, type CurrentUser } from './store.ts';

export interface ReceivedTokens {
  accessToken: string;
  refreshToken: string;
  rememberDevice?: boolean;
}

/**
 * Stores the tokens of a successful sign-in. With remember-device the refresh token goes to persistent
 * storage, else to the tab's session. The previous user's cached data is dropped.
 */
export function completeSignIn(tokens: ReceivedTokens, rememberDevice = tokens.rememberDevice === true): void {
  resetSessionState();
  sessionStore.set(sessionNoticeAtom, null);
  tokenStore.setTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, rememberDevice });
}

/** The signed-in user, fetched now if not fresh; undefined when it cannot be read. */
export function loadCurrentUser(force = false): Promise<CurrentUser | undefined> {
  return currentUserQuery.ensure(sessionStore, force);
}

/**
 * Ends the session: the server forgets the refresh token, and local and session storage are cleared
 * except the one kept preference (the theme). Resolves even when the server cannot be reached: the
 * browser side is signed out regardless.
 */
export async function signOut(): Promise<void> {
  const refreshToken = tokenStore.getRefreshToken();
  tokenStore.clear();
  resetSessionState();
  clearStorageExcept(KEPT_PREFERENCE_KEY);
  if (refreshToken) {
    try {
      await api.POST('/api/auth/v1/logout', { body: { refreshToken } });
    } catch {
      // Already signed out here; the refresh token expires on its own.
    }
  }
}

export function clearStorageExcept(keptKey: string): void {
  for (const storage of [localStorage, sessionStorage]) {
    try {
      const kept = storage.getItem(keptKey);
      storage.clear();
      if (kept !== null) storage.setItem(keptKey, kept);
    } catch {
      // Storage blocked: nothing to clear.
    }
  }
}
