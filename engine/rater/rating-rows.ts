import type { RatingRow, RatingTableDefinition } from '../definitions/rater-types.ts';
import { Decimal } from './decimal.ts';
import { RatingError } from './rating-error.ts';

/** A row found in a table, with the name the trace shows for it. */
export interface FoundRow {
  row: RatingRow;
  name: string;
}

const grouped = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function found(row: RatingRow, fallback: string): FoundRow {
  return { row, name: row.row ?? fallback };
}

/** The industry class of a code: the longest matching prefix, else the table's default class. */
export function industryClassOf(table: RatingTableDefinition, industryCode: string): FoundRow {
  let best: RatingRow | undefined;
  for (const row of table.rows) {
    if (row.prefix !== undefined && industryCode.startsWith(row.prefix) && (!best || row.prefix.length > best.prefix!.length)) best = row;
  }
  if (best) return found(best, `prefix ${best.prefix} -> class ${best.class}`);
  if (table.defaultClass) return { row: { class: table.defaultClass }, name: `default class ${table.defaultClass}` };
  throw new RatingError('industry-not-eligible', `Industry code ${industryCode} has no rating class.`, 'industryCode');
}

/** The base-rate row of a class and revenue: the band with revenueFrom <= revenue < revenueTo (open above when null). */
export function baseRateRow(table: RatingTableDefinition, industryClass: string, revenue: number): FoundRow {
  const row = table.rows.find(
    (candidate) => candidate.class === industryClass && candidate.revenueFrom! <= revenue && (candidate.revenueTo === null || candidate.revenueTo === undefined || revenue < candidate.revenueTo),
  );
  if (!row) throw new RatingError('no-rate', `There is no base rate for class ${industryClass} at revenue ${grouped(revenue)}.`, 'revenue');
  const band = `${grouped(row.revenueFrom!)}-${row.revenueTo === null || row.revenueTo === undefined ? 'up' : grouped(row.revenueTo)}`;
  return found(row, `class ${industryClass}, revenue ${band}`);
}

/** Base premium of a base-rate row: the band's premium plus its rate for each million of revenue above the band's start. */
export function basePremiumOf(row: RatingRow, revenue: number): Decimal {
  const above = Decimal.from(revenue - row.revenueFrom!).dividedBy(Decimal.from(1_000_000));
  return Decimal.from(row.premium!).plus(Decimal.from(row.ratePerMillion ?? 0).times(above));
}

/** A row keyed by an option value (limit, retention, waiting hours, retro years); no row is a refusal. */
export function valueRow(table: RatingTableDefinition, value: number, field: string, what: string): FoundRow {
  const row = table.rows.find((candidate) => candidate.value === value);
  if (!row) throw new RatingError('no-rate', `There is no ${what} factor for ${grouped(value)} in ${table.title}.`, field);
  return found(row, `${field} ${grouped(value)}`);
}

/** A row keyed by region, falling back to the '*' row. */
export function regionRow(table: RatingTableDefinition, region: string, field = 'riskState'): FoundRow | undefined {
  const row = table.rows.find((candidate) => candidate.region === region) ?? table.rows.find((candidate) => candidate.region === '*');
  if (!row) return undefined;
  void field;
  return found(row, row.region === '*' ? `other regions (${region})` : `region ${region}`);
}

/** A row keyed by product code, falling back to '*'. */
export function productRow(table: RatingTableDefinition, product: string): FoundRow {
  const row = table.rows.find((candidate) => candidate.product === product) ?? table.rows.find((candidate) => candidate.product === '*');
  if (!row) throw new RatingError('no-rate', `There is no product factor for ${product} in ${table.title}.`, 'product');
  return found(row, `product ${row.product}`);
}

/** The loading of one coverage. */
export function coverageRow(table: RatingTableDefinition, coverage: number, key: string): FoundRow {
  const row = table.rows.find((candidate) => candidate.coverage === coverage);
  if (!row) throw new RatingError('no-rate', `There is no loading for coverage ${coverage} (${key}) in ${table.title}.`, `coverages.${coverage}`);
  return found(row, `coverage ${coverage} ${key}`);
}
