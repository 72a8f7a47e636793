import type {
  CatalogueCoverage,
  CoverageCatalogueDefinition,
  ProductDefinition,
  RaterPresetsDefinition,
  RatingTableDefinition,
  SampleRisk,
} from '../definitions/rater-types.ts';
import type { EditionId } from '../editions/edition-types.ts';
import type { Schedule } from './schedule.ts';

/** A coverage as a quote asks for it: chosen or not, and its own option values where it takes them. */
export interface CoverageRequest {
  selected: boolean;
  limit?: number;
  deductible?: number;
  waitingPeriod?: number;
  retroActivePeriod?: number;
}

/** What the rater prices: one risk, one product, one set of options. Amounts are whole currency units. */
export interface RatingInput {
  /** The product code (P250, P_ONE, ...). */
  product: string;
  edition: EditionId;
  /** A US state code (NY) or a UK nation code (ENG, SCT, WLS, NIR). */
  riskState: string;
  /** NAICS (US) or SIC (UK) code, digits. */
  industryCode: string | number;
  revenue: number;
  employees?: number;
  /** YYYY-MM-DD: decides which version of each rating table is used. */
  effectiveDate: string;
  /**
   * YYYY-MM-DD, the day cover ends. A term other than a year is priced pro rata (an 18-month term costs one
   * and a half years' premium); left out, the term is a year.
   */
  endDate?: string;
  aggLimit: number;
  deductible: number;
  waitingPeriod?: number;
  retroActivePeriod?: number;
  /** Keyed by the catalogue's numeric coverage id ('24'). Mandatory coverages count as selected when absent. */
  coverages: Record<string, CoverageRequest>;
  securityAnswers?: Record<string, unknown>;
  /** IRPM percentages per characteristic (companyStability: -5). */
  irpm?: Record<string, number>;
  /** Written as surplus lines (an admitted product switched by the underwriter); surplus products always are. */
  isSurplus?: boolean;
}

/** One step of a premium calculation, as underwriters read it. */
export interface TraceStep {
  step: string;
  /** 'set' starts the premium, 'multiply' applies a factor, 'add' adds a loading or fee, 'minimum' raises to a floor, 'tax' adds a tax. */
  operation: 'set' | 'multiply' | 'add' | 'minimum' | 'tax';
  /** The factor applied (a decimal text), or the amount set or added. */
  factor: string;
  source: { table: string; row: string };
  /** The amount added by this step, for 'add', 'tax' and 'minimum' (2 decimals). */
  amount?: string;
  /** The premium after the step (2 decimals); after the premium steps, the running total with fees and taxes. */
  runningPremium: string;
}

export interface RatingResult {
  ok: true;
  product: string;
  premium: string;
  fees: string;
  surplusLineTax: string;
  surplusStampingFee: string;
  /** Insurance premium tax where an edition charges one on every policy (UK IPT); '0.00' elsewhere. */
  premiumTax: string;
  totalPremium: string;
  currency: string;
  /** 1 + sum of the IRPM percentages / 100, to 10 decimals. */
  irpmModifier: string;
  /** The version of each logical table used: table -> 'definition-id@version'. */
  tableVersions: Record<string, string>;
  /** The product's referral rules that hold for the risk: any one sends the quote to an underwriter (REFERRED). */
  referrals: Array<{ id: string; reason: string }>;
  trace: TraceStep[];
  /**
   * The schedule of record: every coverage as rated, the premium, each fee and tax by name and the total, in
   * minor units. Stored with the quote; screens and documents print it. Absent from ratings stored before it
   * existed (see the server's quote schedule).
   */
  schedule: Schedule;
}

export type RatingRefusalCode =
  | 'unknown-product'
  | 'product-not-offered'
  | 'region-not-supported'
  | 'industry-not-eligible'
  | 'revenue-out-of-range'
  | 'employees-out-of-range'
  | 'invalid-option'
  | 'unknown-coverage'
  | 'coverage-not-offered'
  | 'mandatory-coverage'
  | 'coverage-not-valid'
  | 'invalid-irpm'
  | 'no-table-in-force'
  | 'no-rate'
  | 'invalid-input';

/** Why a quote cannot be rated: a code for programs and a sentence for users, with the input field at fault. */
export interface RatingRefusal {
  ok: false;
  code: RatingRefusalCode;
  reason: string;
  /** The RatingInput field (dotted path) the refusal is about, when there is one. */
  field?: string;
}

export type RatingOutcome = RatingResult | RatingRefusal;

/** The rater's definitions for one edition, gathered from resolved definitions. */
export interface RaterDefinitions {
  edition: EditionId;
  /** Products offered in the edition, by product code. */
  products: Map<string, ProductDefinition>;
  /** Every product definition by code, offered or not (to refuse an unknown product differently from one not sold here). */
  allProducts: Map<string, ProductDefinition>;
  catalogue: CoverageCatalogueDefinition;
  coverages: Map<number, CatalogueCoverage>;
  /** Versions of each logical table, newest effective date first. */
  tables: Map<string, RatingTableDefinition[]>;
  presets: RaterPresetsDefinition[];
  sampleRisks: SampleRisk[];
  /** The edition's wording for the rater's sentences (Revenue or Turnover); US words when absent. */
  terms?: Record<string, string>;
}
