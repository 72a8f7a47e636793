import { addDays } from '../../../engine/index.ts';
import { RENEWAL_WINDOW_DAYS } from '../../constants.ts';
import type { Queryable } from '../../db/database.ts';

/**
 * The moves no user makes: days pass. An issued policy becomes ACTIVE on its effective day and EXPIRED on
 * its end date (RENEWED when its renewal was issued), a pending cancellation becomes CANCELLED on its day, a Ready quote
 * not bound by its expiry (QUOTE_OFFER_DAYS after it was rated) becomes EXPIRED, a binder not issued by its expiry
 * becomes BINDER EXPIRED, and a policy in force opens for renewal RENEWAL_WINDOW_DAYS before it ends.
 * Each move is written to the record's history with no user. Idempotent: settling the same day twice
 * changes nothing the second time, so two servers (or two requests) may run it at once.
 */
export async function settleCalendar(tx: Queryable, today: string, now: Date): Promise<void> {
  await tx.query(
    `WITH due AS (
       SELECT id, status AS from_status,
         CASE WHEN status = 'CANCEL PENDING' THEN 'CANCELLED'
           WHEN end_date <= $1::date THEN CASE WHEN EXISTS (
             SELECT 1 FROM quotes rq JOIN policies r ON r.quote_id = rq.id
             WHERE rq.renewal_of_policy_id = policies.id AND r.status NOT IN ('VOID', 'FLAT CANCELLED')
           ) THEN 'RENEWED' ELSE 'EXPIRED' END
           ELSE 'ACTIVE' END AS to_status
       FROM policies
       WHERE (status = 'ISSUED' AND effective_date <= $1::date)
          OR (status = 'ACTIVE' AND end_date <= $1::date)
          OR (status = 'CANCEL PENDING' AND cancellation_date <= $1::date)
       FOR UPDATE
     ), moved AS (
       UPDATE policies p SET status = due.to_status, modified_at = $2 FROM due WHERE p.id = due.id
       RETURNING p.id, due.from_status, due.to_status
     )
     INSERT INTO policy_events (policy_id, from_status, to_status, action, at) SELECT id, from_status, to_status, 'calendar', $2 FROM moved`,
    [today, now],
  );
  await tx.query(
    `UPDATE policies SET is_open_for_renewal = (status IN ('ISSUED', 'ACTIVE') AND end_date <= $1::date AND renewal_opted_out_at IS NULL)
     WHERE is_open_for_renewal IS DISTINCT FROM (status IN ('ISSUED', 'ACTIVE') AND end_date <= $1::date AND renewal_opted_out_at IS NULL)
       AND (is_open_for_renewal OR status IN ('ISSUED', 'ACTIVE'))`,
    [addDays(today, RENEWAL_WINDOW_DAYS)],
  );
  await tx.query(
    `WITH due AS (SELECT id, expires_on FROM quotes WHERE status = 'READY' AND expires_on < $1::date FOR UPDATE),
     moved AS (UPDATE quotes q SET status = 'EXPIRED', modified_at = $2 FROM due WHERE q.id = due.id RETURNING q.id, due.expires_on)
     INSERT INTO quote_events (quote_id, from_status, to_status, action, detail, at)
       SELECT id, 'READY', 'EXPIRED', 'expire', jsonb_build_object('expiresOn', expires_on::text), $2 FROM moved`,
    [today, now],
  );
  await tx.query(
    `WITH due AS (SELECT id FROM quotes WHERE status = 'BOUND' AND binder_expires_on < $1::date FOR UPDATE),
     moved AS (UPDATE quotes q SET status = 'BINDER EXPIRED', modified_at = $2 FROM due WHERE q.id = due.id RETURNING q.id)
     INSERT INTO quote_events (quote_id, from_status, to_status, action, at) SELECT id, 'BOUND', 'BINDER EXPIRED', 'calendar', $2 FROM moved`,
    [today, now],
  );
}

/** Whether a policy in force with these dates is open for renewal on `today`. */
export function openForRenewal(endDate: string, today: string, optedOut: boolean): boolean {
  return !optedOut && endDate <= addDays(today, RENEWAL_WINDOW_DAYS);
}
