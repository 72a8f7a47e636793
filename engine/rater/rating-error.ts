import type { RatingRefusal, RatingRefusalCode } from './rating-types.ts';

/**
 * Thrown inside the rater where a quote cannot be rated, and turned into a RatingRefusal by rateQuote:
 * callers get `{ ok: false, code, reason }`, never a bare Error. The reason is a sentence a user can read.
 */
export class RatingError extends Error {
  readonly code: RatingRefusalCode;
  readonly field?: string;

  constructor(code: RatingRefusalCode, reason: string, field?: string) {
    super(reason);
    this.name = 'RatingError';
    this.code = code;
    this.field = field;
  }

  toRefusal(): RatingRefusal {
    return { ok: false, code: this.code, reason: this.message, ...(this.field ? { field: this.field } : {}) };
  }
}
