import type { RatingTableDefinition } from '../definitions/rater-types.ts';
import { Decimal } from './decimal.ts';
import { RatingError } from './rating-error.ts';
import type { RaterDefinitions } from './rating-types.ts';
import { tableInForce } from './table-versions.ts';

/** The seven characteristics an underwriter may modify a risk by (spec 002 section 3, 'Underwriting support'). */
export const IRPM_CHARACTERISTICS = [
  'companyStability',
  'dcmPractices',
  'drPlanning',
  'securityAwareness',
  'financialCondition',
  'managementExperience',
  'managementOfContent',
] as const;

export type IrpmCharacteristic = (typeof IRPM_CHARACTERISTICS)[number];

/**
 * The IRPM modifier: 1 plus the sum of the percentages divided by 100, to 10 decimals (spec 002 section 5).
 * Percentages may carry decimals (2.5); they are read through their decimal text, so 0.1 + 0.2 is 0.3.
 */
export function irpmModifier(percentages: Record<string, number | string | null | undefined> = {}): string {
  const sum = Decimal.sum(
    Object.values(percentages)
      .filter((value): value is number | string => value !== null && value !== undefined && value !== '')
      .map((value) => Decimal.from(value)),
  );
  return Decimal.ONE.plus(sum.dividedBy(Decimal.HUNDRED)).toFixed(10);
}

export interface IrpmBound {
  characteristic: string;
  min: number;
  max: number;
}

/** The bounds of each characteristic from an irpm-bounds rating table. */
export function irpmBoundsOf(table: RatingTableDefinition): IrpmBound[] {
  return table.rows.map((row) => ({ characteristic: row.characteristic!, min: row.min!, max: row.max! }));
}

/**
 * 'Invalid' for each characteristic outside its min and max (spec 002 section 5), or not a number;
 * an unknown characteristic is invalid too. An empty answer means the field is valid.
 */
export function validateIrpm(percentages: Record<string, unknown>, bounds: IrpmBound[]): Record<string, 'Invalid'> {
  const byName = new Map(bounds.map((bound) => [bound.characteristic, bound]));
  const errors: Record<string, 'Invalid'> = {};
  for (const [field, value] of Object.entries(percentages)) {
    if (value === null || value === undefined || value === '') continue;
    const bound = byName.get(field);
    if (!bound || !Decimal.isDecimal(value)) {
      errors[field] = 'Invalid';
      continue;
    }
    const decimal = Decimal.from(value as number | string);
    if (decimal.compare(Decimal.from(bound.min)) < 0 || decimal.compare(Decimal.from(bound.max)) > 0) errors[field] = 'Invalid';
  }
  return errors;
}

/**
 * The IRPM bounds a quote of a product is checked against: the product's irpm-bounds table in force on
 * the effective date. An unknown product or no table in force is a RatingError.
 */
export function irpmBoundsFor(rater: RaterDefinitions, product: string, effectiveDate: string): IrpmBound[] {
  const definition = rater.products.get(product);
  if (!definition) throw new RatingError('unknown-product', `There is no product ${product} in the ${rater.edition.toUpperCase()} edition.`, 'product');
  return irpmBoundsOf(tableInForce(rater, definition.rating.irpmBounds, effectiveDate));
}
