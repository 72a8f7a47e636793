import { effectiveDateBounds, endDatesFor, P250_DATE_TEXTS } from './p250-dates.ts';

export interface QuoteDateFault {
  field: 'effectiveDate' | 'endDate';
  message: string;
}

/**
 * The date rules the P250 editor holds a quote to (spec 002 section 9), for a request however it was sent:
 * the effective date within the coverage start window (7 days back to 75 ahead of today) and the end date
 * 6 to 18 months after the effective date (no end date means the default, a year later). As in the editor,
 * the window holds a new date only: terms re-sent with the date a quote already has (`keptEffectiveDate`) are
 * not refused because that date has since left the window. The faults come in the editor's order and words.
 */
export function quoteDateFaults(
  request: { effectiveDate: string; endDate?: string | null },
  today: string,
  keptEffectiveDate?: string,
): QuoteDateFault[] {
  const faults: QuoteDateFault[] = [];
  const { effectiveDate, endDate } = request;
  if (effectiveDate !== keptEffectiveDate) {
    const { minEffectiveDate, maxEffectiveDate } = effectiveDateBounds(today);
    if (effectiveDate < minEffectiveDate || effectiveDate > maxEffectiveDate) {
      faults.push({ field: 'effectiveDate', message: P250_DATE_TEXTS.effectiveDate(minEffectiveDate, maxEffectiveDate) });
    }
  }
  if (endDate) {
    const { minEndDate, maxEndDate } = endDatesFor(effectiveDate);
    if (endDate < minEndDate || endDate > maxEndDate) faults.push({ field: 'endDate', message: P250_DATE_TEXTS.endDate(minEndDate, maxEndDate) });
  }
  return faults;
}
