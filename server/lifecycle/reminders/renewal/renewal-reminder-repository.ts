import { RENEWAL_REMINDER_LEAD_DAYS } from '../../../constants.ts';
import type { Queryable } from '../../../db/database.ts';
import { reminderWindows } from '../invoice/reminder-schedule.ts';
import { RENEWAL_REMINDER_STATE_SQL as STATE_SQL } from '../../policies/renewal-reminder-state.ts';
import { IN_FORCE } from '../../policies/policy-transitions.ts';
import type { ReminderRecipient } from './renewal-reminder-mail.ts';

const IN_FORCE_SQL = IN_FORCE.map((status) => `'${status}'`).join(', ');

/**
 * Who is reminded: the policy's agent while they can sign in; else the agency's primary contact among its users;
 * else the contact on the agency's profile. None of them: no reminder (nobody to tell).
 */
const RECIPIENT_SQL = `LEFT JOIN LATERAL (
    SELECT c.email, c.first_name, c.kind FROM (
      SELECT 1 AS rank, u.email, u.first_name, 'AGENT' AS kind, u.created_at FROM users u
      WHERE u.id = p.agent_user_id AND u.status = 'ACTIVE' AND u.removed_at IS NULL
      UNION ALL
      SELECT 2, u.email, u.first_name, 'AGENCY_CONTACT', u.created_at FROM users u
      WHERE u.account_id = p.agency_id AND u.primary_contact AND u.status = 'ACTIVE' AND u.removed_at IS NULL
      UNION ALL
      SELECT 3, o.contact_email, o.contact_first_name, 'AGENCY_CONTACT', o.created_at FROM organisation_profiles o
      WHERE o.account_id = p.agency_id AND o.contact_email IS NOT NULL AND o.removed_at IS NULL
    ) c ORDER BY c.rank, c.created_at LIMIT 1
  ) rc ON true`;

/** A reminder claimed for sending, with what its mail says. */
export interface ClaimedReminder {
  id: string;
  policyId: string;
  policyNumber: string;
  companyName: string;
  agencyName: string;
  edition: 'us' | 'uk';
  endDate: string;
  totalPremium: string;
  leadDays: number;
  recipient: ReminderRecipient;
}

interface CandidateRow {
  id: string;
  policy_number: string;
  company_name: string;
  agency_name: string;
  edition: 'us' | 'uk';
  end_date: string;
  total_premium: string;
  lead_days: number;
  email: string;
  first_name: string | null;
  kind: ReminderRecipient['kind'];
}

/**
 * Claims up to `limit` reminders due on `today` and not sent or claimed yet, in one transaction: the policies are
 * locked FOR UPDATE SKIP LOCKED (a policy another server is claiming, or a user is changing, waits for the next
 * sweep), and each claim inserts the (policy, lead time) row or takes over a lapsed claim; a row sent or claimed
 * by another server is left alone. Due: the latest lead time whose day has come before the end date (one missed,
 * the server down that day or the policy muted then, is not sent late: the next says the same, nearer the end).
 */
export async function claimDueReminders(tx: Queryable, today: string, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedReminder[]> {
  // A reminder L days ahead is due while the end date lies within L days, and not yet within the next lead time.
  const windows = reminderWindows(today, RENEWAL_REMINDER_LEAD_DAYS.map((days) => -days));
  const rows = await tx.query<CandidateRow>(
    `WITH w (lead_days, ends_after, ends_by) AS (SELECT * FROM unnest($1::int[], $2::date[], $3::date[]))
     SELECT p.id, p.policy_number, coalesce(p.named_insured, a.name) AS company_name, ag.name AS agency_name, p.edition,
       p.end_date::text AS end_date, p.total_premium::text AS total_premium, w.lead_days, rc.email, rc.first_name, rc.kind
     FROM policies p
       JOIN w ON p.end_date <= w.ends_by AND (w.ends_after IS NULL OR p.end_date > w.ends_after)
       JOIN accounts a ON a.id = p.account_id
       JOIN accounts ag ON ag.id = p.agency_id
       ${RECIPIENT_SQL}
     WHERE p.status IN (${IN_FORCE_SQL}) AND p.end_date > $4::date AND (${STATE_SQL}) = 'ON' AND rc.email IS NOT NULL
       AND NOT EXISTS (
         SELECT 1 FROM renewal_reminders r WHERE r.policy_id = p.id AND r.lead_days = w.lead_days
           AND (r.sent_at IS NOT NULL OR r.claimed_until > $5)
       )
     ORDER BY p.end_date, p.policy_number
     LIMIT $6
     FOR UPDATE OF p SKIP LOCKED`,
    [windows.map((window) => -window.offsetDays), windows.map((window) => window.dueAfter), windows.map((window) => window.dueBy), today, now, limit],
  );
  const claimed: ClaimedReminder[] = [];
  for (const row of rows) {
    const [claim] = await tx.query<{ id: string }>(
      `INSERT INTO renewal_reminders (policy_id, lead_days, end_date, recipient, claimed_until) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (policy_id, lead_days) DO UPDATE SET end_date = EXCLUDED.end_date, recipient = EXCLUDED.recipient, claimed_until = EXCLUDED.claimed_until
         WHERE renewal_reminders.sent_at IS NULL AND (renewal_reminders.claimed_until IS NULL OR renewal_reminders.claimed_until <= $6)
       RETURNING id`,
      [row.id, row.lead_days, row.end_date, row.email, leaseUntil, now],
    );
    if (!claim) continue;
    claimed.push({
      id: claim.id, policyId: row.id, policyNumber: row.policy_number, companyName: row.company_name, agencyName: row.agency_name,
      edition: row.edition, endDate: row.end_date, totalPremium: row.total_premium, leadDays: row.lead_days,
      recipient: { email: row.email, firstName: row.first_name, kind: row.kind },
    });
  }
  return claimed;
}

export async function markReminderSent(db: Queryable, id: string, at: Date): Promise<void> {
  await db.query('UPDATE renewal_reminders SET sent_at = $2, claimed_until = NULL WHERE id = $1', [id, at]);
}

/** A mail that could not be sent gives its claim back: the next sweep tries again. */
export async function releaseReminder(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE renewal_reminders SET claimed_until = NULL WHERE id = $1 AND sent_at IS NULL', [id]);
}
