import type { RaterDefinitions } from '../rating-types.ts';
import { clampToOptions } from '../clamp-option.ts';
import { applyPreset, productForState, rerate } from './create-p250-state.ts';
import { clampCoverages, enforceValidity, followAggregate, propagateRetro, retroDatesFollow } from './p250-coverages.ts';
import { endDatesFor, P250_DATE_TEXTS, retroPeriod } from './p250-dates.ts';
import { findPreset, presetsFor } from './p250-presets.ts';
import { CUSTOM_PRESET, type P250Change, type P250CoverageState, type P250State } from './p250-types.ts';

const grouped = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * The P250 editor's clamping rules (spec 002 sections 4 and 9), the one bespoke part of the rater:
 * - the global limit moves coverages at their default with it, clamps the others, recomputes public relations;
 * - the global deductible or waiting period clamps each coverage's value into its option range;
 * - the global retro period is copied to the retro-linked coverages (0, 1, 2, 14, 30, 31, 33, 37);
 * - the effective date sets the end date a year later, the end date bounds, and moves date-type retro periods;
 * - any coverage change sets the preset to custom (-1);
 * - security answers unselect answered-but-invalid coverages;
 * and every change re-rates. The state given is not changed: a new one is returned. A value that is not
 * allowed leaves the state as it was, with the reason under ui.errors[field].
 */
export function applyP250Change(previous: P250State, change: P250Change, rater: RaterDefinitions): P250State {
  // The rating is replaced by the re-rate below: only the rest of the state is copied.
  const { rating, ...rest } = previous;
  const state: P250State = { ...structuredClone(rest), rating };
  state.ui.errors = {};
  const product = productForState(rater, state.product);
  const { global, options } = state;
  const refuse = (field: string, message: string): P250State => ({ ...previous, ui: { ...previous.ui, errors: { [field]: message } } });
  const offered = (value: number, list: number[]) => list.includes(value);

  switch (change.type) {
    case 'limit': {
      if (!offered(change.value, options.limits)) return refuse('limit', `Limit ${grouped(change.value)} is not offered (${grouped(options.limits[0]!)} to ${grouped(options.limits[options.limits.length - 1]!)}).`);
      const previousLimit = global.limit;
      global.limit = change.value;
      followAggregate(state, previousLimit, product, rater);
      break;
    }
    case 'deductible':
      if (!offered(change.value, options.deductibles)) return refuse('deductible', `Deductible ${grouped(change.value)} is not offered.`);
      global.deductible = change.value;
      clampCoverages(state, 'deductible');
      break;
    case 'waitingPeriod':
      if (!offered(change.value, options.waitingPeriods)) return refuse('waitingPeriod', `Waiting period ${change.value} hours is not offered.`);
      global.waitingPeriod = change.value;
      clampCoverages(state, 'waitingPeriod');
      break;
    case 'retroActivePeriod':
      if (!options.retroActivePeriods.some((option) => option.value === change.value)) return refuse('retroActivePeriod', `Retroactive period ${change.value} is not offered.`);
      global.retroActivePeriod = retroPeriod(change.value, global.effectiveDate);
      propagateRetro(state, rater);
      break;
    case 'effectiveDate':
      if (!(change.value >= global.minEffectiveDate && change.value <= global.maxEffectiveDate)) {
        return refuse('effectiveDate', P250_DATE_TEXTS.effectiveDate(global.minEffectiveDate, global.maxEffectiveDate));
      }
      global.effectiveDate = change.value;
      Object.assign(global, endDatesFor(change.value));
      retroDatesFollow(state);
      break;
    case 'endDate':
      if (!(change.value >= global.minEndDate && change.value <= global.maxEndDate)) {
        return refuse('endDate', P250_DATE_TEXTS.endDate(global.minEndDate, global.maxEndDate));
      }
      global.endDate = change.value;
      break;
    case 'preset': {
      if (change.value === CUSTOM_PRESET) {
        global.preset = CUSTOM_PRESET;
        break;
      }
      const preset = findPreset(presetsFor(rater, state.product, state.account.industryCode, state.account.agencyId), change.value);
      if (!preset) return refuse('preset', `There is no preset ${change.value}.`);
      applyPreset(state, preset, product, rater);
      break;
    }
    case 'securityQuestions':
      state.account.securityQuestions = { ...change.value };
      break;
    case 'coverage': {
      const coverage = state.coverages[change.id];
      const field = `coverages.${change.id}.${change.field}`;
      if (!coverage) return refuse(field, `Coverage ${change.id} is not part of this quote.`);
      const problem = changeCoverage(coverage, change, global.effectiveDate);
      if (problem) return refuse(field, problem);
      global.preset = CUSTOM_PRESET;
      break;
    }
  }
  enforceValidity(state, rater);
  return rerate(state, rater);
}

/** Applies one coverage change in place; answers why when the change is not allowed. */
function changeCoverage(coverage: P250CoverageState, change: Extract<P250Change, { type: 'coverage' }>, effectiveDate: string): string | undefined {
  if (coverage.locked) return `${coverage.label} is locked.`;
  if (change.field === 'selected') {
    if (coverage.mandatory && !change.value) return `${coverage.label} is mandatory.`;
    if (change.value && coverage.answered && !coverage.valid) return `${coverage.label} is not available: the security answers do not qualify.`;
    coverage.selected = change.value;
    return undefined;
  }
  const value = change.value;
  switch (change.field) {
    case 'limit':
      if (!coverage.options.limits) return `${coverage.label} has no limit of its own.`;
      coverage.limit = clampToOptions(value, coverage.options.limits);
      return undefined;
    case 'deductible':
      if (!coverage.options.deductibles) return `${coverage.label} has no deductible of its own.`;
      coverage.deductible = clampToOptions(value, coverage.options.deductibles);
      return undefined;
    case 'waitingPeriod':
      if (!coverage.options.waitingPeriods) return `${coverage.label} has no waiting period of its own.`;
      coverage.waitingPeriod = clampToOptions(value, coverage.options.waitingPeriods);
      return undefined;
    case 'retroActivePeriod':
      if (!coverage.options.retroActivePeriods?.some((option) => option.value === value)) return `Retroactive period ${value} is not offered for ${coverage.label}.`;
      coverage.retroActivePeriod = retroPeriod(value, effectiveDate);
      return undefined;
  }
}
