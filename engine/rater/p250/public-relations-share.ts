import type { CoverageCatalogueDefinition } from '../../definitions/rater-types.ts';
import { Decimal } from '../decimal.ts';

/** The spec's rule (002 section 9) when the catalogue does not state its own. */
export const DEFAULT_PUBLIC_RELATIONS_SHARE = { fixedAmount: 50_000, fixedRegions: ['NY', 'WA'], percentOfLimit: 5 };

/**
 * The public relations coverage's share: a fixed 50,000 in NY and WA, else 5% of the limit. Computed
 * exactly (5% of 1,500,000 is 75,000) and rounded to whole currency units.
 */
export function publicRelationsShare(riskState: string, limit: number, catalogue?: Pick<CoverageCatalogueDefinition, 'publicRelationsShare'>): number {
  const rule = catalogue?.publicRelationsShare ?? DEFAULT_PUBLIC_RELATIONS_SHARE;
  if (rule.fixedRegions.includes(riskState)) return rule.fixedAmount;
  return Decimal.from(limit).times(Decimal.from(rule.percentOfLimit)).dividedBy(Decimal.HUNDRED).round(0).toNumber();
}
