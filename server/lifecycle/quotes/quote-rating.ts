import { rateQuote, raterDefinitionsOf, type RaterDefinitions, type RatingInput, type RatingOutcome } from '../../../engine/index.ts';
import type { DefinitionService, DefinitionState } from '../../definitions/definition-service.ts';
import type { components } from '../../../api/schema.d.ts';
import { HttpError } from '../../http/http-error.ts';
import type { AccountRisk } from './account-risk.ts';
import { QUOTE_TEXTS } from './quote-texts.ts';

/** A quote request as the contract takes it (api/paths/quotes.yaml QuoteRequest). */
export type QuoteRequestBody = components['schemas']['QuoteRequest'];

const cache = new WeakMap<DefinitionState, Map<string, RaterDefinitions>>();

/**
 * The rater's definitions of an edition as published now (a publish of a rating table takes effect on the
 * next quote without a restart), gathered once per definition state.
 */
export async function publishedRater(definitions: DefinitionService, edition: 'us' | 'uk'): Promise<RaterDefinitions> {
  const state = await definitions.current();
  let byEdition = cache.get(state);
  if (!byEdition) cache.set(state, (byEdition = new Map()));
  let rater = byEdition.get(edition);
  if (!rater) byEdition.set(edition, (rater = raterDefinitionsOf(state.registry(), edition)));
  return rater;
}

const defined = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

/** The rater's input for a request on an account; a missing firmographic the rater needs is the spec's eligibility text. */
export function ratingInputOf(body: QuoteRequestBody, account: AccountRisk, irpm?: Record<string, number> | null): RatingInput {
  if (!account.riskState || !account.industryCode || !account.revenue) {
    throw new HttpError(400, QUOTE_TEXTS.needsMoreInformation, {
      errors: [
        ...(!account.riskState ? [{ field: 'state', message: QUOTE_TEXTS.needsMoreInformation }] : []),
        ...(!account.industryCode ? [{ field: 'industryCode', message: QUOTE_TEXTS.needsMoreInformation }] : []),
        ...(!account.revenue ? [{ field: 'revenue', message: QUOTE_TEXTS.needsMoreInformation }] : []),
      ],
    });
  }
  const coverages: RatingInput['coverages'] = {};
  for (const [id, choice] of Object.entries(body.coverages ?? {})) {
    coverages[id] = {
      selected: choice.selected === true,
      limit: defined(choice.limit),
      deductible: defined(choice.deductible),
      waitingPeriod: defined(choice.waitingPeriod),
      retroActivePeriod: defined(choice.retroActivePeriod),
    };
  }
  return {
    product: body.product,
    edition: account.edition,
    riskState: account.riskState,
    industryCode: account.industryCode,
    revenue: account.revenue,
    employees: account.employees ?? undefined,
    effectiveDate: body.effectiveDate,
    endDate: defined(body.endDate),
    aggLimit: body.aggLimit,
    deductible: body.deductible,
    waitingPeriod: defined(body.waitingPeriod),
    retroActivePeriod: defined(body.retroActivePeriod),
    coverages,
    securityAnswers: account.securityAnswers,
    irpm: irpm ?? undefined,
    isSurplus: body.isSurplus,
  };
}

/** Rates, or answers the rater's refusal as a 400 naming the field at fault. */
export function rateOrRefuse(input: RatingInput, rater: RaterDefinitions): Extract<RatingOutcome, { ok: true }> {
  const outcome = rateQuote(input, rater);
  if (!outcome.ok) {
    throw new HttpError(400, outcome.reason, { errors: [{ code: outcome.code, field: outcome.field ?? 'product', message: outcome.reason }] });
  }
  return outcome;
}

/**
 * The risk modifier's percentages as the rater takes them, from the quote's stored modifier, which also keeps
 * the underwriter's note and the modifier worked out (irpmNote, irpmModifier): those are not characteristics.
 */
export function irpmPercentagesOf(stored: unknown): Record<string, number> | null {
  if (!stored || typeof stored !== 'object') return null;
  const percentages = Object.fromEntries(
    Object.entries(stored as Record<string, unknown>).filter(([key, value]) => key !== 'irpmNote' && key !== 'irpmModifier' && typeof value === 'number'),
  ) as Record<string, number>;
  return Object.keys(percentages).length > 0 ? percentages : null;
}
