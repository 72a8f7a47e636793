import { addDays, addMonths, addYears } from '../iso-date.ts';
import type { RetroPeriod } from './p250-types.ts';

/** Spec 002 section 9: the coverage start window, default start and end date range. */
export const P250_DATE_RULES = {
  startDaysBack: 7,
  startDaysAhead: 75,
  defaultStartDaysAhead: 14,
  minEndMonths: 6,
  maxEndMonths: 18,
} as const;

export function effectiveDateBounds(today: string): { minEffectiveDate: string; maxEffectiveDate: string } {
  return { minEffectiveDate: addDays(today, -P250_DATE_RULES.startDaysBack), maxEffectiveDate: addDays(today, P250_DATE_RULES.startDaysAhead) };
}

export function defaultEffectiveDate(today: string): string {
  return addDays(today, P250_DATE_RULES.defaultStartDaysAhead);
}

/** The end date one year later, and its bounds 6 and 18 months after the effective date. */
export function endDatesFor(effectiveDate: string): { endDate: string; minEndDate: string; maxEndDate: string } {
  return {
    endDate: addYears(effectiveDate, 1),
    minEndDate: addMonths(effectiveDate, P250_DATE_RULES.minEndMonths),
    maxEndDate: addMonths(effectiveDate, P250_DATE_RULES.maxEndMonths),
  };
}

/**
 * What the editor says under a date outside its bounds; the server answers the same words for a request
 * sent around the editor (quote-date-faults.ts). The spec gives the bounds (section 9), not a text.
 */
export const P250_DATE_TEXTS = {
  effectiveDate: (min: string, max: string) => `The effective date must be between ${min} and ${max}.`,
  endDate: (min: string, max: string) => `The end date must be between ${min} and ${max}.`,
} as const;

/** A retro period of whole years falls that many years before the effective date; full prior acts (-1) has no date. */
export function retroPeriod(value: number, effectiveDate: string): RetroPeriod {
  return { value, asDate: value > 0 ? addYears(effectiveDate, -value) : null };
}
