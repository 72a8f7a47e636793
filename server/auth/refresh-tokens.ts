import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { REMEMBERED_REFRESH_TTL_MS, SESSION_REFRESH_TTL_MS, WORKFLOW_SESSION_TTL_MS } from '../constants.ts';
import type { Database, Queryable } from '../db/database.ts';
import { randomToken, sha256 } from './secure-random.ts';

/**
 * Opaque refresh tokens, stored as SHA-256 hashes (a leaked table cannot be replayed). One family per
 * sign-in; each refresh marks its token used and issues the next in the family. Presenting a used token
 * means it was copied: the whole family is revoked, so both the thief and the user must sign in again.
 */

/** What a refresh continues besides the user: the account entered (switch or jump) and the workflow. */
export interface RefreshContext {
  accountId?: string | null;
  workflowId?: string | null;
}

export interface IssuedRefreshToken {
  token: string;
  familyId: string;
  expiresInSeconds: number;
  rememberDevice: boolean;
}

export type RotateResult =
  | { ok: true; userId: string; next: IssuedRefreshToken; context: RefreshContext }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' }
  | { ok: false; reason: 'reused'; userId: string; familyId: string };

function ttlFor(rememberDevice: boolean): number {
  return rememberDevice ? REMEMBERED_REFRESH_TTL_MS : SESSION_REFRESH_TTL_MS;
}

export async function issueRefreshToken(
  db: Queryable,
  clock: Clock,
  userId: string,
  rememberDevice: boolean,
  familyId: string = randomUUID(),
  context: RefreshContext = {},
  /** A workflow session ends at a fixed time: rotation keeps the family's first expiry instead of extending it. */
  fixedExpiry?: Date,
): Promise<IssuedRefreshToken> {
  const token = randomToken();
  const now = clock.now();
  const ttl = fixedExpiry ? Math.max(0, fixedExpiry.getTime() - now.getTime())
    : context.workflowId ? WORKFLOW_SESSION_TTL_MS : ttlFor(rememberDevice);
  await db.query(
    `INSERT INTO refresh_tokens (family_id, user_id, token_hash, remember_device, issued_at, expires_at, context_account_id, workflow_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [familyId, userId, sha256(token), rememberDevice, now, new Date(now.getTime() + ttl), context.accountId ?? null, context.workflowId ?? null],
  );
  return { token, familyId, expiresInSeconds: Math.floor(ttl / 1000), rememberDevice };
}

async function revokeFamily(db: Queryable, familyId: string, at: Date): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL', [familyId, at]);
}

export async function rotateRefreshToken(db: Database, clock: Clock, token: string): Promise<RotateResult> {
  // The transaction returns (not throws) on reuse, so the family's revocation is committed.
  return db.transaction(async (tx): Promise<RotateResult> => {
    const [row] = await tx.query<{
      id: string; family_id: string; user_id: string; remember_device: boolean;
      expires_at: Date; used_at: Date | null; revoked_at: Date | null; context_account_id: string | null; workflow_id: string | null;
    }>(
      `SELECT id, family_id, user_id, remember_device, expires_at, used_at, revoked_at, context_account_id, workflow_id
       FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
      [sha256(token)],
    );
    if (!row) return { ok: false, reason: 'unknown' };
    const now = clock.now();
    if (row.used_at) {
      await revokeFamily(tx, row.family_id, now);
      return { ok: false, reason: 'reused', userId: row.user_id, familyId: row.family_id };
    }
    if (row.revoked_at) return { ok: false, reason: 'revoked' };
    if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    await tx.query('UPDATE refresh_tokens SET used_at = $2 WHERE id = $1', [row.id, now]);
    const context = { accountId: row.context_account_id, workflowId: row.workflow_id };
    const fixedExpiry = row.workflow_id ? new Date(row.expires_at) : undefined;
    const next = await issueRefreshToken(tx, clock, row.user_id, row.remember_device, row.family_id, context, fixedExpiry);
    return { ok: true, userId: row.user_id, next, context };
  });
}

/** Ends the sign-in the token belongs to (log-out). Unknown tokens are ignored. */
export async function revokeRefreshToken(db: Queryable, clock: Clock, token: string): Promise<string | null> {
  const [row] = await db.query<{ family_id: string; user_id: string }>(
    'SELECT family_id, user_id FROM refresh_tokens WHERE token_hash = $1',
    [sha256(token)],
  );
  if (!row) return null;
  await revokeFamily(db, row.family_id, clock.now());
  return row.user_id;
}

/** Ends every sign-in of a user (deactivation, password change). */
export async function revokeUserSessions(db: Queryable, clock: Clock, userId: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, clock.now()]);
}
