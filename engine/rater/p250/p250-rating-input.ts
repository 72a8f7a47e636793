import type { CoverageRequest, RatingInput } from '../rating-types.ts';
import type { P250State } from './p250-types.ts';

/** The rating input of a P250 quote state: the global options and each coverage with the options it takes. */
export function p250RatingInput(state: P250State): RatingInput {
  const coverages: Record<string, CoverageRequest> = {};
  for (const coverage of Object.values(state.coverages)) {
    const request: CoverageRequest = { selected: coverage.selected };
    if (coverage.options.limits && coverage.limit !== undefined) request.limit = coverage.limit;
    if (coverage.deductible !== undefined) request.deductible = coverage.deductible;
    if (coverage.waitingPeriod !== undefined) request.waitingPeriod = coverage.waitingPeriod;
    if (coverage.retroActivePeriod) request.retroActivePeriod = coverage.retroActivePeriod.value;
    coverages[String(coverage.id)] = request;
  }
  const { account, global } = state;
  return {
    product: state.product,
    edition: state.edition,
    riskState: account.state,
    industryCode: String(account.industryCode),
    revenue: account.revenue,
    ...(account.employees !== undefined ? { employees: account.employees } : {}),
    effectiveDate: global.effectiveDate,
    endDate: global.endDate,
    aggLimit: global.limit,
    deductible: global.deductible,
    waitingPeriod: global.waitingPeriod,
    retroActivePeriod: global.retroActivePeriod.value,
    coverages,
    ...(account.securityQuestions ? { securityAnswers: account.securityQuestions } : {}),
  };
}
