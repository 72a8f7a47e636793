import { Decimal } from '../rater/decimal.ts';
import { daysBetween } from '../rater/iso-date.ts';

/**
 * The money of a policy's life after binding (spec 002 section 4 Policy actions; issue 'proration of
 * cancellations'): what a cancellation gives back. Premium is earned day by day over the policy term, so a
 * cancellation returns the share of the days not yet run; a flat cancellation (from inception) returns all
 * of it. Exact decimals, rounded to the cent half away from zero, the same on the server and in the page.
 */
export interface PolicyTerm {
  effectiveDate: string;
  endDate: string;
}

/** Days of cover in the term: the end date is the first day not covered. */
export function termDays(term: PolicyTerm): number {
  return daysBetween(term.effectiveDate, term.endDate);
}

/** Days of the term not yet run on `cancellationDate`, between 0 and the term. */
export function unearnedDays(term: PolicyTerm, cancellationDate: string): number {
  const total = termDays(term);
  return Math.min(total, Math.max(0, daysBetween(cancellationDate, term.endDate)));
}

/** The premium returned when cover ends on `cancellationDate`: premium x unearned days / term days. */
export function proRataReturnPremium(premium: string | number, term: PolicyTerm, cancellationDate: string): string {
  const total = termDays(term);
  if (total <= 0) return Decimal.ZERO.toFixed(2);
  return Decimal.from(premium).times(Decimal.from(unearnedDays(term, cancellationDate))).dividedBy(Decimal.from(total)).toFixed(2);
}

/** The premium kept when cover ends on `cancellationDate`. */
export function earnedPremium(premium: string | number, term: PolicyTerm, cancellationDate: string): string {
  return Decimal.from(premium).minus(Decimal.from(proRataReturnPremium(premium, term, cancellationDate))).toFixed(2);
}

/** A flat cancellation undoes the policy from inception: every penny comes back. */
export function flatCancelReturnPremium(premium: string | number): string {
  return Decimal.from(premium).toFixed(2);
}

/**
 * The premium an endorsement charges (positive) or returns (negative) for the rest of the term: the change of
 * the annual premium, pro rata for the days from the endorsement date to the end. A change on the first day
 * charges the whole difference; one on or after the end date charges nothing.
 */
export function endorsementPremiumChange(annualBefore: string | number, annualAfter: string | number, term: PolicyTerm, endorsementDate: string): string {
  const difference = Decimal.from(annualAfter).minus(Decimal.from(annualBefore));
  return proRataReturnPremium(difference.toFixed(2), term, endorsementDate);
}

/** The premium of an extended reporting period: a percentage of the policy's annual premium, to the cent. */
export function extendedReportingPremium(annualPremium: string | number, percentOfAnnualPremium: number): string {
  return Decimal.from(annualPremium).times(Decimal.from(percentOfAnnualPremium)).dividedBy(Decimal.from(100)).toFixed(2);
}

/** Two amounts of money added exactly, to the cent (a policy's premium and a change to it). */
export function plusMoney(amount: string | number, change: string | number): string {
  return Decimal.from(amount).plus(Decimal.from(change)).toFixed(2);
}
