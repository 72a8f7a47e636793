import { addDays } from '../../../engine/index.ts';
import { PAYMENT_DUE_DAYS } from '../../constants.ts';

/** The invoice number the payment transactions carry for a policy (billing/handlers.ts). */
export const invoiceNumberOf = (policyNumber: string) => `INV-${policyNumber}`;

/** The premium's due date: PAYMENT_DUE_DAYS after the day the policy was issued (UTC, as the payment page says). */
export function paymentDueDate(issuedAt: Date | string): string {
  return addDays(new Date(issuedAt).toISOString().slice(0, 10), PAYMENT_DUE_DAYS);
}
