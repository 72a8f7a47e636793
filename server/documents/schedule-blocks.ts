import { formatDate, formatMoney, scheduleCharges, type Edition, type Schedule, type ScheduleCoverage } from '../../engine/index.ts';
import type { DocumentBlock } from './pdf-document.ts';

/** How a retroactive period reads on paper: full prior acts, or the date a period of years reaches back to. */
function retroText(coverage: ScheduleCoverage, edition: Edition): string {
  if (coverage.retroActivePeriod === undefined) return '-';
  if (coverage.retroActivePeriod === -1) return 'Full Prior Acts';
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
