import type { CatalogueCoverage, ProductCoverage, ProductDefinition } from '../definitions/rater-types.ts';
import { clampToOptions } from './clamp-option.ts';
import { addYears } from './iso-date.ts';
import { publicRelationsShare } from './p250/public-relations-share.ts';
import type { CoverageRequest, RaterDefinitions, RatingInput } from './rating-types.ts';
import type { ScheduleCoverage } from './schedule.ts';

interface CoverageAsRated {
  catalogue: CatalogueCoverage;
  productCoverage: ProductCoverage;
  /** The coverage's request with the rater's defaults filled in. */
  request: CoverageRequest;
  product: ProductDefinition;
  input: RatingInput;
  /** The quote's waiting and retroactive periods, after the product's defaults. */
  options: { waitingPeriod?: number; retroActivePeriod?: number };
  rater: RaterDefinitions;
}

/**
 * One coverage of the schedule, with the values the P250 editor shows for it: its own option where it takes
 * one, else the quote's; public relations at its share of the aggregate (spec 002 section 9: a fixed amount
 * in some states, else 5% of the limit), never the aggregate itself.
 */
export function scheduleCoverageOf({ catalogue, productCoverage, request, product, input, options, rater }: CoverageAsRated): ScheduleCoverage {
  const takes = (option: CatalogueCoverage['options'][number]) => catalogue.options.includes(option);
  const limit = catalogue.limitRule === 'public-relations-share'
    ? publicRelationsShare(input.riskState, input.aggLimit, rater.catalogue)
    : takes('limit') && request.limit !== undefined ? request.limit : input.aggLimit;
  const coverage: ScheduleCoverage = {
    id: catalogue.id,
    key: catalogue.key,
    label: catalogue.label,
    group: catalogue.group,
    limit,
    retention: takes('deductible') && request.deductible !== undefined ? request.deductible : input.deductible,
  };
  if (takes('waitingPeriod')) {
    const choices = productCoverage.waitingPeriods ?? product.options.waitingPeriods ?? [];
    const waiting = request.waitingPeriod ?? (options.waitingPeriod !== undefined && choices.length ? clampToOptions(options.waitingPeriod, choices) : options.waitingPeriod);
    if (waiting !== undefined) coverage.waitingPeriod = waiting;
  }
  if (takes('retroActivePeriod') || catalogue.retroLinked) {
    const period = request.retroActivePeriod ?? options.retroActivePeriod;
    if (period !== undefined) {
      coverage.retroActivePeriod = period;
      if (period > 0) coverage.retroActiveDate = addYears(input.effectiveDate, -period);
    }
  }
  return coverage;
}
