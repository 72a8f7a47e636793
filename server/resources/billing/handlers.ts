import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { amountDueOf, findVisiblePolicy, type PolicyRow, findVisibleQuote, keepReceipt, nextTransactionNumber, toTransaction, transactionById } from '../../lifecycle/index.ts';
import { BILLING_TEXTS } from './billing-texts.ts';
import { searchOutstandingBalances } from './balance-list.ts';
import { searchVisibleTransactions } from './transaction-list.ts';

const money = (value: unknown) => Number(value).toFixed(2);

/** What a transaction is recorded on: a policy, or a binder (the bound quote) before its policy is issued. */
interface Payee {
  policyId: string | null;
  quoteId: string | null;
  invoiceNumber: string;
  currency: string;
}

/**
 * The provider's bookkeeping of premium payments (spec 002 section 3 'Record and close transactions'):
 * the transactions list, a transaction corrected with every required field, a payment received outside the
 * processor (a check or a wire) applied to a policy or to a bound binder, and a policy's payment closed with
 * a comment (what is still due is credited, so nothing more is asked of the payer). Every change is audited.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock } = services;

  async function visiblePolicy(caller: Caller, id: string, tx: Queryable = db, lock = false): Promise<PolicyRow> {
    const policy = await findVisiblePolicy(tx, caller, id, lock);
    if (!policy) throw notFound(BILLING_TEXTS.policyNotFound);
    return policy;
  }

  /** A transaction within the tenant rule of its policy, or of its binder while the policy is not issued. */
  async function visibleTransaction(caller: Caller, id: string, tx: Queryable = db) {
    const transaction = await transactionById(tx, id);
    const visible = transaction?.policy_id
      ? await findVisiblePolicy(tx, caller, transaction.policy_id)
      : transaction?.quote_id ? await findVisibleQuote(tx, caller, transaction.quote_id) : null;
    if (!transaction || !visible) throw notFound(BILLING_TEXTS.notFound);
    return transaction;
  }

  const policyPayee = (policy: PolicyRow): Payee => ({ policyId: policy.id, quoteId: null, invoiceNumber: `INV-${policy.policy_number}`, currency: policy.currency });

  async function insertTransaction(tx: Queryable, caller: Caller, payee: Payee, row: { transactionId: string; status: string; paymentDate: string; paymentMethod: string; processorName: string; amount: string; description: string | null }) {
    const now = clock.now();
    const [inserted] = await tx.query<{ id: string }>(
      `INSERT INTO payment_transactions (transaction_id, invoice_number, policy_id, quote_id, status, payment_date, payment_method, processor_name, amount_paid, currency,
         payment_desc, paid_by, created_at, modified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) ON CONFLICT (transaction_id) DO NOTHING RETURNING id`,
      [row.transactionId, payee.invoiceNumber, payee.policyId, payee.quoteId, row.status, row.paymentDate, row.paymentMethod, row.processorName, row.amount, payee.currency,
        row.description, caller.userId, now],
    );
    if (!inserted) throw new HttpError(409, BILLING_TEXTS.transactionIdTaken);
    return inserted.id;
  }

  /** The payee of an external payment: the policy named, else the binder named (only while it is bound). */
  async function payeeOf(tx: Queryable, caller: Caller, body: Record<string, unknown>): Promise<Payee & { number: string; kind: 'policy' | 'binder' }> {
    if (body.policyId) {
      const policy = await visiblePolicy(caller, String(body.policyId), tx, true);
      return { ...policyPayee(policy), number: policy.policy_number, kind: 'policy' };
    }
    if (!body.quoteId) throw new HttpError(400, BILLING_TEXTS.noPayee);
    const quote = await findVisibleQuote(tx, caller, String(body.quoteId), true);
    if (!quote?.binder_number) throw notFound(BILLING_TEXTS.binderNotFound);
    if (quote.status !== 'BOUND') throw new HttpError(409, BILLING_TEXTS.binderNotBound);
    return { policyId: null, quoteId: quote.id, invoiceNumber: `INV-${quote.binder_number}`, currency: quote.currency, number: quote.binder_number, kind: 'binder' };
  }

  return {
    async searchOutstandingBalances(request) {
      return searchOutstandingBalances(db, callerOf(request), request.query);
    },

    async searchTransactions(request) {
      return searchVisibleTransactions(db, callerOf(request), request.query);
    },

    async getTransaction(request) {
      const transaction = await visibleTransaction(callerOf(request), request.params.id);
      return toTransaction(transaction);
    },

    async updateTransaction(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const id = request.params.id;
      const nowPaid = await db.transaction(async (tx) => {
        const before = await visibleTransaction(caller, id, tx);
        const [held] = await tx.query<{ processor_charge_id: string | null }>('SELECT processor_charge_id FROM payment_transactions WHERE id = $1 FOR UPDATE', [id]);
        const after = {
          transaction_id: String(body.transactionId), invoice_number: String(body.invoiceNumber), status: String(body.status), payment_date: String(body.paymentDate),
          payment_method: String(body.paymentMethod), processor_name: String(body.processorName), amount_paid: money(body.amountPaid), payment_desc: body.paymentDesc ?? null,
        };
        // What the processor reported stays the processor's: correcting its money by hand would part the books from the processor's.
        const moneyChanged = after.status !== before.status || after.amount_paid !== money(before.amount_paid) || after.payment_method !== before.payment_method;
        if (held!.processor_charge_id && moneyChanged) throw new HttpError(409, BILLING_TEXTS.processorOwned);
        const [clash] = await tx.query<{ id: string }>('SELECT id FROM payment_transactions WHERE transaction_id = $1 AND id <> $2', [after.transaction_id, id]);
        if (clash) throw new HttpError(409, BILLING_TEXTS.transactionIdTaken);
        await tx.query(
          `UPDATE payment_transactions SET transaction_id = $2, invoice_number = $3, status = $4, payment_date = $5, payment_method = $6, processor_name = $7,
             amount_paid = $8, payment_desc = $9, modified_at = $10 WHERE id = $1`,
          [id, after.transaction_id, after.invoice_number, after.status, after.payment_date, after.payment_method, after.processor_name, after.amount_paid, after.payment_desc, clock.now()],
        );
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'billing.transaction-updated', target: before.policy_id ?? before.quote_id, address: request.ip,
          detail: {
            transaction: id,
            before: { transactionId: before.transaction_id, invoiceNumber: before.invoice_number, status: before.status, paymentDate: before.payment_date, paymentMethod: before.payment_method, processorName: before.processor_name, amountPaid: money(before.amount_paid), paymentDesc: before.payment_desc },
            after: { transactionId: after.transaction_id, invoiceNumber: after.invoice_number, status: after.status, paymentDate: after.payment_date, paymentMethod: after.payment_method, processorName: after.processor_name, amountPaid: after.amount_paid, paymentDesc: after.payment_desc },
          },
        });
        return before.status !== 'Paid' && after.status === 'Paid';
      });
      // A payment billing marks Paid gets its receipt now; a correction of one already Paid leaves the receipt issued then.
      if (nowPaid) await keepReceipt(services, request.log, id);
      return { transaction: toTransaction((await transactionById(db, id))!), message: BILLING_TEXTS.updated };
    },

    async applyExternalPayment(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const id = await db.transaction(async (tx) => {
        const payee = await payeeOf(tx, caller, body);
        const amount = money(body.amountPaid);
        const inserted = await insertTransaction(tx, caller, payee, {
          transactionId: body.transactionId ? String(body.transactionId) : await nextTransactionNumber(tx, clock.now()), status: 'Paid', paymentDate: String(body.paymentDate),
          paymentMethod: String(body.paymentMethod), processorName: body.paymentMethod === 'Check' ? 'Check received' : 'Bank transfer', amount,
          description: body.paymentDesc ? String(body.paymentDesc) : `Payment received for ${payee.kind} ${payee.number}`,
        });
        await audit(tx, clock, { actorUserId: caller.userId, action: 'billing.payment-applied', target: payee.policyId ?? payee.quoteId, address: request.ip,
          detail: { [payee.kind === 'policy' ? 'policyNumber' : 'binderNumber']: payee.number, transaction: inserted, amount, method: body.paymentMethod, paymentDate: body.paymentDate } });
        return inserted;
      });
      await keepReceipt(services, request.log, id);
      return { transaction: toTransaction((await transactionById(db, id))!), message: BILLING_TEXTS.applied };
    },

    async closePolicyPayment(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const id = await db.transaction(async (tx) => {
        const policy = await visiblePolicy(caller, String(body.policyId), tx, true);
        const due = await amountDueOf(tx, policy);
        if (Number(due) <= 0) throw new HttpError(409, BILLING_TEXTS.nothingToClose);
        const inserted = await insertTransaction(tx, caller, policyPayee(policy), {
          transactionId: await nextTransactionNumber(tx, clock.now()), status: 'Paid', paymentDate: clock.now().toISOString().slice(0, 10), paymentMethod: 'Refund/Credit',
          processorName: 'Closed by billing', amount: due, description: String(body.description),
        });
        await audit(tx, clock, { actorUserId: caller.userId, action: 'billing.payment-closed', target: policy.id, address: request.ip,
          detail: { policyNumber: policy.policy_number, transaction: inserted, credited: due, comment: body.description } });
        return inserted;
      });
      await keepReceipt(services, request.log, id);
      return { transaction: toTransaction((await transactionById(db, id))!), message: BILLING_TEXTS.closed };
    },
  };
};
