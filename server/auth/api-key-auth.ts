import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { unauthorized } from '../http/http-error.ts';
import type { Caller, Services } from '../services.ts';
import { randomAlphanumeric } from './random-text.ts';
import { equalHashes, sha256 } from './secure-random.ts';
import { resolveSessionContext } from './session-context.ts';

/**
 * API keys (spec 001 sections 3 and 7): `Authorization: ApiKey <keyId>.<secret>` authenticates a request as
 * the key's organisation, without a person signing in. The key is looked up on every request, so a deleted
 * or regenerated key is refused from that moment. What a key may call is bounded twice: by the permissions
 * below (no user, role, key, webhook or definition administration, no operation without a permission such
 * as the signed-in user's own profile), and by what the person who made the key may do in that organisation
 * now (a key of someone who left, or lost the role, stops working or shrinks with them).
 */
export const API_KEY_PERMISSIONS: ReadonlySet<string> = new Set([
  'account:read', 'account:write', 'quote:read', 'quote:write', 'policy:read', 'claim:read', 'claim:write',
  'team:read', 'reference:read', 'definitions:read',
]);

export const API_KEY_ID_PREFIX = 'ck_';
export const API_KEY_ID_LENGTH = 20;
export const API_KEY_SECRET_LENGTH = 40;

export const API_KEY_MESSAGES = {
  invalid: 'The API key is not valid.',
  ownerInactive: 'The API key belongs to a user who can no longer sign in.',
} as const;

const SCHEME = /^ApiKey\s+(\S*)$/i;
const CREDENTIAL = new RegExp(`^(${API_KEY_ID_PREFIX}[A-Za-z0-9]{${API_KEY_ID_LENGTH}})\\.([A-Za-z0-9]{${API_KEY_SECRET_LENGTH}})$`);

export function newApiKeyId(): string {
  return API_KEY_ID_PREFIX + randomAlphanumeric(API_KEY_ID_LENGTH);
}

/** A new secret and what is stored of it. */
export function newApiKeySecret(): { secret: string; hash: string } {
  const secret = randomAlphanumeric(API_KEY_SECRET_LENGTH);
  return { secret, hash: sha256(secret) };
}

/** What a client sends after `ApiKey `. */
export function apiKeyCredential(keyId: string, secret: string): string {
  return `${keyId}.${secret}`;
}

/** The key a request was made with (also when its secret was refused), for the activity record. */
export interface ApiKeyUse {
  apiKeyId: string;
  keyId: string;
  keyName: string;
  accountId: string;
}

const uses = new WeakMap<FastifyRequest, ApiKeyUse>();

export function apiKeyUseOf(request: FastifyRequest): ApiKeyUse | undefined {
  return uses.get(request);
}

/** The credential of an `ApiKey` Authorization header, '' when the header uses that scheme wrongly, null for any other scheme. */
export function apiKeyHeaderOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? SCHEME.exec(header) : null;
  return match ? match[1]! : null;
}

interface KeyRow {
  id: string;
  key_id: string;
  name: string;
  account_id: string;
  secret_hash: string;
  created_by: string;
  status: string;
  email: string;
  home_account_id: string;
}

/** The caller of a request made with an API key, or 401. */
export async function authenticateApiKey(services: Services, request: FastifyRequest, credential: string): Promise<Caller> {
  const match = CREDENTIAL.exec(credential);
  if (!match) throw unauthorized(API_KEY_MESSAGES.invalid);
  const [, keyId, secret] = match as unknown as [string, string, string];
  const [key] = await services.db.query<KeyRow>(
    `SELECT k.id, k.key_id, k.name, k.account_id, k.secret_hash, k.created_by, u.status, u.email, u.account_id AS home_account_id
     FROM api_keys k JOIN users u ON u.id = k.created_by WHERE k.key_id = $1`,
    [keyId],
  );
  if (!key) throw unauthorized(API_KEY_MESSAGES.invalid);
  // Recorded from here on, refused or not: the organisation sees a revoked secret still in use.
  uses.set(request, { apiKeyId: key.id, keyId: key.key_id, keyName: key.name, accountId: key.account_id });
  if (!equalHashes(sha256(secret), key.secret_hash)) throw unauthorized(API_KEY_MESSAGES.invalid);
  if (key.status !== 'ACTIVE') throw unauthorized(API_KEY_MESSAGES.ownerInactive);
  const session = await resolveSessionContext(services.db, key.created_by, key.account_id, { allowJump: false });
  if (!session) throw unauthorized(API_KEY_MESSAGES.ownerInactive);
  const permissions = await rolePermissions(services.db, session.roleId);
  await services.db.query('UPDATE api_keys SET last_used_at = $2 WHERE id = $1', [key.id, services.clock.now()]);
  const caller: Caller = {
    userId: key.created_by,
    email: key.email,
    accountId: session.accountId,
    accountType: session.accountType,
    edition: session.edition,
    roleId: session.roleId,
    roleName: permissions.roleName,
    permissions: new Set(permissions.granted.filter((permission) => API_KEY_PERMISSIONS.has(permission))),
    homeAccountId: key.home_account_id,
    subscriberType: session.subscriberType,
    ghosting: false,
    // No token scopes: a key is never an admin or operator session.
    scopes: [],
    workflowId: null,
    workflowFlow: null,
    sessionId: key.id,
    mfaPending: false,
    apiKey: { id: key.id, keyId: key.key_id },
  };
  request.caller = caller;
  return caller;
}

async function rolePermissions(db: Queryable, roleId: string): Promise<{ roleName: string; granted: string[] }> {
  const [role] = await db.query<{ name: string; permissions: string[] | null }>(
    `SELECT r.name, array_remove(array_agg(p.permission), NULL) AS permissions
     FROM roles r LEFT JOIN role_permissions p ON p.role_id = r.id WHERE r.id = $1 GROUP BY r.id, r.name`,
    [roleId],
  );
  return { roleName: role?.name ?? '', granted: role?.permissions ?? [] };
}
