import type { Queryable } from '../../db/database.ts';
import { IN_FORCE } from './policy-transitions.ts';

// The renewal reminders' state is the policy's: the policy page reads it here, and the reminders' sweep
// (reminders/renewal/) sends only while it is ON, by the same SQL.

/** Whether a policy's renewal reminders go out, and if not why: the policy page shows it. */
export type RenewalReminderState = 'ON' | 'MUTED' | 'OPTED_OUT' | 'RENEWED' | 'NOT_IN_FORCE';

const IN_FORCE_SQL = IN_FORCE.map((status) => `'${status}'`).join(', ');

/**
 * The one rule, as SQL over the policy `p`, for both the sweep and the policy page. Renewed: the calendar ended it
 * RENEWED, or its renewal is bound as a binder or issued as a policy not voided or flat cancelled since (the
 * calendar's own test for RENEWED); an agent working on a renewal quote still gets the reminders.
 */
export const RENEWAL_REMINDER_STATE_SQL = `CASE
  WHEN p.status = 'RENEWED' OR EXISTS (
    SELECT 1 FROM quotes rq LEFT JOIN policies r ON r.quote_id = rq.id
    WHERE rq.renewal_of_policy_id = p.id AND (rq.status = 'BOUND' OR r.status NOT IN ('VOID', 'FLAT CANCELLED'))
  ) THEN 'RENEWED'
  WHEN p.status NOT IN (${IN_FORCE_SQL}) THEN 'NOT_IN_FORCE'
  WHEN p.renewal_opted_out_at IS NOT NULL THEN 'OPTED_OUT'
  WHEN p.renewal_reminders_muted THEN 'MUTED'
  ELSE 'ON' END`;

/** What the policy page says of a policy's renewal reminders: whether they go out, and when the last one did. */
export async function renewalReminderSummary(db: Queryable, policyId: string): Promise<{ renewalReminders: RenewalReminderState; lastRenewalReminderAt: string | null }> {
  const [row] = await db.query<{ state: RenewalReminderState; last_sent_at: Date | string | null }>(
    `SELECT ${RENEWAL_REMINDER_STATE_SQL} AS state, (SELECT max(r.sent_at) FROM renewal_reminders r WHERE r.policy_id = p.id) AS last_sent_at
     FROM policies p WHERE p.id = $1`,
    [policyId],
  );
  return {
    renewalReminders: row?.state ?? 'NOT_IN_FORCE',
    lastRenewalReminderAt: row?.last_sent_at ? new Date(row.last_sent_at).toISOString() : null,
  };
}

