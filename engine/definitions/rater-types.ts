/**
 * The rater's definitions (definitions/rater/): products, the coverage catalogue, rating tables, presets
 * and sample risks. Each kind has a meta-schema in engine/meta/; these types are what the rater may rely
 * on once a document has passed it. Amounts and factors are JSON numbers as written by the author; the
 * rater reads them through their decimal text, never adding them as binary floating point.
 */
import type { JsonLogic } from './json-types.ts';

interface RaterDefinitionBase {
  id: string;
  version: number;
  title?: string;
  description?: string;
  /** For staff only (why it is so, the spec it follows); no screen draws it. */
  notes?: string;
}

/** The option a coverage can be given: its own limit, deductible (retention/excess), waiting period, retroactive period. */
export type CoverageOption = 'limit' | 'deductible' | 'waitingPeriod' | 'retroActivePeriod';

export interface CoverageGroup {
  group: number;
  label: string;
}

export interface CatalogueCoverage {
  /** The number the P250 quote state keys coverages by (23 is CONTINGENT_SYSTEM_FAILURE). */
  id: number;
  key: string;
  group: number;
  order: number;
  label: string;
  description?: string;
  /** For staff only (why it is so, the spec it follows); no screen draws it. */
  notes?: string;
  mandatory: boolean;
  /** Shown but never changed by a user (group 1, ransom). */
  locked: boolean;
  /** false where an edition does not sell the coverage (an overlay sets it). */
  available: boolean;
  options: CoverageOption[];
  /** The security questions whose answers decide whether the coverage may be chosen. */
  securityQuestions?: string[];
  /** json-logic over the security answers: the coverage is valid when it holds (only once its questions are answered). */
  validWhen?: unknown;
  /** A change of the global retroactive period is copied to this coverage. */
  retroLinked?: boolean;
  /** How the coverage's limit is set when not chosen: the aggregate, or a share rule (public relations). */
  limitRule?: 'aggregate' | 'public-relations-share';
}

export interface CoverageCatalogueDefinition extends RaterDefinitionBase {
  kind: 'coverage-catalogue';
  groups: CoverageGroup[];
  coverages: CatalogueCoverage[];
  /** Public relations share: a fixed amount in some states, else a percentage of the limit. */
  publicRelationsShare?: { fixedAmount: number; fixedRegions: string[]; percentOfLimit: number };
}

export interface RetroOption {
  /** Years before the effective date; -1 is full prior acts. */
  value: number;
  label: string;
}

export interface ProductOptions {
  limits: number[];
  deductibles: number[];
  waitingPeriods?: number[];
  retroActivePeriods?: RetroOption[];
  defaults: { limit: number; deductible: number; waitingPeriod?: number; retroActivePeriod?: number; preset?: number };
}

/** A coverage as one product sells it: which option values it offers, and whether it is part of the product's default. */
export interface ProductCoverage {
  id: number;
  /** Own option lists; absent means the product's global list (limits: up to the aggregate). */
  limits?: number[];
  deductibles?: number[];
  waitingPeriods?: number[];
  /** Selected when a quote starts without a preset. */
  selectedByDefault?: boolean;
}

export interface EndorsementEligibility {
  /** Regions (states or nations) where the endorsement is not sold: 'State Not Supported'. */
  excludedRegions?: string[];
  /** Industry code prefixes the endorsement is not sold to: 'Not Available For Industry / State!'. */
  excludedIndustries?: string[];
}

export interface ProductEligibility {
  revenue: { min: number; max: number };
  employees?: { min?: number; max?: number };
  /** Regions where the product is sold ('*' for all of the edition's). */
  regions: string[];
  excludedRegions?: string[];
  /** Industry code prefixes the product is not sold to. */
  excludedIndustries?: string[];
}

/** Which logical rating table the product rates with, per step (the version in force is chosen by date). */
export interface ProductRating {
  industryClass: string;
  baseRate: string;
  productFactor: string;
  limitFactor: string;
  retentionFactor: string;
  waitingPeriodFactor?: string;
  retroFactor?: string;
  regionFactor: string;
  coverageLoading: string;
  securityCredit?: string;
  irpmBounds: string;
  fees: string;
  surplusLinesTax?: string;
  premiumTax?: string;
}

export interface ProductDefinition extends RaterDefinitionBase {
  kind: 'product';
  title: string;
  /** The product code of the API (P250, P_ONE, ...). */
  code: string;
  /** Sold in the edition that resolves it; an edition overlay switches products on or off. */
  offered: boolean;
  line: 'cyber' | 'tech' | 'excess' | 'management-liability';
  currency: string;
  /** Always written as surplus lines (P250_S). */
  surplus: boolean;
  eligibility: ProductEligibility;
  options: ProductOptions;
  coverages: ProductCoverage[];
  endorsements?: Record<string, EndorsementEligibility>;
  /** The questionnaire forms: the underwriting application and, where the product asks them, the security questions. */
  questionnaire: { application: string; security?: string };
  rating: ProductRating;
  /** Rules (json-logic over the rating input) that send a quote to an underwriter instead of offering it. */
  referrals?: ReferralRule[];
}

/** A referral rule of a product: when it holds, the quote is REFERRED with its reason. */
export interface ReferralRule {
  id: string;
  reason: string;
  when: JsonLogic;
}

export type RatingTableType =
  | 'industry-class'
  | 'base-rate'
  | 'product-factor'
  | 'limit-factor'
  | 'retention-factor'
  | 'waiting-period-factor'
  | 'retro-factor'
  | 'region-factor'
  | 'coverage-loading'
  | 'security-credit'
  | 'irpm-bounds'
  | 'fees'
  | 'surplus-lines-tax'
  | 'premium-tax';

/** One row of a rating table; which fields a row has depends on the table's type (the meta-schema says). */
export interface RatingRow {
  /** A short name for the trace; the rater makes one from the keys when absent. */
  row?: string;
  prefix?: string;
  class?: string;
  label?: string;
  revenueFrom?: number;
  revenueTo?: number | null;
  premium?: number;
  ratePerMillion?: number;
  product?: string;
  value?: number;
  region?: string;
  coverage?: number;
  factor?: number;
  loading?: number;
  minimumPremium?: number;
  question?: string;
  answer?: string | number | boolean;
  credit?: number;
  characteristic?: string;
  min?: number;
  max?: number;
  name?: string;
  amount?: number;
  surplusOnly?: boolean;
  taxRate?: number;
  stampingFeeRate?: number;
  rate?: number;
}

export interface RatingTableDefinition extends RaterDefinitionBase {
  kind: 'rating-table';
  title: string;
  description: string;
  /** Seeded tables are illustrative: plausible numbers, not filed rates. */
  illustrative: boolean;
  /** The logical table several versions share ('us-base-rate'); products name it. */
  table: string;
  tableType: RatingTableType;
  /** The first day a quote with this effective date uses this version. */
  effectiveDate: string;
  /** The trace's name for the step this table drives ('Retention factor', 'Excess factor'). */
  step: string;
  currency?: string;
  /** industry-class: the class of a code no prefix matches. */
  defaultClass?: string;
  /** security-credit: the bounds of the summed credit, in percent. */
  minTotal?: number;
  maxTotal?: number;
  rows: RatingRow[];
}

export interface RaterPreset {
  /** 1 BASIC, 2 POPULAR, 3 ELITE; custom presets of an industry or agency from 100; -1 is 'custom' (edited). */
  id: number;
  name: string;
  label?: string;
  limit?: number;
  deductible?: number;
  waitingPeriod?: number;
  retroActivePeriod?: number;
  /** The optional coverages the preset selects (mandatory ones are always selected). */
  coverages: number[];
  coverageLimits?: Record<string, number>;
}

export interface RaterPresetsDefinition extends RaterDefinitionBase {
  kind: 'rater-presets';
  title: string;
  products: string[];
  presets: RaterPreset[];
  /** Presets replacing or adding to the standard ones for industry code prefixes (longest prefix wins). */
  industryPresets?: { industryPrefix: string; presets: RaterPreset[] }[];
  /** Custom presets an agency has saved (by agency id). */
  agencyPresets?: { agencyId: string; presets: RaterPreset[] }[];
}

export interface SampleRisk {
  id: string;
  label: string;
  input: Record<string, unknown>;
}

export interface RaterSampleRisksDefinition extends RaterDefinitionBase {
  kind: 'rater-sample-risks';
  title: string;
  risks: SampleRisk[];
}

export type RaterDefinition =
  | ProductDefinition
  | CoverageCatalogueDefinition
  | RatingTableDefinition
  | RaterPresetsDefinition
  | RaterSampleRisksDefinition;

export const RATER_DEFINITION_KINDS = ['product', 'coverage-catalogue', 'rating-table', 'rater-presets', 'rater-sample-risks'] as const;
