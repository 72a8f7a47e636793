import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { randomToken, sha256 } from './secure-random.ts';

/**
 * One-time links of a user (confirm an invitation, reset a password, reset MFA) and one-time tokens that open
 * a session in an account (jump, switch). Only the SHA-256 of a token is stored; a token works once and
 * until it expires. Issuing a new link withdraws the user's earlier unused links of the same purpose.
 */
export type LinkPurpose = 'INVITE' | 'PASSWORD_RESET' | 'MFA_RESET' | 'ENTER';

export interface LinkRow {
  id: string;
  user_id: string;
  purpose: LinkPurpose;
  account_id: string | null;
  kind: string | null;
  expires_at: Date;
  used_at: Date | null;
}

export type LinkLookup = { status: 'ok'; link: LinkRow } | { status: 'unknown' | 'expired' | 'used' };

export async function issueLink(
  db: Queryable,
  clock: Clock,
  link: { userId: string; purpose: LinkPurpose; ttlMs: number; accountId?: string; kind?: string },
): Promise<string> {
  const token = randomToken();
  const now = clock.now();
  if (link.purpose !== 'ENTER') {
    await db.query(
      'UPDATE auth_links SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
      [link.userId, link.purpose, now],
    );
  }
  await db.query(
    `INSERT INTO auth_links (user_id, purpose, token_hash, account_id, kind, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [link.userId, link.purpose, sha256(token), link.accountId ?? null, link.kind ?? null, now, new Date(now.getTime() + link.ttlMs)],
  );
  return token;
}

/** True when a link of this purpose was issued to the user within the last `withinMs` (no mail bombing). */
export async function issuedRecently(db: Queryable, clock: Clock, userId: string, purpose: LinkPurpose, withinMs: number): Promise<boolean> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM auth_links WHERE user_id = $1 AND purpose = $2 AND created_at > $3',
    [userId, purpose, new Date(clock.now().getTime() - withinMs)],
  );
  return (row?.n ?? 0) > 0;
}

function judge(row: LinkRow | undefined, clock: Clock): LinkLookup {
  if (!row) return { status: 'unknown' };
  if (row.used_at) return { status: 'used' };
  if (new Date(row.expires_at).getTime() <= clock.now().getTime()) return { status: 'expired' };
  return { status: 'ok', link: row };
}

const LINK_COLUMNS = 'id, user_id, purpose, account_id, kind, expires_at, used_at';

/** Looks a link up without using it (the check-link calls). */
export async function findLink(db: Queryable, clock: Clock, token: string, purpose: LinkPurpose): Promise<LinkLookup> {
  const [row] = await db.query<LinkRow>(
    `SELECT ${LINK_COLUMNS} FROM auth_links WHERE token_hash = $1 AND purpose = $2`,
    [sha256(token), purpose],
  );
  return judge(row, clock);
}

/** Uses a link up; call inside the transaction that does what the link allows. */
export async function consumeLink(tx: Queryable, clock: Clock, token: string, purpose: LinkPurpose): Promise<LinkLookup> {
  const [row] = await tx.query<LinkRow>(
    `SELECT ${LINK_COLUMNS} FROM auth_links WHERE token_hash = $1 AND purpose = $2 FOR UPDATE`,
    [sha256(token), purpose],
  );
  const lookup = judge(row, clock);
  if (lookup.status === 'ok') await tx.query('UPDATE auth_links SET used_at = $2 WHERE id = $1', [lookup.link.id, clock.now()]);
  return lookup;
}
