import type { Clock } from '../clock.ts';
import { MFA_CODE_LENGTH, MFA_CODE_MAX_ATTEMPTS, MFA_CODE_TTL_MS } from '../constants.ts';
import type { Database, Queryable } from '../db/database.ts';
import { equalHashes, randomDigits, sha256 } from './secure-random.ts';

/** One-time codes (MFA by e-mail or text): 6 digits, valid 5 minutes, a few attempts, stored hashed. */
/** 'login' (sign-in), 'mfa-enrol' (confirming a new MFA channel), 'wf:{id}' (one-time-code workflow access). */
export type CodePurpose = 'login' | 'mfa-enrol' | `wf:${string}`;

export type CodeCheck = 'ok' | 'missing' | 'expired' | 'exhausted' | 'wrong';

function codeHash(userId: string, code: string): string {
  return sha256(`${userId}:${code}`);
}

/** Issues a new code and withdraws the user's earlier unused ones for the same purpose. */
export async function issueCode(db: Queryable, clock: Clock, userId: string, purpose: CodePurpose): Promise<string> {
  const code = randomDigits(MFA_CODE_LENGTH);
  const now = clock.now();
  await db.query(
    'UPDATE one_time_codes SET consumed_at = $3 WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL',
    [userId, purpose, now],
  );
  await db.query(
    `INSERT INTO one_time_codes (user_id, purpose, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [userId, purpose, codeHash(userId, code), now, new Date(now.getTime() + MFA_CODE_TTL_MS)],
  );
  return code;
}

/** Checks a code against the user's latest one; a match consumes it, a miss uses up one attempt. */
export async function checkCode(
  db: Database,
  clock: Clock,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<CodeCheck> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string; code_hash: string; expires_at: Date; attempts: number }>(
      `SELECT id, code_hash, expires_at, attempts FROM one_time_codes
       WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL
       ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [userId, purpose],
    );
    if (!row) return 'missing';
    const now = clock.now();
    if (new Date(row.expires_at).getTime() <= now.getTime()) return 'expired';
    if (row.attempts >= MFA_CODE_MAX_ATTEMPTS) return 'exhausted';
    if (equalHashes(row.code_hash, codeHash(userId, code))) {
      await tx.query('UPDATE one_time_codes SET consumed_at = $2 WHERE id = $1', [row.id, now]);
      return 'ok';
    }
    await tx.query('UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = $1', [row.id]);
    return 'wrong';
  });
}
