import { scheduleTotalOf, sumLines, toMinor, type RaterDefinitions, type RatingResult, type Schedule } from '../../../engine/index.ts';
import type { Queryable } from '../../db/database.ts';
import { quoteScheduleOf, type ScheduledQuote } from './quote-schedule.ts';

/** What a policy's schedule reads of the policy (a policy row has these columns and more). */
export interface ScheduledPolicy {
  id: string;
  quote_id: string;
  premium: string;
  total_premium: string;
}

/** The name of the line that carries what changed the total after issue beyond the premium (taxes and fees on endorsements, excess layers). */
export const ADJUSTMENT_LINE_NAME = 'Adjustments after issue';

/**
 * A policy's schedule of record. At issue it is its bound quote's schedule, line for line. An endorsement
 * stores its own rating, whose coverages the schedule then lists. When the policy's money moved after issue
 * (an endorsement charged or returned pro rata, an extended reporting period, an excess layer), the premium is
 * the policy's premium now and whatever else moved the total is one line of its own, so the lines still add
 * up to the total the policy owes.
 */
export async function policyScheduleOf(db: Queryable, policy: ScheduledPolicy, rater: RaterDefinitions): Promise<Schedule> {
  const [quote] = await db.query<ScheduledQuote>(
    `SELECT q.rating, q.broker_fee::text AS broker_fee, q.additional_broker_fee::text AS additional_broker_fee, q.mga_fee::text AS mga_fee,
       q.request_data, q.product, q.edition, q.risk_state, q.industry_code, q.effective_date::text AS effective_date, q.agg_limit::text AS agg_limit,
       q.deductible::text AS deductible, q.waiting_period, q.retro_active_period, q.premium::text AS premium, q.currency
     FROM quotes q WHERE q.id = $1`,
    [policy.quote_id],
  );
  const issued = quoteScheduleOf(quote as ScheduledQuote, rater);
  const [latest] = await db.query<{ rating: Partial<RatingResult> | null }>(
    `SELECT rating FROM policy_revisions WHERE policy_id = $1 AND kind <> 'NON_PREMIUM' ORDER BY revision DESC LIMIT 1`,
    [policy.id],
  );
  const coverages = latest?.rating?.schedule?.coverages ?? issued.coverages;
  const premiumMinor = toMinor(policy.premium);
  const totalMinor = toMinor(policy.total_premium);
  if (premiumMinor === issued.premiumMinor && totalMinor === issued.totalMinor) return { ...issued, coverages };
  const adjustment = totalMinor - premiumMinor - sumLines(issued.fees) - sumLines(issued.taxes);
  const lines = {
    premiumMinor,
    fees: [...issued.fees, ...(adjustment !== 0 ? [{ name: ADJUSTMENT_LINE_NAME, amountMinor: adjustment }] : [])],
    taxes: issued.taxes,
  };
  return { ...issued, coverages, ...lines, totalMinor: scheduleTotalOf(lines) };
}
