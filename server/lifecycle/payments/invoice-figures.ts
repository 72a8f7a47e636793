import { amountDue, amountPaid } from '../../../engine/index.ts';
import type { Queryable } from '../../db/database.ts';
import { liveFinancingOf, owedByPayer } from '../ledger/financing-repository.ts';
import { invoiceNumberOf, paymentDueDate } from '../ledger/invoice-terms.ts';
import type { PolicyRow } from '../policies/policy-repository.ts';
import type { InvoiceFigures } from './invoice-document.ts';
import { transactionsOf } from '../ledger/transaction-repository.ts';

/** A policy's invoice as it stands: the same number, due day and balance the payment page and reminders use. */
export async function invoiceFiguresOf(db: Queryable, policy: PolicyRow): Promise<InvoiceFigures> {
  const payments = (await transactionsOf(db, policy.id)).map((row) => ({ status: row.status, amount: row.amount_paid }));
  const financing = await liveFinancingOf(db, policy.id);
  const accepted = financing?.status === 'ACCEPTED' ? financing : null;
  return {
    invoiceNumber: invoiceNumberOf(policy.policy_number),
    issuedOn: new Date(policy.issued_at).toISOString().slice(0, 10),
    dueDate: paymentDueDate(policy.issued_at),
    amountPaid: amountPaid(payments),
    balanceDue: amountDue(owedByPayer(policy.total_premium, financing), payments),
    financing: accepted ? { downPayment: accepted.down_payment, financerName: accepted.financer_name, financedAmount: accepted.amount_financed } : null,
  };
}
