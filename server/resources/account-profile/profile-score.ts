import { PROFILE_SCORE_TO_QUOTE } from '../../constants.ts';
import { QUOTABLE_STATUSES, type AccountStatus } from '../accounts/account-status.ts';

/**
 * The profile score (spec 002 section 5 'Quoting eligibility': Request Quote is disabled below 4) and the
 * quote-eligibility answer. The score counts how complete the account's key firmographics are, one point per
 * criterion below, so an agent sees exactly what to fill in. Pure: the same facts always give the same score.
 */

/** The spec's texts (section 5 Quoting eligibility), verbatim. */
export const ELIGIBILITY_TEXTS = {
  needsMoreInformation: 'Account needs more information to enable Request Quote',
  notEligible: 'Account is not eligible to Request Quote',
} as const;

/** What the score reads of an account. */
export interface ProfileFacts {
  industryCode: string | null;
  revenue: number | null;
  employees: number | null;
  yearEstablished: number | null;
  domainName: string | null;
  noDomainAttested: boolean;
  address1: string | null;
  city: string | null;
  zipCode: string | null;
}

export interface ProfileScoreCriterion {
  id: string;
  /** What the agent fills in to earn the point. */
  label: string;
  met: (facts: ProfileFacts) => boolean;
}

const given = (value: string | null) => typeof value === 'string' && value.trim() !== '';

/** One point each; the score is the number met (0 to 6). */
export const PROFILE_SCORE_CRITERIA: readonly ProfileScoreCriterion[] = [
  { id: 'industryCode', label: 'Industry code', met: (facts) => given(facts.industryCode) },
  { id: 'revenue', label: 'Revenue', met: (facts) => facts.revenue !== null && facts.revenue >= 1 },
  { id: 'employees', label: 'Number of employees', met: (facts) => facts.employees !== null && facts.employees >= 1 },
  { id: 'yearEstablished', label: 'Year established', met: (facts) => facts.yearEstablished !== null && facts.yearEstablished >= 1500 },
  { id: 'domain', label: 'Primary domain, or the attestation that there is none', met: (facts) => given(facts.domainName) || facts.noDomainAttested },
  { id: 'address', label: 'Business address', met: (facts) => given(facts.address1) && given(facts.city) && given(facts.zipCode) },
];

export const PROFILE_SCORE_MAX = PROFILE_SCORE_CRITERIA.length;

export interface ProfileScore {
  score: number;
  max: number;
  /** The labels of the criteria not met yet, in the table's order. */
  missing: string[];
}

export function profileScoreOf(facts: ProfileFacts): ProfileScore {
  const missing = PROFILE_SCORE_CRITERIA.filter((criterion) => !criterion.met(facts)).map((criterion) => criterion.label);
  return { score: PROFILE_SCORE_MAX - missing.length, max: PROFILE_SCORE_MAX, missing };
}

export interface QuoteEligibility {
  canRequestQuote: boolean;
  /** Null when a quote may be requested; else one of the spec's two texts. */
  reason: string | null;
}

/**
 * Whether a quote may be requested for the account. A status that does not allow quoting wins over a low
 * score: more information would not make a declined account quotable.
 */
export function quoteEligibilityOf(status: AccountStatus, score: number, threshold = PROFILE_SCORE_TO_QUOTE): QuoteEligibility {
  if (!QUOTABLE_STATUSES.has(status)) return { canRequestQuote: false, reason: ELIGIBILITY_TEXTS.notEligible };
  if (score < threshold) return { canRequestQuote: false, reason: ELIGIBILITY_TEXTS.needsMoreInformation };
  return { canRequestQuote: true, reason: null };
}
