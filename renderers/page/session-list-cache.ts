import { tokenStore } from '../session/api.ts';
import { readTokenClaims } from '../session/token-claims.ts';
import { ListCache } from './list-cache.ts';

/** Whose lists these are: the user and the account the session acts in. */
function sessionOwner(): string | null {
  const claims = readTokenClaims(tokenStore.getAccessToken());
  return claims ? `${claims.sub}/${claims.accountId ?? ''}` : null;
}

/** The app's one list cache, kept for the signed-in user and account. */
export const listCache = new ListCache(sessionOwner);
