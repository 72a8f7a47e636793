import type { ProductDefinition, RaterPreset } from '../../definitions/rater-types.ts';
import { rateQuote } from '../rate-quote.ts';
import { RatingError } from '../rating-error.ts';
import type { RaterDefinitions } from '../rating-types.ts';
import { clampToOptions } from '../clamp-option.ts';
import { clampCoverages, enforceValidity, followAggregate, initialCoverage, productCoverages, propagateRetro } from './p250-coverages.ts';
import { defaultEffectiveDate, effectiveDateBounds, endDatesFor, retroPeriod } from './p250-dates.ts';
import { findPreset, presetsFor } from './p250-presets.ts';
import { p250RatingInput } from './p250-rating-input.ts';
import { CUSTOM_PRESET, type CreateP250StateInput, type P250CoverageState, type P250State } from './p250-types.ts';

/** Spec 002 section 9 'P250 defaults', used where the product definition does not state its own. */
export const P250_DEFAULTS = { preset: 2, limit: 1_000_000, deductible: 25_000, waitingPeriod: 12, retroActivePeriod: -1 } as const;

export function productForState(rater: RaterDefinitions, code: string): ProductDefinition {
  const product = rater.products.get(code);
  if (product) return product;
  const elsewhere = rater.allProducts.get(code);
  if (elsewhere) throw new RatingError('product-not-offered', `${elsewhere.title} is not offered in the ${rater.edition.toUpperCase()} edition.`, 'product');
  throw new RatingError('unknown-product', `There is no product ${code}.`, 'product');
}

/**
 * A new P250 quote state for an account: the product's defaults (preset 2 POPULAR, limit 1,000,000,
 * deductible 25,000, waiting period 12 hours, full prior acts), effective 14 days from today and ending a
 * year later, every coverage clamped into its options, answered-but-invalid coverages unselected, rated.
 * An unknown product or preset name is a RatingError (typed, with a sentence for the user).
 */
export function createP250State(input: CreateP250StateInput, rater: RaterDefinitions): P250State {
  const code = input.product ?? 'P250';
  const product = productForState(rater, code);
  const defaults = { ...P250_DEFAULTS, ...product.options.defaults };
  const effectiveDate = input.effectiveDate ?? defaultEffectiveDate(input.today);
  const presets = presetsFor(rater, code, input.account.industryCode, input.account.agencyId);
  const state: P250State = {
    product: code,
    edition: rater.edition,
    today: input.today,
    account: { ...input.account, ...(input.account.securityQuestions ? { securityQuestions: { ...input.account.securityQuestions } } : {}) },
    global: {
      preset: CUSTOM_PRESET,
      limit: defaults.limit,
      deductible: defaults.deductible,
      waitingPeriod: defaults.waitingPeriod,
      retroActivePeriod: retroPeriod(defaults.retroActivePeriod, effectiveDate),
      effectiveDate,
      ...endDatesFor(effectiveDate),
      ...effectiveDateBounds(input.today),
    },
    coverages: {},
    options: {
      limits: product.options.limits,
      deductibles: product.options.deductibles,
      waitingPeriods: product.options.waitingPeriods ?? [],
      retroActivePeriods: product.options.retroActivePeriods ?? [],
    },
    presets: presets.map((preset) => ({ id: preset.id, name: preset.name, label: preset.label ?? preset.name })),
    ui: { ratingRevision: 0, errors: {} },
    rating: { ok: false, code: 'invalid-input', reason: 'Not rated yet.' },
  };
  for (const { productCoverage, catalogue } of productCoverages(product, rater)) {
    state.coverages[catalogue.id] = initialCoverage(product, productCoverage, catalogue, state, rater);
  }
  const wanted = input.presetName ?? defaults.preset;
  const preset = findPreset(presets, wanted);
  if (preset) applyPreset(state, preset, product, rater);
  else if (input.presetName !== undefined) throw new RatingError('invalid-option', `There is no preset ${input.presetName} for ${product.title}.`, 'presetName');
  enforceValidity(state, rater);
  return rerate(state, rater);
}

/** Sets the global options and the selection of a preset; the coverages follow the global options. */
export function applyPreset(state: P250State, preset: RaterPreset, product: ProductDefinition, rater: RaterDefinitions): void {
  const { global } = state;
  const previousLimit = global.limit;
  if (preset.limit !== undefined) global.limit = clampToOptions(preset.limit, product.options.limits);
  if (preset.deductible !== undefined) global.deductible = clampToOptions(preset.deductible, product.options.deductibles);
  if (preset.waitingPeriod !== undefined && product.options.waitingPeriods?.length) global.waitingPeriod = clampToOptions(preset.waitingPeriod, product.options.waitingPeriods);
  if (preset.retroActivePeriod !== undefined) global.retroActivePeriod = retroPeriod(preset.retroActivePeriod, global.effectiveDate);
  followAggregate(state, previousLimit, product, rater);
  clampCoverages(state, 'deductible');
  clampCoverages(state, 'waitingPeriod');
  propagateRetro(state, rater);
  const chosen = new Set(preset.coverages);
  for (const coverage of Object.values(state.coverages) as P250CoverageState[]) {
    coverage.selected = coverage.mandatory || chosen.has(coverage.id);
    const limit = preset.coverageLimits?.[String(coverage.id)];
    if (limit !== undefined && coverage.options.limits) coverage.limit = clampToOptions(limit, coverage.options.limits);
  }
  global.preset = preset.id;
}

/** The state with a fresh premium (every change re-rates: a rating takes well under a millisecond). */
export function rerate(state: P250State, rater: RaterDefinitions): P250State {
  state.rating = rateQuote(p250RatingInput(state), rater);
  state.ui.ratingRevision += 1;
  return state;
}
