import type { RatingResult } from '../../../engine/index.ts';

/**
 * The decision a quote carries when the product's referral rules hold for its risk (engine/rater/referrals.ts):
 * referred by the rater, not by a person, with every reason, so the underwriter sees why in the inbox and on
 * the quote. Null when no rule holds and the quote is offered.
 */
export function referralDecision(rating: RatingResult, at: Date) {
  if (rating.referrals.length === 0) return null;
  return {
    kind: 'referred', by: null, at: at.toISOString(),
    reason: rating.referrals.map((referral) => referral.reason).join(' '),
    rules: rating.referrals.map((referral) => referral.id),
  };
}
