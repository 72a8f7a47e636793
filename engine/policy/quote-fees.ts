import { Decimal } from '../rater/decimal.ts';

/**
 * The broker's and the MGA's fees on a quote (spec 002 section 3 Quote 'Fees: brokerFee, mgaFee,
 * additionalBrokerFee'). They sit outside the rating: the rater's total is premium, the rating tables' policy
 * fees and the taxes on them; the payer owes that plus these fees, which is why financing and the payer's
 * down payment take them back out (spec 002 section 9: financed premium = total premium - broker fee - MGA fee).
 * The fees are not taxed here: the illustrative tax tables tax the premium and the policy fees only.
 */
export interface QuoteFees {
  brokerFee: string | number;
  additionalBrokerFee: string | number;
  mgaFee: string | number;
}

export const NO_FEES: QuoteFees = { brokerFee: 0, additionalBrokerFee: 0, mgaFee: 0 };

/** Every fee as an exact amount to the cent. */
export function feeAmounts(fees: QuoteFees): { brokerFee: string; additionalBrokerFee: string; mgaFee: string } {
  return {
    brokerFee: Decimal.from(fees.brokerFee).toFixed(2),
    additionalBrokerFee: Decimal.from(fees.additionalBrokerFee).toFixed(2),
    mgaFee: Decimal.from(fees.mgaFee).toFixed(2),
  };
}

/** What the payer owes for a rated quote: the rater's total plus the broker, additional broker and MGA fees. */
export function totalPremiumWithFees(ratedTotal: string | number, fees: QuoteFees): string {
  const amounts = feeAmounts(fees);
  return Decimal.from(ratedTotal).plus(Decimal.from(amounts.brokerFee)).plus(Decimal.from(amounts.additionalBrokerFee))
    .plus(Decimal.from(amounts.mgaFee)).toFixed(2);
}
