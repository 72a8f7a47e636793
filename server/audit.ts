import type { Clock } from './clock.ts';
import type { Queryable } from './db/database.ts';

/** Appends to the audit log: who did what to which target, from where. */
export async function audit(
  db: Queryable,
  clock: Clock,
  entry: { actorUserId?: string | null; action: string; target?: string | null; detail?: Record<string, unknown>; address?: string | null },
): Promise<void> {
  await db.query(
    'INSERT INTO audit_log (at, actor_user_id, action, target, detail, address) VALUES ($1, $2, $3, $4, $5, $6)',
    [clock.now(), entry.actorUserId ?? null, entry.action, entry.target ?? null, entry.detail ? JSON.stringify(entry.detail) : null, entry.address ?? null],
  );
}
