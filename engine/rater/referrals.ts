import type { ProductDefinition } from '../definitions/rater-types.ts';
import { evaluateLogic } from '../rules/evaluate-logic.ts';
import type { RatingInput } from './rating-types.ts';

/** A referral rule that holds for a risk: which rule, and the reason the underwriter reads. */
export interface Referral {
  id: string;
  reason: string;
}

/**
 * The product's referral rules (its definition's `referrals`, json-logic over the rating input) that hold for
 * this risk: a quote they hold for is rated as usual but goes to an underwriter (REFERRED) instead of being
 * offered (READY). Staff change the thresholds in the product definition, like any rule.
 */
export function referralsOf(product: ProductDefinition, input: RatingInput): Referral[] {
  const scope = input as unknown as Record<string, unknown>;
  return (product.referrals ?? []).filter((rule) => Boolean(evaluateLogic(rule.when, scope))).map((rule) => ({ id: rule.id, reason: rule.reason }));
}
