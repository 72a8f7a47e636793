import type { ProductDefinition } from '../definitions/rater-types.ts';
import { RatingError } from './rating-error.ts';

const grouped = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The edition's words the rater's sentences use (Revenue/Turnover); the defaults are the US ones. */
export type RaterTerms = Partial<Record<'Revenue' | 'revenue' | 'Retention' | 'retention', string>>;

const matchesPrefix = (code: string, prefixes: string[] | undefined) => (prefixes ?? []).some((prefix) => code.startsWith(prefix));

/** Refuses a risk the product is not sold to: region, industry, revenue, employees. */
export function checkProductEligibility(
  product: ProductDefinition,
  risk: { riskState: string; industryCode: string; revenue: number; employees?: number },
  terms: RaterTerms = {},
): void {
  const { eligibility } = product;
  const regionSold = (eligibility.regions.includes('*') || eligibility.regions.includes(risk.riskState)) && !eligibility.excludedRegions?.includes(risk.riskState);
  if (!regionSold) throw new RatingError('region-not-supported', `${product.title} is not sold in ${risk.riskState}.`, 'riskState');
  if (matchesPrefix(risk.industryCode, eligibility.excludedIndustries)) {
    throw new RatingError('industry-not-eligible', `${product.title} is not available for industry code ${risk.industryCode}.`, 'industryCode');
  }
  const revenueWord = terms.Revenue ?? 'Revenue';
  if (risk.revenue < eligibility.revenue.min) {
    throw new RatingError('revenue-out-of-range', `${revenueWord} of ${grouped(risk.revenue)} is below the ${grouped(eligibility.revenue.min)} ${product.title} needs.`, 'revenue');
  }
  if (risk.revenue > eligibility.revenue.max) {
    throw new RatingError('revenue-out-of-range', `${revenueWord} of ${grouped(risk.revenue)} is above the ${grouped(eligibility.revenue.max)} ${product.title} accepts.`, 'revenue');
  }
  const employees = eligibility.employees;
  if (employees && risk.employees !== undefined) {
    if ((employees.min !== undefined && risk.employees < employees.min) || (employees.max !== undefined && risk.employees > employees.max)) {
      throw new RatingError('employees-out-of-range', `${product.title} accepts ${employees.min ?? 1} to ${grouped(employees.max ?? Infinity)} employees.`, 'employees');
    }
  }
}

/** The tooltips of an endorsement that cannot be chosen (spec 002). */
export const STATE_NOT_SUPPORTED = 'State Not Supported';
export const NOT_AVAILABLE_FOR_INDUSTRY_OR_STATE = 'Not Available For Industry / State!';

export interface EndorsementAvailability {
  eligible: boolean;
  tooltip?: string;
}

/**
 * Per endorsement of a product (computer funds transfer, hardware replacement, post breach remediation,
 * social engineering, telecoms fraud, website media liability, dedicated breach costs): can this risk
 * have it, and if not, the tooltip. A state the endorsement is not sold in says 'State Not Supported'; an
 * industry it is not sold to says 'Not Available For Industry / State!'.
 */
export function endorsementEligibility(product: ProductDefinition, riskState: string, industryCode: string | number): Record<string, EndorsementAvailability> {
  const code = String(industryCode);
  const result: Record<string, EndorsementAvailability> = {};
  for (const [name, rule] of Object.entries(product.endorsements ?? {})) {
    if (rule.excludedRegions?.includes(riskState)) result[name] = { eligible: false, tooltip: STATE_NOT_SUPPORTED };
    else if (matchesPrefix(code, rule.excludedIndustries)) result[name] = { eligible: false, tooltip: NOT_AVAILABLE_FOR_INDUSTRY_OR_STATE };
    else result[name] = { eligible: true };
  }
  return result;
}
