import { addDays, addMonths, daysBetween } from '../rater/iso-date.ts';

/**
 * A policy period moved to start on another day with the same length, so its premium still fits it (a
 * non-premium change of dates). A period of whole months (a year, 18 months) stays whole months, so a year from
 * 1 March is still a year from 15 March across a 29 February; any other period keeps its number of days.
 */
export function movedPeriod(period: { effectiveDate: string; endDate: string }, effectiveDate: string): { effectiveDate: string; endDate: string } {
  const days = daysBetween(period.effectiveDate, period.endDate);
  const months = wholeMonths(period.effectiveDate, period.endDate);
  return { effectiveDate, endDate: months === null ? addDays(effectiveDate, days) : addMonths(effectiveDate, months) };
}

/** The number of months from one day to another when it is whole (same day of the month), else null. */
function wholeMonths(from: string, to: string): number | null {
  const months = (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
  return months > 0 && addMonths(from, months) === to ? months : null;
}
