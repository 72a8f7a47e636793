import { formatDate, formatMoney, scheduleCharges, type Edition, type Schedule, type ScheduleCoverage } from '../../engine/index.ts';
import type { DocumentBlock } from './pdf-document.ts';

const FULL_PRIOR_ACTS = -1;

/** How a quote's retroactive period reads on paper: full prior acts, or a number of years. */
export function retroPeriodText(period: number | null | undefined): string {
  if (period === null || period === undefined) return '-';
  if (period === FULL_PRIOR_ACTS) return 'Full Prior Acts';
  return period === 1 ? '1 year' : `${period} years`;
}

/** How a coverage's retroactive period reads on paper: full prior acts, or the date its years reach back to. */
function retroText(coverage: ScheduleCoverage, edition: Edition): string {
  if (coverage.retroActivePeriod === FULL_PRIOR_ACTS) return retroPeriodText(FULL_PRIOR_ACTS);
  return coverage.retroActiveDate ? formatDate(coverage.retroActiveDate, edition.locale) : '-';
}

/** A schedule's coverages as a document table: each coverage with the values it was rated at. */
export function scheduleCoverageBlock(schedule: Schedule, edition: Edition): DocumentBlock {
  const money = (value: number) => formatMoney(value, edition);
  return {
    kind: 'table',
    columns: ['Coverage', 'Limit', edition.terms?.Retention ?? 'Retention', 'Waiting Period', 'Retroactive Date'],
    rows: schedule.coverages.map((coverage) => [
      coverage.label,
      money(coverage.limit),
      money(coverage.retention),
      coverage.waitingPeriod === undefined ? '-' : `${coverage.waitingPeriod} hours`,
      retroText(coverage, edition),
    ]),
  };
}

/**
 * A schedule's premium, each fee and each tax by name, and the total, as a document table. The amounts are
 * the schedule's own, so the lines printed add up to the total printed.
 */
export function scheduleChargesBlock(schedule: Schedule, edition: Edition): DocumentBlock {
  return {
    kind: 'table',
    columns: ['Description', 'Amount'],
    rows: scheduleCharges(schedule).map((charge) => [charge.name, formatMoney(Number(charge.amount), edition)]),
  };
}
