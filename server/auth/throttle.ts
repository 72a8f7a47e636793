import type { Clock } from '../clock.ts';
import {
  ACCOUNT_FAILURE_LIMIT,
  ADDRESS_FAILURE_LIMIT,
  THROTTLE_LOCK_MS,
  THROTTLE_WINDOW_MS,
} from '../constants.ts';
import type { Queryable } from '../db/database.ts';

/**
 * Failed sign-ins counted per account (the e-mail typed, known or not) and per client address, in a table so
 * every server instance sees the same counts. Reaching the limit within the window locks the key for the
 * lock period; the counter then starts again.
 */
export type ThrottleScope = 'account' | 'address';

const LIMITS: Record<ThrottleScope, number> = {
  account: ACCOUNT_FAILURE_LIMIT,
  address: ADDRESS_FAILURE_LIMIT,
};

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

/** A successful sign-in clears the account's count (the address keeps its count). */
export async function clearFailures(db: Queryable, scope: ThrottleScope, key: string): Promise<void> {
  await db.query('DELETE FROM auth_throttle WHERE scope = $1 AND key = $2', [scope, key]);
}
