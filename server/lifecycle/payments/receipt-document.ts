import { formatDate, formatMoney, type Edition, type Schedule } from '../../../engine/index.ts';
import { renderDocument } from '../../documents/pdf-document.ts';
import { scheduleChargesBlock } from '../../documents/schedule-blocks.ts';
import type { PolicyRow } from '../policies/policy-repository.ts';
import type { TransactionRow } from '../ledger/transaction-repository.ts';
import { DOCUMENT_PROVIDER } from '../../constants.ts';


/**
 * A payment receipt: what was received, for which policy, how, and what remains due, under the policy's
 * schedule of charges (premium, each fee and tax by name, the total), so the receipt's figures are the
 * invoice's.
 */
export async function receiptPdf(transaction: TransactionRow, policy: PolicyRow, schedule: Schedule, balanceDue: string, edition: Edition): Promise<Uint8Array> {
  const money = (value: string) => formatMoney(Number(value), edition);
  const instrument = transaction.last4 ? `${transaction.payment_method} (${transaction.brand ?? ''} ending ${transaction.last4})` : transaction.payment_method;
  return renderDocument(
    { title: `Receipt ${transaction.transaction_id}`, author: DOCUMENT_PROVIDER, footer: `${DOCUMENT_PROVIDER} - ${transaction.transaction_id} - ${policy.policy_number}`, createdAt: new Date(transaction.created_at) },
    [
      { kind: 'heading', text: transaction.status === 'Paid' ? 'Payment Receipt' : `Payment ${transaction.status}` },
      { kind: 'paragraph', text: `${policy.company_name} - policy ${policy.policy_number}` },
      {
        kind: 'fields',
        fields: [
          ['Transaction', transaction.transaction_id],
          ['Invoice', transaction.invoice_number],
          ['Status', transaction.status],
          ['Payment Date', formatDate(transaction.payment_date, edition.locale)],
          ['Amount', money(transaction.amount_paid)],
          ['Paid By', instrument],
          ['Processor', transaction.processor_name],
          ...(transaction.failure_reason ? [['Reason', transaction.failure_reason] as [string, string]] : []),
          ['Balance Due', money(balanceDue)],
        ],
      },
      { kind: 'subheading', text: 'Policy Charges' },
      scheduleChargesBlock(schedule, edition),
      { kind: 'paragraph', text: transaction.status === 'Paid' ? 'Thank you for your payment.' : 'This is a record of the payment attempt; it is not evidence that the premium was received.' },
    ],
  );
}
