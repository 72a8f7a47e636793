import type { FastifyRequest } from 'fastify';
import { HttpError, MESSAGES, forbidden, unauthorized } from '../http/http-error.ts';
import type { Caller, Services } from '../services.ts';

/** Loads who the user is now (role, account, permissions), so a deactivated user or a changed role counts at once. */
export async function loadCaller(services: Services, userId: string): Promise<Caller | null> {
  const [row] = await services.db.query<{
    id: string; email: string; status: string; account_id: string; account_type: string; edition: 'us' | 'uk';
    role_id: string; role_name: string; permissions: string[] | null;
  }>(
    `SELECT u.id, u.email, u.status, u.account_id, a.account_type, a.edition, u.role_id, r.name AS role_name,
            array_remove(array_agg(p.permission), NULL) AS permissions
     FROM users u
     JOIN accounts a ON a.id = u.account_id
     JOIN roles r ON r.id = u.role_id
     LEFT JOIN role_permissions p ON p.role_id = u.role_id
     WHERE u.id = $1
     GROUP BY u.id, a.account_type, a.edition, r.name`,
    [userId],
  );
  if (!row || row.status !== 'ACTIVE') return null;
  return {
    userId: row.id,
    email: row.email,
    accountId: row.account_id,
    accountType: row.account_type,
    edition: row.edition,
    roleId: row.role_id,
    roleName: row.role_name,
    permissions: new Set(row.permissions ?? []),
  };
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Sets request.caller from the bearer token, or fails with 401. */
export async function authenticate(services: Services, request: FastifyRequest): Promise<Caller> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const verified = await services.accessTokens.verify(token);
  if (!verified.ok) throw unauthorized(verified.reason === 'expired' ? MESSAGES.sessionExpired : MESSAGES.authenticationRequired);
  const caller = await loadCaller(services, verified.claims.sub);
  if (!caller) throw unauthorized(MESSAGES.sessionExpired);
  request.caller = caller;
  return caller;
}

export function requirePermission(caller: Caller, permission: string): void {
  if (!caller.permissions.has(permission)) throw forbidden();
}

/** The caller of an authenticated operation (the route layer guarantees it is set). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new HttpError(401, MESSAGES.authenticationRequired);
  return request.caller;
}
