import type { CatalogueCoverage, ProductCoverage, ProductDefinition, RatingTableDefinition } from '../definitions/rater-types.ts';
import { coverageValidity } from './coverage-validity.ts';
import { Decimal } from './decimal.ts';
import { checkProductEligibility } from './eligibility.ts';
import { irpmBoundsOf, irpmModifier, validateIrpm } from './irpm.ts';
import { RatingError } from './rating-error.ts';
import { baseRateRow, basePremiumOf, coverageRow, industryClassOf, productRow, regionRow, valueRow } from './rating-rows.ts';
import type { CoverageRequest, RaterDefinitions, RatingInput, RatingOutcome, RatingResult } from './rating-types.ts';
import { securityCredits } from './security-credits.ts';
import { tableInForce, versionLabel } from './table-versions.ts';
import { RatingTrace } from './trace.ts';
import { checkRatingInput } from './rating-input-check.ts';
import { clampToOptions } from './clamp-option.ts';
import { referralsOf } from './referrals.ts';
import { addYears, daysBetween } from './iso-date.ts';
import { scheduleCoverageOf } from './schedule-coverages.ts';
import { SURPLUS_TAX_NAMES, scheduleTotalOf, toMinor, type ScheduleCoverage, type ScheduleLine } from './schedule.ts';

const grouped = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const PERCENT = Decimal.HUNDRED;

/** A coverage the quote includes, with the option values it is rated at. */
interface RatedCoverage {
  catalogue: CatalogueCoverage;
  product: ProductCoverage;
  request: CoverageRequest;
}

/**
 * Rates a quote: the premium, fees and taxes with a step-by-step trace, from the rating tables in force on
 * the quote's effective date. Pure: the browser, the server and the tests get the same answer. A quote
 * that cannot be rated answers `{ ok: false, code, reason }` saying why.
 *
 * Order of steps: base premium (industry class and revenue band) x product factor x limit, retention,
 * waiting period and retro factors x region factor; plus each optional coverage's loading; x security
 * credits x IRPM modifier; raised to the product's minimum; rounded to cents; then fees, then surplus
 * lines tax and stamping fee (or premium tax) on premium plus fees.
 */
export function rateQuote(input: RatingInput, rater: RaterDefinitions): RatingOutcome {
  try {
    return rate(input, rater);
  } catch (error) {
    if (error instanceof RatingError) return error.toRefusal();
    throw error;
  }
}

function productFor(input: RatingInput, rater: RaterDefinitions): ProductDefinition {
  const product = rater.products.get(input.product);
  if (product) return product;
  const elsewhere = rater.allProducts.get(input.product);
  if (elsewhere) throw new RatingError('product-not-offered', `${elsewhere.title} is not offered in the ${rater.edition.toUpperCase()} edition.`, 'product');
  throw new RatingError('unknown-product', `There is no product ${input.product}.`, 'product');
}

function rate(input: RatingInput, rater: RaterDefinitions): RatingResult {
  checkRatingInput(input, rater);
  const product = productFor(input, rater);
  const industryCode = String(input.industryCode);
  checkProductEligibility(product, { riskState: input.riskState, industryCode, revenue: input.revenue, employees: input.employees }, rater.terms);
  const options = checkOptions(product, input, rater);
  const coverages = ratedCoverages(product, input, rater);

  const tableVersions: Record<string, string> = {};
  const table = (name: string) => useTable(rater, name, input.effectiveDate, tableVersions);
  const { rating } = product;
  const trace = new RatingTrace();

  // Base premium: the industry's class and the revenue band.
  const classTable = table(rating.industryClass);
  const industryClass = industryClassOf(classTable, industryCode);
  const baseTable = table(rating.baseRate);
  const base = baseRateRow(baseTable, industryClass.row.class!, input.revenue);
  trace.set(baseTable.step, basePremiumOf(base.row, input.revenue), baseTable, `${base.name} (${industryClass.name})`);

  const productTable = table(rating.productFactor);
  const productFactor = productRow(productTable, product.code);
  trace.multiply(productTable.step, Decimal.from(productFactor.row.factor!), productTable, productFactor.name);

  const limitTable = table(rating.limitFactor);
  const limitRow = valueRow(limitTable, input.aggLimit, 'aggLimit', 'limit');
  trace.multiply(limitTable.step, Decimal.from(limitRow.row.factor!), limitTable, limitRow.name);

  const retentionTable = table(rating.retentionFactor);
  const retentionFactor = (value: number, field: string) => Decimal.from(valueRow(retentionTable, value, field, 'retention').row.factor!);
  trace.multiply(retentionTable.step, retentionFactor(input.deductible, 'deductible'), retentionTable, valueRow(retentionTable, input.deductible, 'deductible', 'retention').name);

  const waitingTable = rating.waitingPeriodFactor && options.waitingPeriod !== undefined ? table(rating.waitingPeriodFactor) : undefined;
  const waitingFactor = (value: number, field: string) => (waitingTable ? Decimal.from(valueRow(waitingTable, value, field, 'waiting period').row.factor!) : Decimal.ONE);
  if (waitingTable) {
    const row = valueRow(waitingTable, options.waitingPeriod!, 'waitingPeriod', 'waiting period');
    trace.multiply(waitingTable.step, Decimal.from(row.row.factor!), waitingTable, row.name);
  }
  if (rating.retroFactor && options.retroActivePeriod !== undefined) {
    const retroTable = table(rating.retroFactor);
    const row = valueRow(retroTable, options.retroActivePeriod, 'retroActivePeriod', 'retroactive period');
    trace.multiply(retroTable.step, Decimal.from(row.row.factor!), retroTable, row.name);
  }

  const regionTable = table(rating.regionFactor);
  const region = regionRow(regionTable, input.riskState);
  if (!region) throw new RatingError('region-not-supported', `${product.title} has no rates for ${input.riskState}.`, 'riskState');
  trace.multiply(regionTable.step, Decimal.from(region.row.factor!), regionTable, region.name);

  // Optional coverages add a share of the premium so far; a coverage with its own limit, retention or
  // waiting period adds it in proportion (limit over the aggregate, factor ratios to the global option).
  const beforeCoverages = trace.running;
  const loadingTable = table(rating.coverageLoading);
  for (const { catalogue, request } of coverages) {
    const row = coverageRow(loadingTable, catalogue.id, catalogue.key);
    const loading = Decimal.from(row.row.loading ?? 0);
    if (loading.isZero()) continue;
    let effective = loading;
    if (catalogue.options.includes('limit') && request.limit !== undefined && request.limit !== input.aggLimit) {
      effective = effective.times(Decimal.from(request.limit).dividedBy(Decimal.from(input.aggLimit)));
    }
    if (catalogue.options.includes('deductible') && request.deductible !== undefined && request.deductible !== input.deductible) {
      effective = effective.times(retentionFactor(request.deductible, `coverages.${catalogue.id}.deductible`).dividedBy(retentionFactor(input.deductible, 'deductible')));
    }
    if (waitingTable && catalogue.options.includes('waitingPeriod') && request.waitingPeriod !== undefined && request.waitingPeriod !== options.waitingPeriod) {
      effective = effective.times(waitingFactor(request.waitingPeriod, `coverages.${catalogue.id}.waitingPeriod`).dividedBy(waitingFactor(options.waitingPeriod!, 'waitingPeriod')));
    }
    trace.add(`${loadingTable.step}: ${catalogue.label}`, beforeCoverages.times(effective), effective.toFixed(6), loadingTable, row.name);
  }

  if (rating.securityCredit && input.securityAnswers) {
    const creditTable = table(rating.securityCredit);
    const credits = securityCredits(creditTable, input.securityAnswers);
    if (credits.rows.length) {
      const factor = Decimal.ONE.plus(credits.percent.dividedBy(PERCENT));
      trace.multiply(creditTable.step, factor, creditTable, `${credits.rows.join('; ')}${credits.capped ? `; capped at ${credits.percent.toString()}%` : ''}`);
    }
  }

  const irpm = Object.fromEntries(Object.entries(input.irpm ?? {}).filter(([, value]) => value !== null && value !== undefined)) as Record<string, number>;
  const modifier = irpmModifier(irpm);
  if (Object.keys(irpm).length) {
    const boundsTable = table(rating.irpmBounds);
    const invalid = Object.keys(validateIrpm(irpm, irpmBoundsOf(boundsTable)));
    if (invalid.length) {
      const bound = boundsTable.rows.find((row) => row.characteristic === invalid[0]);
      const range = bound ? ` (${bound.min}% to ${bound.max}%)` : '';
      throw new RatingError('invalid-irpm', `The risk modifier for ${invalid[0]} is outside its range${range}.`, `irpm.${invalid[0]}`);
    }
    const sum = Decimal.sum(Object.values(irpm).map((value) => Decimal.from(value)));
    trace.multiply('IRPM modifier', Decimal.from(modifier), boundsTable, `sum of ${Object.keys(irpm).length} characteristics ${sum.toString()}%`, modifier);
  }

  const term = termFactorOf(input);
  if (term) trace.multiply('Policy term', term.factor, 'policy term', `${term.days} of ${term.yearDays} days`);

  if (productFactor.row.minimumPremium !== undefined && trace.running.compare(Decimal.from(productFactor.row.minimumPremium)) < 0) {
    trace.minimum('Minimum premium', Decimal.from(productFactor.row.minimumPremium), productTable, productFactor.name);
  }
  const premium = trace.roundToCents();

  // Fees, then taxes on premium plus fees.
  const surplus = product.surplus || input.isSurplus === true;
  const feeTable = table(rating.fees);
  let fees = Decimal.ZERO;
  const feeLines: ScheduleLine[] = [];
  const taxLines: ScheduleLine[] = [];
  for (const row of feeTable.rows) {
    if ((row.product ?? '*') !== '*' && row.product !== product.code) continue;
    if (row.surplusOnly && !surplus) continue;
    const amount = Decimal.from(row.amount!);
    fees = fees.plus(amount);
    feeLines.push({ name: row.name ?? feeTable.step, amountMinor: toMinor(amount) });
    trace.add(`${feeTable.step}: ${row.name}`, amount, amount.toFixed(2), feeTable, row.row ?? `${row.name} (${row.product ?? '*'})`);
  }
  const taxable = premium.plus(fees);

  let surplusLineTax = Decimal.ZERO;
  let surplusStampingFee = Decimal.ZERO;
  if (surplus) {
    if (!rating.surplusLinesTax) throw new RatingError('invalid-option', `${product.title} cannot be written as surplus lines.`, 'isSurplus');
    const taxTable = table(rating.surplusLinesTax);
    const row = regionRow(taxTable, input.riskState);
    if (!row) throw new RatingError('region-not-supported', `There is no surplus lines tax for ${input.riskState}.`, 'riskState');
    const taxRate = Decimal.from(row.row.taxRate ?? 0).dividedBy(PERCENT);
    surplusLineTax = taxable.times(taxRate).round(2);
    taxLines.push({ name: SURPLUS_TAX_NAMES.surplusLinesTax, amountMinor: toMinor(surplusLineTax) });
    trace.add(`${taxTable.step}: surplus lines tax`, surplusLineTax, taxRate.toString(), taxTable, row.name, 'tax');
    const stampingRate = Decimal.from(row.row.stampingFeeRate ?? 0).dividedBy(PERCENT);
    if (!stampingRate.isZero()) {
      surplusStampingFee = taxable.times(stampingRate).round(2);
      taxLines.push({ name: SURPLUS_TAX_NAMES.stampingFee, amountMinor: toMinor(surplusStampingFee) });
      trace.add(`${taxTable.step}: stamping fee`, surplusStampingFee, stampingRate.toString(), taxTable, row.name, 'tax');
    }
  }

  let premiumTax = Decimal.ZERO;
  if (rating.premiumTax) {
    const taxTable = table(rating.premiumTax);
    const row = regionRow(taxTable, input.riskState);
    if (row) {
      const taxRate = Decimal.from(row.row.rate ?? 0).dividedBy(PERCENT);
      premiumTax = taxable.times(taxRate).round(2);
      taxLines.push({ name: row.row.name ?? taxTable.step, amountMinor: toMinor(premiumTax) });
      trace.add(taxTable.step, premiumTax, taxRate.toString(), taxTable, row.name, 'tax');
    }
  }

  const rated = { premiumMinor: toMinor(premium), fees: feeLines, taxes: taxLines };
  const schedule = {
    currency: product.currency,
    coverages: scheduleCoveragesFrom(coverages, product, input, options, rater),
    ...rated,
    totalMinor: scheduleTotalOf(rated),
    tableVersions,
  };
  return {
    ok: true,
    product: product.code,
    premium: premium.toFixed(2),
    fees: fees.toFixed(2),
    surplusLineTax: surplusLineTax.toFixed(2),
    surplusStampingFee: surplusStampingFee.toFixed(2),
    premiumTax: premiumTax.toFixed(2),
    totalPremium: taxable.plus(surplusLineTax).plus(surplusStampingFee).plus(premiumTax).toFixed(2),
    currency: product.currency,
    irpmModifier: modifier,
    tableVersions,
    referrals: referralsOf(product, input),
    trace: trace.steps,
    schedule,
  };
}

function scheduleCoveragesFrom(
  coverages: RatedCoverage[], product: ProductDefinition, input: RatingInput, options: { waitingPeriod?: number; retroActivePeriod?: number }, rater: RaterDefinitions,
): ScheduleCoverage[] {
  return coverages.map(({ catalogue, product: productCoverage, request }) => scheduleCoverageOf({ catalogue, productCoverage, request, product, input, options, rater }));
}

/**
 * The coverages a request includes, as the schedule lists them, without pricing anything: for a quote stored
 * before ratings kept their schedule. A request the rater would refuse has no coverages to list.
 */
export function scheduleCoveragesOfRequest(input: RatingInput, rater: RaterDefinitions): ScheduleCoverage[] {
  try {
    const product = productFor(input, rater);
    return scheduleCoveragesFrom(ratedCoverages(product, input, rater), product, input, checkOptions(product, input, rater), rater);
  } catch (error) {
    if (error instanceof RatingError) return [];
    throw error;
  }
}

/**
 * A term other than a year, pro rata by days: the days covered over the days of the year that starts on the
 * effective date (365 or 366). A year's term has no step.
 */
function termFactorOf(input: RatingInput): { factor: Decimal; days: number; yearDays: number } | undefined {
  if (input.endDate === undefined || input.endDate === addYears(input.effectiveDate, 1)) return undefined;
  const days = daysBetween(input.effectiveDate, input.endDate);
  const yearDays = daysBetween(input.effectiveDate, addYears(input.effectiveDate, 1));
  return { factor: Decimal.from(days).dividedBy(Decimal.from(yearDays)), days, yearDays };
}

/** The version of a table in force, recorded in the result's tableVersions. */
function useTable(rater: RaterDefinitions, name: string, effectiveDate: string, tableVersions: Record<string, string>): RatingTableDefinition {
  const found = tableInForce(rater, name, effectiveDate);
  tableVersions[name] = versionLabel(found);
  return found;
}

const productCoverageMaps = new WeakMap<ProductDefinition, Map<number, ProductCoverage>>();

/** The product's coverages by id, built once per (immutable) product definition. */
function coveragesById(product: ProductDefinition): Map<number, ProductCoverage> {
  let map = productCoverageMaps.get(product);
  if (!map) {
    map = new Map(product.coverages.map((coverage) => [coverage.id, coverage]));
    productCoverageMaps.set(product, map);
  }
  return map;
}

/** The quote's options must be among the product's; waiting and retro periods default to the product's. */
function checkOptions(product: ProductDefinition, input: RatingInput, rater: RaterDefinitions): { waitingPeriod?: number; retroActivePeriod?: number } {
  const { options } = product;
  const retentionWord = rater.terms?.Retention ?? 'Retention';
  const offered = (value: number, list: number[], field: string, what: string) => {
    if (!list.includes(value)) {
      throw new RatingError('invalid-option', `${what} ${grouped(value)} is not offered for ${product.title} (${list.map(grouped).join(', ')}).`, field);
    }
  };
  offered(input.aggLimit, options.limits, 'aggLimit', 'Limit');
  offered(input.deductible, options.deductibles, 'deductible', retentionWord);
  let waitingPeriod: number | undefined;
  if (options.waitingPeriods?.length) {
    waitingPeriod = input.waitingPeriod ?? options.defaults.waitingPeriod;
    if (waitingPeriod !== undefined) offered(waitingPeriod, options.waitingPeriods, 'waitingPeriod', 'Waiting period');
  }
  let retroActivePeriod: number | undefined;
  if (options.retroActivePeriods?.length) {
    retroActivePeriod = input.retroActivePeriod ?? options.defaults.retroActivePeriod;
    if (retroActivePeriod !== undefined) offered(retroActivePeriod, options.retroActivePeriods.map((option) => option.value), 'retroActivePeriod', 'Retroactive period');
  }
  return { waitingPeriod, retroActivePeriod };
}

/** The coverages the quote includes, in catalogue order: mandatory ones always, optional ones when selected. */
function ratedCoverages(product: ProductDefinition, input: RatingInput, rater: RaterDefinitions): RatedCoverage[] {
  const productCoverages = coveragesById(product);
  for (const [id, request] of Object.entries(input.coverages ?? {})) {
    if (!request?.selected) continue;
    const catalogue = rater.coverages.get(Number(id));
    if (!catalogue) throw new RatingError('unknown-coverage', `There is no coverage ${id}.`, `coverages.${id}`);
    if (!productCoverages.has(catalogue.id) || !catalogue.available) {
      throw new RatingError('coverage-not-offered', `${catalogue.label} (coverage ${id}) is not offered with ${product.title}.`, `coverages.${id}`);
    }
  }
  const validity = input.securityAnswers ? coverageValidity(input.securityAnswers, rater.catalogue) : {};
  const rated: RatedCoverage[] = [];
  for (const productCoverage of product.coverages) {
    const catalogue = rater.coverages.get(productCoverage.id);
    if (!catalogue || !catalogue.available) continue;
    const request = input.coverages?.[String(catalogue.id)];
    if (catalogue.mandatory && request?.selected === false) {
      throw new RatingError('mandatory-coverage', `${catalogue.label} (coverage ${catalogue.id}) is mandatory with ${product.title}.`, `coverages.${catalogue.id}`);
    }
    if (!catalogue.mandatory && !request?.selected) continue;
    const check = validity[catalogue.id];
    if (check?.answered && !check.valid) {
      throw new RatingError('coverage-not-valid', `${catalogue.label} (coverage ${catalogue.id}) cannot be chosen: the security answers do not qualify.`, `coverages.${catalogue.id}`);
    }
    checkCoverageOptions(product, productCoverage, catalogue, { selected: true, ...request }, input);
    const effective = withDefaults(product, productCoverage, catalogue, { selected: true, ...request }, input);
    rated.push({ catalogue, product: productCoverage, request: effective });
  }
  return rated.sort((a, b) => a.catalogue.group - b.catalogue.group || a.catalogue.order - b.catalogue.order);
}

/**
 * A coverage's options where the request leaves them out, as the P250 editor would set them: the global
 * option clamped into the coverage's range (a 250,000 sublimit under a 2,000,000 aggregate).
 */
function withDefaults(product: ProductDefinition, productCoverage: ProductCoverage, catalogue: CatalogueCoverage, request: CoverageRequest, input: RatingInput): CoverageRequest {
  const result = { ...request };
  if (catalogue.options.includes('limit') && result.limit === undefined && productCoverage.limits) {
    result.limit = clampToOptions(input.aggLimit, productCoverage.limits.filter((limit) => limit <= input.aggLimit));
  }
  if (catalogue.options.includes('deductible') && result.deductible === undefined && productCoverage.deductibles) {
    result.deductible = clampToOptions(input.deductible, productCoverage.deductibles);
  }
  const waiting = input.waitingPeriod ?? product.options.defaults.waitingPeriod;
  if (catalogue.options.includes('waitingPeriod') && result.waitingPeriod === undefined && productCoverage.waitingPeriods && waiting !== undefined) {
    result.waitingPeriod = clampToOptions(waiting, productCoverage.waitingPeriods);
  }
  return result;
}

function checkCoverageOptions(product: ProductDefinition, productCoverage: ProductCoverage, catalogue: CatalogueCoverage, request: CoverageRequest, input: RatingInput): void {
  const field = `coverages.${catalogue.id}`;
  const refuse = (option: string, value: number) => {
    throw new RatingError('invalid-option', `${option} ${grouped(value)} is not offered for ${catalogue.label} with ${product.title}.`, `${field}.${option === 'Limit' ? 'limit' : option === 'Waiting period' ? 'waitingPeriod' : 'deductible'}`);
  };
  if (request.limit !== undefined) {
    if (!catalogue.options.includes('limit') || request.limit > input.aggLimit || request.limit <= 0) refuse('Limit', request.limit);
    if (productCoverage.limits && !productCoverage.limits.includes(request.limit)) refuse('Limit', request.limit);
  }
  if (request.deductible !== undefined && catalogue.options.includes('deductible')) {
    if (!(productCoverage.deductibles ?? product.options.deductibles).includes(request.deductible)) refuse('Deductible', request.deductible);
  }
  if (request.waitingPeriod !== undefined && catalogue.options.includes('waitingPeriod')) {
    if (!(productCoverage.waitingPeriods ?? product.options.waitingPeriods ?? []).includes(request.waitingPeriod)) refuse('Waiting period', request.waitingPeriod);
  }
}
