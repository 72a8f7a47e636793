import type { Clock } from '../clock.ts';
import {
  ACCOUNT_SLOWDOWN_AFTER,
  ACCOUNT_SLOWDOWN_MAX_MS,
  ACCOUNT_SLOWDOWN_STEP_MS,
  ADDRESS_FAILURE_LIMIT,
  PAIR_FAILURE_LIMIT,
  THROTTLE_LOCK_MS,
  THROTTLE_WINDOW_MS,
  WORKFLOW_ADDRESS_FAILURE_LIMIT,
} from '../constants.ts';
import type { Queryable } from '../db/database.ts';

/**
 * Failed attempts counted in a table, so every server instance sees the same counts:
 * - 'address': sign-in failures from one client address, over any accounts (password spraying);
 * - 'account-address': failures for one account (the e-mail typed, known or not) from one address;
 * - 'account': failures for one account from anywhere. It never locks: it only slows the answers down, so
 *   someone else's failures cannot keep the real user out;
 * - 'workflow-address': wrong one-time workflow codes from one address.
 * Reaching a limit within the window locks the key for the lock period; the counter then starts again.
 */
export type ThrottleScope = 'account' | 'address' | 'account-address' | 'workflow-address';

const LIMITS: Record<ThrottleScope, number> = {
  address: ADDRESS_FAILURE_LIMIT,
  'account-address': PAIR_FAILURE_LIMIT,
  account: Number.POSITIVE_INFINITY,
  'workflow-address': WORKFLOW_ADDRESS_FAILURE_LIMIT,
};

/** The key of an (account, address) pair. */
export function pairKey(email: string, address: string): string {
  return `${email}|${address}`;
}

/** Seconds until the key may try again, or 0 when it is not locked. */
export async function lockedFor(db: Queryable, clock: Clock, scope: ThrottleScope, key: string): Promise<number> {
  const [row] = await db.query<{ locked_until: Date | null }>(
    'SELECT locked_until FROM auth_throttle WHERE scope = $1 AND key = $2',
    [scope, key],
  );
  if (!row?.locked_until) return 0;
  const remaining = new Date(row.locked_until).getTime() - clock.now().getTime();
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
}

/** Failures of the key within the current window. */
export async function failuresOf(db: Queryable, clock: Clock, scope: ThrottleScope, key: string): Promise<number> {
  const [row] = await db.query<{ failures: number; window_started_at: Date }>(
    'SELECT failures, window_started_at FROM auth_throttle WHERE scope = $1 AND key = $2',
    [scope, key],
  );
  if (!row) return 0;
  return new Date(row.window_started_at).getTime() > clock.now().getTime() - THROTTLE_WINDOW_MS ? row.failures : 0;
}

/**
 * How long to hold an answer for an account with this many recent failures: nothing up to the threshold,
 * then doubling to the cap. Every answer waits the same (right password or not), so the wait tells nothing.
 */
export function slowdownMs(accountFailures: number): number {
  if (accountFailures < ACCOUNT_SLOWDOWN_AFTER) return 0;
  return Math.min(ACCOUNT_SLOWDOWN_MAX_MS, ACCOUNT_SLOWDOWN_STEP_MS * 2 ** (accountFailures - ACCOUNT_SLOWDOWN_AFTER));
}

/** Counts one failure; returns true when this failure locked the key. Atomic under concurrent requests. */
export async function recordFailure(db: Queryable, clock: Clock, scope: ThrottleScope, key: string): Promise<boolean> {
  const now = clock.now();
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const [row] = await db.query<{ failures: number }>(
    `INSERT INTO auth_throttle AS t (scope, key, failures, window_started_at) VALUES ($1, $2, 1, $3::timestamptz)
     ON CONFLICT (scope, key) DO UPDATE SET
       failures = CASE WHEN t.window_started_at <= $4::timestamptz THEN 1 ELSE t.failures + 1 END,
       window_started_at = CASE WHEN t.window_started_at <= $4::timestamptz THEN $3::timestamptz ELSE t.window_started_at END
     RETURNING failures`,
    [scope, key, now, windowStart],
  );
  if (!row || row.failures < LIMITS[scope]) return false;
  await db.query(
    `UPDATE auth_throttle SET locked_until = $3, failures = 0, window_started_at = $4 WHERE scope = $1 AND key = $2`,
    [scope, key, new Date(now.getTime() + THROTTLE_LOCK_MS), now],
  );
  return true;
}

/** A successful sign-in clears the counts it owns (the address keeps its count: it may be spraying). */
export async function clearFailures(db: Queryable, scope: ThrottleScope, key: string): Promise<void> {
  await db.query('DELETE FROM auth_throttle WHERE scope = $1 AND key = $2', [scope, key]);
}
