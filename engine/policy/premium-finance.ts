import { Decimal } from '../rater/decimal.ts';
import { addDays, addMonths } from '../rater/iso-date.ts';

/**
 * Premium financing (spec 002 'Premium financing'; spec 000 section 9): the premium less the down payment is
 * lent by a premium finance company and repaid in monthly instalments, the first one day after
 * FirstInstallmentDue. An instalment is the level payment of an amortised loan at the APR; the finance
 * charge is what the instalments add to the amount financed. Exact decimals (12 places), money to the cent.
 */
export interface FinanceTerms {
  totalPremium: string;
  downPayment: string;
  /** Annual percentage rate, as a percentage ('9.5'). */
  apr: string | number;
  numberOfInstallments: number;
  firstInstallmentDue: string;
}

/**
 * The premium a finance company may lend against (spec 002 section 9: 'Financed premium is the total premium
 * minus broker fee and MGA fee'): the fees are never financed, the down payment carries them.
 */
export function financeablePremium(totalPremium: string, brokerFee: string, mgaFee: string): string {
  return Decimal.max(Decimal.ZERO, Decimal.from(totalPremium).minus(Decimal.from(brokerFee)).minus(Decimal.from(mgaFee))).toFixed(2);
}

/** What is lent: the total premium less the down payment, never below zero. */
export function amountFinanced(totalPremium: string | number, downPayment: string | number): string {
  return Decimal.max(Decimal.ZERO, Decimal.from(totalPremium).minus(Decimal.from(downPayment))).toFixed(2);
}

/** The level monthly payment repaying `financed` over `count` months at `apr` percent a year. */
export function installmentAmount(financed: string | number, apr: string | number, count: number): string {
  const principal = Decimal.from(financed);
  if (count <= 0 || principal.compare(Decimal.ZERO) <= 0) return Decimal.ZERO.toFixed(2);
  const monthly = Decimal.from(apr).dividedBy(Decimal.from(1200));
  if (monthly.isZero()) return principal.dividedBy(Decimal.from(count)).toFixed(2);
  let growth = Decimal.ONE;
  const step = Decimal.ONE.plus(monthly);
  for (let month = 0; month < count; month += 1) growth = growth.times(step);
  return principal.times(monthly).times(growth).dividedBy(growth.minus(Decimal.ONE)).toFixed(2);
}

/** The finance quote shown to the payer: what is financed, each instalment, the charge and the schedule. */
export function financeQuoteOf(terms: FinanceTerms) {
  const financed = Decimal.from(amountFinanced(terms.totalPremium, terms.downPayment));
  const installment = installmentAmount(financed.toFixed(2), terms.apr, terms.numberOfInstallments);
  const repaid = Decimal.from(installment).times(Decimal.from(terms.numberOfInstallments));
  const firstDate = addDays(terms.firstInstallmentDue, 1);
  return {
    amountFinanced: financed.toFixed(2),
    installmentAmount: installment,
    financeCharge: Decimal.max(Decimal.ZERO, repaid.minus(financed)).toFixed(2),
    totalPaymentAmount: Decimal.from(terms.downPayment).plus(repaid).toFixed(2),
    schedule: Array.from({ length: terms.numberOfInstallments }, (_, index) => ({ number: index + 1, dueDate: addMonths(firstDate, index), amount: installment })),
  };
}
