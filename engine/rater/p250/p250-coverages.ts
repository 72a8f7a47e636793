import type { CatalogueCoverage, ProductCoverage, ProductDefinition } from '../../definitions/rater-types.ts';
import { coverageValidity } from '../coverage-validity.ts';
import type { RaterDefinitions } from '../rating-types.ts';
import { clampToOptions } from '../clamp-option.ts';
import { publicRelationsShare } from './public-relations-share.ts';
import { retroPeriod } from './p250-dates.ts';
import { CUSTOM_PRESET, type P250CoverageOptions, type P250CoverageState, type P250State } from './p250-types.ts';

/** The option lists of one coverage at an aggregate limit: a coverage's limit never exceeds the aggregate. */
export function coverageOptions(product: ProductDefinition, productCoverage: ProductCoverage, catalogue: CatalogueCoverage, aggregate: number): P250CoverageOptions {
  const options: P250CoverageOptions = {};
  if (catalogue.options.includes('limit')) options.limits = (productCoverage.limits ?? product.options.limits).filter((limit) => limit <= aggregate);
  if (catalogue.options.includes('deductible')) options.deductibles = productCoverage.deductibles ?? product.options.deductibles;
  if (catalogue.options.includes('waitingPeriod')) options.waitingPeriods = productCoverage.waitingPeriods ?? product.options.waitingPeriods ?? [];
  if (catalogue.options.includes('retroActivePeriod')) options.retroActivePeriods = product.options.retroActivePeriods ?? [];
  return options;
}

/** A coverage's starting state under the global settings: each option follows the global one, clamped into the coverage's range. */
export function initialCoverage(product: ProductDefinition, productCoverage: ProductCoverage, catalogue: CatalogueCoverage, state: Pick<P250State, 'global' | 'account'>, rater: RaterDefinitions): P250CoverageState {
  const { global } = state;
  const options = coverageOptions(product, productCoverage, catalogue, global.limit);
  const coverage: P250CoverageState = {
    id: catalogue.id,
    key: catalogue.key,
    label: catalogue.label,
    group: catalogue.group,
    order: catalogue.order,
    mandatory: catalogue.mandatory,
    locked: catalogue.locked,
    selected: catalogue.mandatory || Boolean(productCoverage.selectedByDefault),
    options,
  };
  if (options.limits) coverage.limit = clampToOptions(global.limit, options.limits);
  if (catalogue.limitRule === 'public-relations-share') coverage.limit = publicRelationsShare(state.account.state, global.limit, rater.catalogue);
  if (options.deductibles) coverage.deductible = clampToOptions(global.deductible, options.deductibles);
  if (options.waitingPeriods) coverage.waitingPeriod = clampToOptions(global.waitingPeriod, options.waitingPeriods);
  if (options.retroActivePeriods) coverage.retroActivePeriod = { ...global.retroActivePeriod };
  return coverage;
}

/** The product's coverages the edition sells, keyed by id. */
export function productCoverages(product: ProductDefinition, rater: RaterDefinitions): { productCoverage: ProductCoverage; catalogue: CatalogueCoverage }[] {
  return product.coverages
    .map((productCoverage) => ({ productCoverage, catalogue: rater.coverages.get(productCoverage.id)! }))
    .filter(({ catalogue }) => catalogue?.available);
}

/**
 * Records whether each coverage's security questions are answered and valid, and unselects the
 * answered-but-invalid ones (spec 002 section 4). Unselecting a coverage is a coverage change: the
 * preset becomes custom.
 */
export function enforceValidity(state: P250State, rater: RaterDefinitions): void {
  const validity = coverageValidity(state.account.securityQuestions, rater.catalogue);
  for (const coverage of Object.values(state.coverages)) {
    const check = validity[coverage.id];
    if (!check) continue;
    coverage.answered = check.answered;
    coverage.valid = check.valid;
    if (check.answered && !check.valid && coverage.selected && !coverage.mandatory) {
      coverage.selected = false;
      state.global.preset = CUSTOM_PRESET;
    }
  }
}

/** Moves the coverages to a new aggregate limit: a coverage at its default follows, others are clamped; public relations is recomputed. */
export function followAggregate(state: P250State, previousLimit: number, product: ProductDefinition, rater: RaterDefinitions): void {
  for (const { productCoverage, catalogue } of productCoverages(product, rater)) {
    const coverage = state.coverages[catalogue.id];
    if (!coverage) continue;
    const previousOptions = coverage.options.limits;
    const fresh = coverageOptions(product, productCoverage, catalogue, state.global.limit);
    if (fresh.limits) coverage.options = { ...coverage.options, limits: fresh.limits };
    if (coverage.options.limits && coverage.limit !== undefined) {
      const atDefault = coverage.limit === clampToOptions(previousLimit, previousOptions);
      coverage.limit = clampToOptions(atDefault ? state.global.limit : coverage.limit, coverage.options.limits);
    }
    if (catalogue.limitRule === 'public-relations-share') coverage.limit = publicRelationsShare(state.account.state, state.global.limit, rater.catalogue);
  }
}

/** Clamps each coverage's deductible or waiting period to the new global value within its option range. */
export function clampCoverages(state: P250State, field: 'deductible' | 'waitingPeriod'): void {
  const optionsOf = (coverage: P250CoverageState) => (field === 'deductible' ? coverage.options.deductibles : coverage.options.waitingPeriods);
  for (const coverage of Object.values(state.coverages)) {
    const options = optionsOf(coverage);
    if (options) coverage[field] = clampToOptions(state.global[field], options);
  }
}

/** Copies the global retroactive period to the retro-linked coverages (0, 1, 2, 14, 30, 31, 33, 37). */
export function propagateRetro(state: P250State, rater: RaterDefinitions): void {
  for (const coverage of Object.values(state.coverages)) {
    if (rater.coverages.get(coverage.id)?.retroLinked && coverage.options.retroActivePeriods) coverage.retroActivePeriod = { ...state.global.retroActivePeriod };
  }
}

/** Date-type retro periods follow a new effective date. */
export function retroDatesFollow(state: P250State): void {
  const follow = (period: { value: number; asDate: string | null } | undefined) => (period && period.asDate !== null ? retroPeriod(period.value, state.global.effectiveDate) : period);
  state.global.retroActivePeriod = follow(state.global.retroActivePeriod)!;
  for (const coverage of Object.values(state.coverages)) {
    if (coverage.retroActivePeriod) coverage.retroActivePeriod = follow(coverage.retroActivePeriod);
  }
}

