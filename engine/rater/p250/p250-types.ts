import type { RetroOption } from '../../definitions/rater-types.ts';
import type { EditionId } from '../../editions/edition-types.ts';
import type { RatingOutcome } from '../rating-types.ts';

/** The preset number of a quote whose coverages were changed by hand (spec 002 section 4). */
export const CUSTOM_PRESET = -1;

/** A retroactive period: years before the effective date (-1 full prior acts) and, for years, the date it falls on. */
export interface RetroPeriod {
  value: number;
  /** YYYY-MM-DD, following the effective date; null for full prior acts. */
  asDate: string | null;
}

export interface P250CoverageOptions {
  limits?: number[];
  deductibles?: number[];
  waitingPeriods?: number[];
  retroActivePeriods?: RetroOption[];
}

export interface P250CoverageState {
  id: number;
  key: string;
  label: string;
  group: number;
  order: number;
  mandatory: boolean;
  locked: boolean;
  selected: boolean;
  limit?: number;
  deductible?: number;
  waitingPeriod?: number;
  retroActivePeriod?: RetroPeriod;
  options: P250CoverageOptions;
  /** For coverages with security questions: are they answered, and do the answers qualify. */
  answered?: boolean;
  valid?: boolean;
}

export interface P250Account {
  /** US state code (or UK nation code). */
  state: string;
  industryCode: string | number;
  revenue: number;
  employees?: number;
  agencyId?: string;
  securityQuestions?: Record<string, unknown>;
}

export interface P250Global {
  /** 1 BASIC, 2 POPULAR, 3 ELITE, 100+ an industry's or agency's own, -1 custom. */
  preset: number;
  limit: number;
  deductible: number;
  waitingPeriod: number;
  retroActivePeriod: RetroPeriod;
  effectiveDate: string;
  endDate: string;
  /** The coverage start window: 7 days back to 75 days ahead of today. */
  minEffectiveDate: string;
  maxEffectiveDate: string;
  /** 6 and 18 months after the effective date. */
  minEndDate: string;
  maxEndDate: string;
}

export interface P250PresetSummary {
  id: number;
  name: string;
  label: string;
}

export interface P250State {
  product: string;
  edition: EditionId;
  today: string;
  account: P250Account;
  global: P250Global;
  /** Keyed by the catalogue's numeric coverage id. */
  coverages: Record<number, P250CoverageState>;
  options: { limits: number[]; deductibles: number[]; waitingPeriods: number[]; retroActivePeriods: RetroOption[] };
  /** The presets this account can choose (standard, its industry's and its agency's). */
  presets: P250PresetSummary[];
  ui: {
    /** Counts premium recalculations (each change re-rates). */
    ratingRevision: number;
    /** A refused change leaves the state as it was and says why here, keyed by field ('effectiveDate', 'coverages.24.selected'). */
    errors: Record<string, string>;
  };
  /** The premium for the state as it is (a refusal when it cannot be rated). */
  rating: RatingOutcome;
}

export type P250CoverageField = 'selected' | 'limit' | 'deductible' | 'waitingPeriod' | 'retroActivePeriod';

export type P250Change =
  | { type: 'limit'; value: number }
  | { type: 'deductible'; value: number }
  | { type: 'waitingPeriod'; value: number }
  | { type: 'retroActivePeriod'; value: number }
  | { type: 'effectiveDate'; value: string }
  | { type: 'endDate'; value: string }
  | { type: 'preset'; value: number | string }
  | { type: 'securityQuestions'; value: Record<string, unknown> }
  | { type: 'coverage'; id: number; field: 'selected'; value: boolean }
  | { type: 'coverage'; id: number; field: Exclude<P250CoverageField, 'selected'>; value: number };

export interface CreateP250StateInput {
  /** The product code; P250 unless said (P250_S and other products with presets work the same). */
  product?: string;
  account: P250Account;
  /** YYYY-MM-DD: the start window and default dates are counted from it. */
  today: string;
  /** BASIC, POPULAR, ELITE or an industry's or agency's preset name; the product's default preset (2) otherwise. */
  presetName?: string;
  effectiveDate?: string;
}
