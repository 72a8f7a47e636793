import { RatingError } from './rating-error.ts';
import type { RaterDefinitions, RatingInput } from './rating-types.ts';

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const isAmount = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * The shape of a rating input, checked before anything is looked up: a quote from an old client or a
 * hand-written request gets a sentence naming the field, not a TypeError from deep inside the rater.
 */
export function checkRatingInput(input: RatingInput, rater: RaterDefinitions): void {
  if (input === null || typeof input !== 'object') throw new RatingError('invalid-input', 'The rating input must be an object.');
  if (input.edition !== rater.edition) {
    throw new RatingError('invalid-input', `The quote is for the ${String(input.edition).toUpperCase()} edition but the rater holds the ${rater.edition.toUpperCase()} edition's tables.`, 'edition');
  }
  if (typeof input.product !== 'string' || !input.product) throw new RatingError('invalid-input', 'The product is missing.', 'product');
  if (typeof input.riskState !== 'string' || !input.riskState) throw new RatingError('invalid-input', 'The risk state is missing.', 'riskState');
  if (!/^\d{2,6}$/.test(String(input.industryCode ?? ''))) throw new RatingError('invalid-input', `Industry code ${String(input.industryCode)} is not 2 to 6 digits.`, 'industryCode');
  if (typeof input.effectiveDate !== 'string' || !ISO_DATE.test(input.effectiveDate)) {
    throw new RatingError('invalid-input', `The effective date ${String(input.effectiveDate)} is not a YYYY-MM-DD date.`, 'effectiveDate');
  }
  if (input.endDate !== undefined && input.endDate !== null) {
    if (typeof input.endDate !== 'string' || !ISO_DATE.test(input.endDate)) throw new RatingError('invalid-input', `The end date ${String(input.endDate)} is not a YYYY-MM-DD date.`, 'endDate');
    if (input.endDate <= input.effectiveDate) throw new RatingError('invalid-input', 'The end date must be after the effective date.', 'endDate');
  }
  if (!isAmount(input.revenue)) throw new RatingError('invalid-input', 'The revenue must be a number of at least 0.', 'revenue');
  if (!isAmount(input.aggLimit)) throw new RatingError('invalid-input', 'The limit must be a number of at least 0.', 'aggLimit');
  if (!isAmount(input.deductible)) throw new RatingError('invalid-input', 'The deductible must be a number of at least 0.', 'deductible');
  if (input.employees !== undefined && !isAmount(input.employees)) throw new RatingError('invalid-input', 'The number of employees must be a number of at least 0.', 'employees');
  if (input.coverages !== undefined && (input.coverages === null || typeof input.coverages !== 'object')) {
    throw new RatingError('invalid-input', 'The coverages must be an object keyed by coverage id.', 'coverages');
  }
  for (const [field, value] of Object.entries(input.irpm ?? {})) {
    if (value !== null && value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) {
      throw new RatingError('invalid-irpm', `The risk modifier for ${field} must be a number.`, `irpm.${field}`);
    }
  }
}
