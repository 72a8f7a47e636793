import type { FastifyRequest } from 'fastify';
import { HttpError, MESSAGES, unauthorized } from '../http/http-error.ts';
import type { Caller, Services } from '../services.ts';
import { apiKeyHeaderOf, authenticateApiKey } from './api-key-auth.ts';
import { resolveSessionContext, type SessionContext } from './session-context.ts';

/** What an access token says about the session besides the user. */
export interface TokenContext {
  accountId?: string;
  workflowId?: string;
  /** The refresh-token family: a revoked family ends its access tokens at once. */
  sessionId: string;
}

/**
 * Loads who the user is now (role, account, permissions), so a deactivated user or a changed role counts at
 * once. `context` is what the token says: the account entered (switch or jump), the workflow and the
 * session; an account the user can no longer reach, or a session that was ended, ends the request.
 */
/** The permissions of role `r`, as an array (empty for a role without any). */
const PERMISSIONS_OF_ROLE = 'ARRAY(SELECT p.permission FROM role_permissions p WHERE p.role_id = r.id AND p.permission IS NOT NULL)';

export async function loadCaller(services: Services, userId: string, context: TokenContext): Promise<Caller | null> {
  // The home role's name, scopes and permissions come in the same round trip: most calls are made in the
  // caller's home account, and this runs before every authenticated operation.
  const [row] = await services.db.query<{
    id: string; email: string; status: string; account_id: string; account_type: string; edition: 'us' | 'uk';
    role_id: string; mfa_type: string; enforce_mfa: boolean; session_live: boolean;
    role_name: string | null; token_scopes: string[] | null; permissions: string[] | null;
  }>(
    `SELECT u.id, u.email, u.status, u.account_id, a.account_type, a.edition, u.role_id, u.mfa_type, a.enforce_mfa,
            (SELECT count(*) > 0 AND bool_and(rt.revoked_at IS NULL) FROM refresh_tokens rt
             WHERE rt.family_id = $2::uuid AND rt.user_id = u.id) AS session_live,
            r.name AS role_name, r.token_scopes,
            ${PERMISSIONS_OF_ROLE} AS permissions
     FROM users u JOIN accounts a ON a.id = u.account_id LEFT JOIN roles r ON r.id = u.role_id WHERE u.id = $1`,
    [userId, context.sessionId],
  );
  if (!row || row.status !== 'ACTIVE' || !row.session_live) return null;
  let session: SessionContext = {
    accountId: row.account_id, accountType: row.account_type, edition: row.edition, subscriberType: row.account_type,
    roleId: row.role_id, entry: 'HOME', ghosting: false,
  };
  let enforceMfa = row.enforce_mfa;
  if (context.accountId && context.accountId !== row.account_id) {
    const entered = await resolveSessionContext(services.db, userId, context.accountId);
    if (!entered) return null;
    session = entered;
    if (!enforceMfa && row.mfa_type === 'NONE') {
      const [account] = await services.db.query<{ enforce_mfa: boolean }>('SELECT enforce_mfa FROM accounts WHERE id = $1', [entered.accountId]);
      enforceMfa = account?.enforce_mfa === true;
    }
  }
  let workflowFlow: string | null = null;
  if (context.workflowId) {
    const [workflow] = await services.db.query<{ flow: string }>('SELECT flow FROM workflows WHERE id = $1 AND user_id = $2', [context.workflowId, userId]);
    if (!workflow) return null;
    workflowFlow = workflow.flow;
  }
  const role =
    session.roleId === row.role_id
      ? row.role_name === null ? undefined : { name: row.role_name, token_scopes: row.token_scopes, permissions: row.permissions }
      : await roleOf(services, session.roleId);
  if (!role) return null;
  return {
    userId: row.id,
    email: row.email,
    accountId: session.accountId,
    accountType: session.accountType,
    edition: session.edition,
    roleId: session.roleId,
    roleName: role.name,
    permissions: new Set(role.permissions ?? []),
    homeAccountId: row.account_id,
    subscriberType: session.subscriberType,
    ghosting: session.ghosting,
    scopes: role.token_scopes ?? [],
    workflowId: context.workflowId ?? null,
    workflowFlow,
    sessionId: context.sessionId,
    mfaPending: enforceMfa && row.mfa_type === 'NONE',
  };
}

/** A role's name, token scopes and permissions (the role of an account the caller entered, not their home one). */
async function roleOf(services: Services, roleId: string) {
  const [role] = await services.db.query<{ name: string; token_scopes: string[] | null; permissions: string[] | null }>(
    `SELECT r.name, r.token_scopes, ${PERMISSIONS_OF_ROLE} AS permissions FROM roles r WHERE r.id = $1`,
    [roleId],
  );
  return role;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Sets request.caller from the bearer token (or an `ApiKey` credential, see api-key-auth.ts), or fails with 401. */
export async function authenticate(services: Services, request: FastifyRequest): Promise<Caller> {
  const apiKey = apiKeyHeaderOf(request);
  if (apiKey !== null) return authenticateApiKey(services, request, apiKey);
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const verified = await services.accessTokens.verify(token);
  if (!verified.ok) throw unauthorized(verified.reason === 'expired' ? MESSAGES.sessionExpired : MESSAGES.authenticationRequired);
  const { claims } = verified;
  const caller = await loadCaller(services, claims.sub, { accountId: claims.accountId, workflowId: claims.workflowId, sessionId: claims.sid });
  if (!caller) throw unauthorized(MESSAGES.sessionExpired);
  request.caller = caller;
  return caller;
}

/** The caller of an authenticated operation (the route layer guarantees it is set). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new HttpError(401, MESSAGES.authenticationRequired);
  return request.caller;
}
