/**
 * The rater: products, coverages and rating tables are definitions (definitions/rater/); this is the
 * pure code that prices a quote from them, with a step-by-step trace, the same in the browser, on the
 * server and in tests. Money is exact (BigInt fixed point), never binary floating point.
 */
export { rateQuote, scheduleCoveragesOfRequest } from './rate-quote.ts';
export { raterDefinitionsFrom, raterDefinitionsOf } from './rater-definitions.ts';
export type {
  CoverageRequest,
  RatingInput,
  RatingResult,
  RatingRefusal,
  RatingRefusalCode,
  RatingOutcome,
  RaterDefinitions,
  TraceStep,
} from './rating-types.ts';
export { RatingError } from './rating-error.ts';
export {
  QUOTE_FEE_NAMES,
  SCHEDULE_LINE_NAMES,
  SURPLUS_TAX_NAMES,
  scheduleCharges,
  minorToDecimalText,
  scheduleTotalOf,
  sumLines,
  toMinor,
  withQuoteFees,
  type Schedule,
  type ScheduleCoverage,
  type ScheduleLine,
  type ScheduleCharge,
} from './schedule.ts';
export { Decimal } from './decimal.ts';
export { tableInForce, versionLabel } from './table-versions.ts';
export { irpmModifier, irpmBoundsOf, irpmBoundsFor, validateIrpm, IRPM_CHARACTERISTICS, type IrpmBound, type IrpmCharacteristic } from './irpm.ts';
export { coverageValidity, type CoverageValidity } from './coverage-validity.ts';
export {
  checkProductEligibility,
  endorsementEligibility,
  STATE_NOT_SUPPORTED,
  NOT_AVAILABLE_FOR_INDUSTRY_OR_STATE,
  type EndorsementAvailability,
  type RaterTerms,
} from './eligibility.ts';
export { securityCredits, normalizeAnswer } from './security-credits.ts';
export { addDays, addMonths, addYears, daysBetween, isIsoDate } from './iso-date.ts';
export { createP250State, P250_DEFAULTS } from './p250/create-p250-state.ts';
export { applyP250Change } from './p250/apply-p250-change.ts';
export { p250RatingInput } from './p250/p250-rating-input.ts';
export { p250StateOfRequest, type StoredQuoteRequest, type StoredCoverageRequest } from './p250/p250-state-of-request.ts';
export { clampToOptions } from './clamp-option.ts';
export { publicRelationsShare, DEFAULT_PUBLIC_RELATIONS_SHARE } from './p250/public-relations-share.ts';
export { effectiveDateBounds, endDatesFor, defaultEffectiveDate, retroPeriod, P250_DATE_RULES, P250_DATE_TEXTS } from './p250/p250-dates.ts';
export { quoteDateFaults, type QuoteDateFault } from './p250/quote-date-faults.ts';
export { presetsFor, findPreset } from './p250/p250-presets.ts';
export {
  CUSTOM_PRESET,
  type P250State,
  type P250Change,
  type P250CoverageState,
  type P250CoverageField,
  type P250Account,
  type P250Global,
  type P250PresetSummary,
  type RetroPeriod,
  type CreateP250StateInput,
} from './p250/p250-types.ts';
