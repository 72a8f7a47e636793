import {
  SURPLUS_TAX_NAMES, scheduleCharges, scheduleCoveragesOfRequest, scheduleTotalOf, tableInForce, toMinor, withQuoteFees,
  type QuoteFees, type RaterDefinitions, type RatingInput, type RatingResult, type Schedule, type ScheduleLine,
} from '../../../engine/index.ts';

/**
 * What a quote's schedule reads of its row (a quote row has these columns and more). Declared here, not
 * picked from the quotes' repository, so the schedule depends on no sub-module that reads it.
 */
export interface ScheduledQuote {
  rating: Record<string, unknown> | null;
  broker_fee: string;
  additional_broker_fee: string;
  mga_fee: string;
  request_data: Record<string, unknown>;
  product: string;
  edition: 'us' | 'uk';
  risk_state: string | null;
  industry_code: string | null;
  effective_date: string | Date;
  agg_limit: string;
  deductible: string;
  waiting_period: number | null;
  retro_active_period: number | null;
  premium: string;
  currency: string;
}

/** The fees a quote row carries (broker, additional broker, MGA), to keep them in the total when it is rated again. */
export function feesOf(quote: { broker_fee: string; additional_broker_fee: string; mga_fee: string }): QuoteFees {
  return { brokerFee: quote.broker_fee, additionalBrokerFee: quote.additional_broker_fee, mgaFee: quote.mga_fee };
}

/**
 * A quote's schedule of record: the schedule its rating stored, with the broker, additional broker and MGA
 * fees the quote carries outside the rating. Every screen, document and e-mail that shows a quote's cover or
 * money reads it here.
 */
export function quoteScheduleOf(quote: ScheduledQuote, rater: RaterDefinitions): Schedule {
  const rated = (quote.rating as Partial<RatingResult> | null)?.schedule ?? storedBeforeSchedules(quote, rater);
  return withQuoteFees(rated, feesOf(quote));
}

const dayOf = (value: string | Date) => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

/**
 * A quote rated before ratings kept their schedule: its money lines are the amounts its rating stored (the
 * rater's fees as one line), its coverages those its stored request lists, under the same rule the rater
 * now applies. Nothing is priced again.
 */
function storedBeforeSchedules(quote: ScheduledQuote, rater: RaterDefinitions): Schedule {
  const rating = (quote.rating ?? {}) as Partial<RatingResult>;
  const request = quote.request_data as Partial<RatingInput>;
  const input = {
    ...request,
    product: quote.product,
    edition: quote.edition,
    riskState: quote.risk_state ?? '',
    industryCode: quote.industry_code ?? '',
    revenue: 0,
    effectiveDate: dayOf(quote.effective_date),
    aggLimit: Number(quote.agg_limit),
    deductible: Number(quote.deductible),
    waitingPeriod: quote.waiting_period ?? undefined,
    retroActivePeriod: quote.retro_active_period ?? undefined,
    coverages: (request.coverages ?? {}) as RatingInput['coverages'],
  } as RatingInput;
  const line = (name: string, amount: string | undefined): ScheduleLine[] => (amount && toMinor(amount) !== 0 ? [{ name, amountMinor: toMinor(amount) }] : []);
  const product = rater.allProducts.get(quote.product);
  const premiumTaxTable = product?.rating.premiumTax ? safeTable(rater, product.rating.premiumTax, input.effectiveDate) : undefined;
  const premiumTaxName = premiumTaxTable?.rows.find((row) => row.name)?.name ?? premiumTaxTable?.step ?? 'Premium Tax';
  const lines = {
    premiumMinor: toMinor(rating.premium ?? quote.premium),
    fees: line('Fees', rating.fees),
    taxes: [...line(SURPLUS_TAX_NAMES.surplusLinesTax, rating.surplusLineTax), ...line(SURPLUS_TAX_NAMES.stampingFee, rating.surplusStampingFee), ...line(premiumTaxName, rating.premiumTax)],
  };
  return {
    currency: rating.currency ?? quote.currency,
    coverages: scheduleCoveragesOfRequest(input, rater),
    ...lines,
    totalMinor: scheduleTotalOf(lines),
    tableVersions: rating.tableVersions ?? {},
  };
}

function safeTable(rater: RaterDefinitions, name: string, effectiveDate: string) {
  try {
    return tableInForce(rater, name, effectiveDate);
  } catch {
    return undefined;
  }
}

/** A schedule as the API answers it: the schedule itself, and its charges as the lines a screen prints. */
export function scheduleAnswer(schedule: Schedule) {
  return { ...schedule, charges: scheduleCharges(schedule) };
}
