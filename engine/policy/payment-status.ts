import { Decimal } from '../rater/decimal.ts';

/**
 * Where a policy's premium stands with its payer (spec 000 'Policy payment status values'): Unpaid,
 * Partially Paid, Processed, Paid or Failed, from the money recorded against it. Exact decimals: the server
 * answers with it and the payment page shows what it answered.
 */
export type PaymentStatus = 'Unpaid' | 'Partially Paid' | 'Processed' | 'Paid' | 'Failed';
export type TransactionStatus = 'Paid' | 'Failed' | 'In Process' | 'Void';

export interface RecordedPayment {
  status: TransactionStatus;
  amount: string;
}

/** What has been received (Paid transactions only: one in process is not money yet). */
export function amountPaid(payments: readonly RecordedPayment[]): string {
  return Decimal.sum(payments.filter((payment) => payment.status === 'Paid').map((payment) => Decimal.from(payment.amount))).toFixed(2);
}

/** What the payer still owes: the total less what was received, never below zero. */
export function amountDue(totalPremium: string, payments: readonly RecordedPayment[]): string {
  return Decimal.max(Decimal.ZERO, Decimal.from(totalPremium).minus(Decimal.from(amountPaid(payments)))).toFixed(2);
}

/**
 * The status, most recent payment first in `payments`: paid in full; a payment on its way (Processed, only
 * when one exists); something received (Partially Paid); the last attempt refused (Failed); else Unpaid.
 */
export function paymentStatusOf(totalPremium: string, payments: readonly RecordedPayment[]): PaymentStatus {
  if (Decimal.from(amountDue(totalPremium, payments)).isZero()) return 'Paid';
  if (payments.some((payment) => payment.status === 'In Process')) return 'Processed';
  if (!Decimal.from(amountPaid(payments)).isZero()) return 'Partially Paid';
  const latest = payments.find((payment) => payment.status !== 'Void');
  return latest?.status === 'Failed' ? 'Failed' : 'Unpaid';
}

/**
 * The down payment shown to a payer for the instalment plan (spec 000 section 9, spec 002 'Premium
 * financing'): 20% of (payment amount - broker fee - MGA fee), plus the broker and MGA fees, to 2 decimals.
 */
export function installmentDownPayment(paymentAmount: string, brokerFee: string, mgaFee: string): string {
  const fees = Decimal.from(brokerFee).plus(Decimal.from(mgaFee));
  const financed = Decimal.from(paymentAmount).minus(fees);
  return financed.times(Decimal.from('0.2')).plus(fees).toFixed(2);
}
