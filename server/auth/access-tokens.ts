import { SignJWT, jwtVerify, errors } from 'jose';
import type { Clock } from '../clock.ts';
import { ACCESS_TOKEN_TTL_MS } from '../constants.ts';

const ISSUER = 'cyber-console';
const AUDIENCE = 'cyber-console';

/** What an access token says (spec 000 section 3: account type, subscriber type, token type, realm, scopes). */
export interface AccessClaims {
  sub: string;
  accountId: string;
  accountType: string;
  subscriberType: string;
  tokenType: 'ACCESS';
  realm: 'TEAM' | 'ACCOUNT';
  scopes: string[];
  /** Set on sessions opened by one-time-code workflow access (spec 000 /validate/{workflowId}). */
  workflowId?: string;
  /**
   * The session (refresh-token family) the token belongs to. Checked on every request, so log-out, a
   * detected refresh-token reuse or a password reset ends the access token at once, not when it expires.
   */
  sid: string;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

export interface AccessTokens {
  issue(claims: Omit<AccessClaims, 'tokenType'>): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
  readonly ttlSeconds: number;
}

export function createAccessTokens(secret: Uint8Array, clock: Clock): AccessTokens {
  const ttlSeconds = Math.floor(ACCESS_TOKEN_TTL_MS / 1000);
  return {
    ttlSeconds,
    issue({ sub, ...rest }) {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ ...rest, tokenType: 'ACCESS' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          clockTolerance: 0,
        });
        if (payload.tokenType !== 'ACCESS' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
          return { ok: false, reason: 'invalid' };
        }
        return {
          ok: true,
          claims: {
            sub: payload.sub,
            accountId: String(payload.accountId),
            accountType: String(payload.accountType),
            subscriberType: String(payload.subscriberType),
            tokenType: 'ACCESS',
            realm: payload.realm === 'TEAM' ? 'TEAM' : 'ACCOUNT',
            scopes: Array.isArray(payload.scopes) ? payload.scopes.map(String) : [],
            sid: payload.sid,
            ...(typeof payload.workflowId === 'string' ? { workflowId: payload.workflowId } : {}),
          },
        };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
