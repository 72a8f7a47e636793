import { clampToOptions } from '../clamp-option.ts';
import type { RaterDefinitions } from '../rating-types.ts';
import { createP250State, productForState, rerate } from './create-p250-state.ts';
import { clampCoverages, enforceValidity, followAggregate, propagateRetro } from './p250-coverages.ts';
import { endDatesFor, retroPeriod } from './p250-dates.ts';
import { CUSTOM_PRESET, type P250Account, type P250State } from './p250-types.ts';

/** A coverage as a stored quote request names it (the editor's own request, or one made through the API). */
export interface StoredCoverageRequest {
  selected?: boolean | null;
  limit?: number | null;
  deductible?: number | null;
  waitingPeriod?: number | null;
  retroActivePeriod?: number | null;
}

/** The terms of a stored quote request the editor reads back (QuoteRequest of the contract). */
export interface StoredQuoteRequest {
  product: string;
  preset?: string | null;
  effectiveDate: string;
  endDate?: string | null;
  aggLimit: number;
  deductible: number;
  waitingPeriod?: number | null;
  retroActivePeriod?: number | null;
  coverages?: Record<string, StoredCoverageRequest> | null;
}

const given = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

/**
 * The editor's state for the terms a quote was rated on, so an underwriter changes them rather than starting
 * again: the request's preset (custom when it names none or one the account cannot choose), dates and global
 * options with the coverages following them as the editor's own changes would, then each coverage the request
 * names as it names it. A coverage the request leaves out is rated as the rater rates it: mandatory ones in,
 * the rest out. Values outside an option range are clamped into it; the dates are kept even when they have
 * left the start window, which only a change of date is held to.
 */
export function p250StateOfRequest(request: StoredQuoteRequest, account: P250Account, today: string, rater: RaterDefinitions): P250State {
  const product = productForState(rater, request.product);
  const state = createP250State({ product: request.product, account, today, effectiveDate: request.effectiveDate }, rater);
  const { global } = state;
  const previousLimit = global.limit;
  global.limit = clampToOptions(request.aggLimit, product.options.limits);
  global.deductible = clampToOptions(request.deductible, product.options.deductibles);
  if (given(request.waitingPeriod) && product.options.waitingPeriods?.length) global.waitingPeriod = clampToOptions(request.waitingPeriod, product.options.waitingPeriods);
  if (given(request.retroActivePeriod)) global.retroActivePeriod = retroPeriod(request.retroActivePeriod, request.effectiveDate);
  const dates = endDatesFor(request.effectiveDate);
  Object.assign(global, dates, request.endDate ? { endDate: request.endDate } : {});
  followAggregate(state, previousLimit, product, rater);
  clampCoverages(state, 'deductible');
  clampCoverages(state, 'waitingPeriod');
  propagateRetro(state, rater);

  const named = request.coverages ?? {};
  for (const coverage of Object.values(state.coverages)) {
    const choice = named[String(coverage.id)];
    coverage.selected = coverage.mandatory || choice?.selected === true;
    if (!choice) continue;
    if (given(choice.limit) && coverage.options.limits) coverage.limit = clampToOptions(choice.limit, coverage.options.limits);
    if (given(choice.deductible) && coverage.options.deductibles) coverage.deductible = clampToOptions(choice.deductible, coverage.options.deductibles);
    if (given(choice.waitingPeriod) && coverage.options.waitingPeriods) coverage.waitingPeriod = clampToOptions(choice.waitingPeriod, coverage.options.waitingPeriods);
    if (given(choice.retroActivePeriod) && coverage.options.retroActivePeriods) coverage.retroActivePeriod = retroPeriod(choice.retroActivePeriod, request.effectiveDate);
  }
  const presetName = request.preset?.toUpperCase();
  global.preset = state.presets.find((preset) => preset.name.toUpperCase() === presetName)?.id ?? CUSTOM_PRESET;
  enforceValidity(state, rater);
  return rerate(state, rater);
}
