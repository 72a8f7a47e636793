import type { RatingTableDefinition } from '../definitions/rater-types.ts';
import { RatingError } from './rating-error.ts';
import type { RaterDefinitions } from './rating-types.ts';

/**
 * The version of a logical table in force on a date: the one with the latest effective date on or before
 * it. A quote effective 2026-12-31 rates with the 2026 base rates, one effective 2027-01-01 with the 2027
 * ones, whatever the date the quote is made on.
 */
export function tableInForce(rater: RaterDefinitions, table: string, effectiveDate: string): RatingTableDefinition {
  const versions = rater.tables.get(table);
  if (!versions?.length) throw new RatingError('no-table-in-force', `There is no rating table ${table}.`);
  const found = versions.find((version) => version.effectiveDate <= effectiveDate);
  if (!found) {
    const first = versions[versions.length - 1]!.effectiveDate;
    throw new RatingError('no-table-in-force', `No version of rating table ${table} is in force on ${effectiveDate}; the first takes effect on ${first}.`, 'effectiveDate');
  }
  return found;
}

/** How the trace and tableVersions name a table version: 'rating-us-base-rate-2027@1'. */
export function versionLabel(table: RatingTableDefinition): string {
  return `${table.id}@${table.version}`;
}
