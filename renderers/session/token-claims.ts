/** What the access token says (spec 000 section 3), read without verifying it: the server verifies. */
export interface TokenClaims {
  sub: string;
  /** The account the token acts in (its own, or the one switched or jumped to). */
  accountId?: string;
  accountType?: string;
  subscriberType?: string;
  tokenType?: string;
  realm?: 'TEAM' | 'ACCOUNT';
  scopes: string[];
  exp?: number;
}

export function readTokenClaims(token: string | null): TokenClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as Partial<TokenClaims>;
    if (typeof claims.sub !== 'string') return null;
    return { ...claims, sub: claims.sub, scopes: Array.isArray(claims.scopes) ? claims.scopes.map(String) : [] };
  } catch {
    return null;
  }
}
