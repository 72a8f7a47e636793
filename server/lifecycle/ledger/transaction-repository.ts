import { audit } from '../../audit.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import type { TransactionStatus } from '../../../engine/index.ts';
import type { PaymentKind, ProcessorCharge } from './charge.ts';

/** A transaction as the payment page, the policy page and receipts read it. */
export interface TransactionRow {
  id: string;
  transaction_id: string;
  invoice_number: string;
  /** Null while the payment is a binder's (quote_id), until its policy is issued. */
  policy_id: string | null;
  quote_id: string | null;
  status: TransactionStatus;
  payment_date: string;
  payment_method: string;
  processor_name: string;
  amount_paid: string;
  currency: 'USD' | 'GBP';
  payment_desc: string | null;
  brand: string | null;
  last4: string | null;
  failure_reason: string | null;
  created_at: Date;
}

const COLUMNS = `id, transaction_id, invoice_number, policy_id, quote_id, status, payment_date::text AS payment_date, payment_method, processor_name,
  amount_paid::text AS amount_paid, currency, payment_desc, brand, last4, failure_reason, created_at`;

export function toTransaction(row: TransactionRow) {
  return {
    id: row.id,
    transactionId: row.transaction_id,
    invoiceNumber: row.invoice_number,
    policyId: row.policy_id,
    quoteId: row.quote_id,
    status: row.status,
    paymentDate: row.payment_date,
    paymentMethod: row.payment_method,
    processorName: row.processor_name,
    amountPaid: Number(row.amount_paid).toFixed(2),
    currency: row.currency,
    paymentDesc: row.payment_desc,
    instrument: row.last4 ? `${row.brand ?? ''} ending ${row.last4}`.trim() : null,
    failureReason: row.failure_reason,
    created: new Date(row.created_at).toISOString(),
  };
}

/** Most recent first: the payment status reads the latest attempt first. */
export function transactionsOf(db: Queryable, policyId: string): Promise<TransactionRow[]> {
  return db.query<TransactionRow>(`SELECT ${COLUMNS} FROM payment_transactions WHERE policy_id = $1 ORDER BY created_at DESC, id DESC`, [policyId]);
}

export async function transactionById(db: Queryable, id: string): Promise<TransactionRow | null> {
  const [row] = await db.query<TransactionRow>(`SELECT ${COLUMNS} FROM payment_transactions WHERE id = $1`, [id]);
  return row ?? null;
}

/** 'T-2026-000042': the console's number of a transaction, shown on receipts; one sequence for every way money is recorded. */
export async function nextTransactionNumber(tx: Queryable, at: Date): Promise<string> {
  const [next] = await tx.query<{ next: number }>(`SELECT nextval('payment_transaction_seq')::int AS next`);
  return `T-${at.getUTCFullYear()}-${String(next!.next).padStart(6, '0')}`;
}

const STATUS_OF: Record<ProcessorCharge['status'], TransactionStatus> = { processing: 'In Process', succeeded: 'Paid', failed: 'Failed' };
const METHOD_OF: Record<PaymentKind, string> = { creditCard: 'Credit Card', bankAccount: 'Bank Account' };

export interface ChargeContext {
  processorName: string;
  policy: { id: string; policy_number: string; account_id: string };
  checkoutId?: string | null;
  idempotencyKey?: string | null;
  userId: string | null;
  address: string | null;
}

/**
 * A processor's charge as the policy's transaction, whether the console learns of it from the processor's
 * answer, a read of the hosted form or a webhook: one row per charge, its status only ever moving forward
 * (In Process to Paid or Failed). A method the payer asked to keep is saved on the insured's account. Every
 * change is audited (money).
 */
export async function recordCharge(tx: Queryable, clock: Clock, charge: ProcessorCharge, context: ChargeContext): Promise<TransactionRow> {
  const now = clock.now();
  const status = STATUS_OF[charge.status];
  const [existing] = await tx.query<{ id: string; status: TransactionStatus }>(
    'SELECT id, status FROM payment_transactions WHERE processor_charge_id = $1 FOR UPDATE', [charge.id],
  );
  let id: string;
  if (existing) {
    id = existing.id;
    if (existing.status === 'In Process' && status !== 'In Process') {
      await tx.query('UPDATE payment_transactions SET status = $2, failure_reason = $3, payment_date = $4, modified_at = $5 WHERE id = $1',
        [id, status, charge.failureMessage, now.toISOString().slice(0, 10), now]);
      await audit(tx, clock, { actorUserId: null, action: 'payment.settled', target: context.policy.id, address: context.address,
        detail: { policyNumber: context.policy.policy_number, transaction: id, from: existing.status, to: status, amount: charge.amount } });
    }
  } else {
    const transactionId = await nextTransactionNumber(tx, now);
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO payment_transactions (transaction_id, invoice_number, policy_id, status, payment_date, payment_method, processor_name, amount_paid,
         currency, payment_desc, brand, last4, failure_reason, processor_charge_id, idempotency_key, checkout_id, paid_by, created_at, modified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18) RETURNING id`,
      [transactionId, `INV-${context.policy.policy_number}`, context.policy.id, status, now.toISOString().slice(0, 10), METHOD_OF[charge.kind],
        context.processorName, charge.amount, charge.currency, `Premium for policy ${context.policy.policy_number}`, charge.brand, charge.last4,
        charge.failureMessage, charge.id, context.idempotencyKey ?? null, context.checkoutId ?? null, context.userId, now],
    );
    id = row!.id;
    await audit(tx, clock, { actorUserId: context.userId, action: 'payment.recorded', target: context.policy.id, address: context.address,
      detail: { policyNumber: context.policy.policy_number, transaction: transactionId, status, amount: charge.amount, method: METHOD_OF[charge.kind] } });
  }
  if (charge.savedToken) {
    const [saved] = await tx.query<{ id: string }>(
      `INSERT INTO payment_methods (account_id, processor, token, kind, brand, last4, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (processor, token) DO NOTHING RETURNING id`,
      [context.policy.account_id, context.processorName, charge.savedToken, charge.kind, charge.brand, charge.last4, context.userId, now],
    );
    if (saved) {
      await audit(tx, clock, { actorUserId: context.userId, action: 'payment.method-saved', target: context.policy.account_id, address: context.address,
        detail: { kind: charge.kind, brand: charge.brand, last4: charge.last4 } });
    }
  }
  return (await transactionById(tx, id))!;
}
