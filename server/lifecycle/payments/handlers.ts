import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { addDays, amountDue, amountPaid, Decimal, formatDate, installmentDownPayment, paymentStatusOf } from '../../../engine/index.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { FINANCING_INSTALLMENTS, PAYEE_BANK_DETAILS, PAYMENT_DUE_DAYS } from '../../constants.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { localOrigin } from '../../resources/connectors/provider-config.ts';
import { liveFinancingOf, owedByPayer } from '../ledger/financing-repository.ts';
import { findVisiblePolicy, type PolicyRow } from '../policies/policy-repository.ts';
import { PAYABLE } from '../policies/policy-transitions.ts';
import { publishedRater } from '../quotes/quote-rating.ts';
import { WebhookRefusal, type PaymentKind, type PaymentProcessor, type ProcessorCharge } from './payment-processor.ts';
import { PAYMENT_TEXTS } from './payment-texts.ts';
import { sharedPaymentProcessor } from './processor-registry.ts';
import { invoiceFile } from './invoice-file.ts';
import { issuedDocumentId, sendDocumentFile, sendIssuedDocument } from '../../resources/documents/issued-documents.ts';
import { LIVING_DOCUMENTS, renderAndKeep } from '../../resources/documents/document-versions.ts';
import { keepReceipt, receiptFile } from './issued-receipts.ts';
import { sandboxHandlers } from './sandbox-routes.ts';
import { SandboxProcessor } from './sandbox-processor.ts';
import { recordCharge, toTransaction, transactionById, transactionsOf } from '../ledger/transaction-repository.ts';
import { SIGNATURE_HEADER } from './webhook-signature.ts';
import { notifyPaymentFailure } from './payment-failure-notice.ts';

const WEBHOOK_PATH = '/api/billing/v1/processor/webhook';

/**
 * Paying a policy's premium (spec 000 /policy/{id}/accountant-payment): the payment record and its status,
 * the processor's hosted form for a new card or bank account, a saved method charged with an idempotency
 * key, the processor's signed webhooks, transactions and receipts. Reached in the console and by the E_PAY
 * one-time-code link, whose session may call only these operations.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, definitions } = services;
  /** Made on first use, with the server's logger (the sandbox settles charges in the background). */
  function processorFor(request: FastifyRequest): PaymentProcessor | null {
    return sharedPaymentProcessor(services, request.server.log);
  }

  function requireProcessor(request: FastifyRequest): PaymentProcessor {
    const chosen = processorFor(request);
    if (!chosen) throw new HttpError(503, PAYMENT_TEXTS.unavailable);
    return chosen;
  }

  async function visiblePolicy(caller: Caller, id: string, tx: Queryable = db, lock = false): Promise<PolicyRow> {
    const policy = await findVisiblePolicy(tx, caller, id, lock);
    if (!policy) throw notFound(PAYMENT_TEXTS.notFound);
    return policy;
  }

  /** What the payer owes now; refuses a policy that cannot be paid or has a payment on its way. */
  async function payableAmount(tx: Queryable, policy: PolicyRow): Promise<string> {
    if (!PAYABLE.includes(policy.status)) throw new HttpError(409, PAYMENT_TEXTS.notPayable(policy.status));
    const payments = (await transactionsOf(tx, policy.id)).map((row) => ({ status: row.status, amount: row.amount_paid }));
    if (payments.some((payment) => payment.status === 'In Process')) throw new HttpError(409, PAYMENT_TEXTS.inProcess);
    const due = amountDue(owedByPayer(policy.total_premium, await liveFinancingOf(tx, policy.id)), payments);
    if (Number(due) <= 0) throw new HttpError(409, PAYMENT_TEXTS.nothingDue);
    return due;
  }

  const webhookUrlOf = (request: FastifyRequest, chosen: PaymentProcessor) => {
    // The sandbox posts to this server; a real processor has the address registered in its own dashboard.
    const local = chosen instanceof SandboxProcessor ? localOrigin(request) : null;
    return local ? `${local}${WEBHOOK_PATH}` : null;
  };

  async function paymentRecord(caller: Caller, policyId: string, processorConfigured: boolean) {
    const policy = await visiblePolicy(caller, policyId);
    const rows = await transactionsOf(db, policy.id);
    const payments = rows.map((row) => ({ status: row.status, amount: row.amount_paid }));
    const [user] = await db.query<{ first_name: string }>('SELECT first_name FROM users WHERE id = $1', [caller.userId]);
    const [account] = await db.query<{ name: string }>('SELECT name FROM accounts WHERE id = $1', [caller.accountId]);
    const methods = await db.query<{ id: string; kind: PaymentKind; brand: string; last4: string }>(
      'SELECT id, kind, brand, last4 FROM payment_methods WHERE account_id = $1 ORDER BY created_at DESC', [policy.account_id],
    );
    const financing = await liveFinancingOf(db, policy.id);
    const owed = owedByPayer(policy.total_premium, financing);
    const productTitle = (await publishedRater(definitions, policy.edition)).allProducts.get(policy.product)?.title ?? policy.product;
    const locale = (await definitions.current()).registry().edition(policy.edition).locale;
    const period = `${formatDate(policy.effective_date, locale)} to ${formatDate(policy.end_date, locale)}`;
    return {
      policyId: policy.id,
      policyNumber: policy.policy_number,
      companyName: policy.company_name,
      policyStatus: policy.status,
      firstName: user?.first_name ?? '',
      accountName: account?.name ?? policy.company_name,
      description: `Premium for ${policy.company_name}'s cyber policy ${policy.policy_number} (${productTitle}), ${period}.`,
      dueDate: addDays(new Date(policy.issued_at).toISOString().slice(0, 10), PAYMENT_DUE_DAYS),
      status: paymentStatusOf(owed, payments),
      payable: PAYABLE.includes(policy.status),
      currency: policy.currency as 'USD' | 'GBP',
      totalPremium: Decimal.from(policy.total_premium).toFixed(2),
      brokerFee: Decimal.from(policy.broker_fee).toFixed(2),
      mgaFee: Decimal.from(policy.mga_fee).toFixed(2),
      amountPaid: amountPaid(payments),
      amountDue: amountDue(owed, payments),
      financing: {
        // Offered and not yet accepted: the INSTALLMENT PLAN section; accepted: PAY IN FULL is hidden and the down payment is due.
        offered: financing?.status === 'OFFERED',
        financed: financing?.status === 'ACCEPTED',
        downPayment: financing ? Number(financing.down_payment).toFixed(2) : installmentDownPayment(policy.total_premium, policy.broker_fee, policy.mga_fee),
        numberOfInstallments: financing?.number_of_installments ?? FINANCING_INSTALLMENTS,
        financeQuoteNumber: financing?.finance_quote_number ?? null,
      },
      hasPayment: rows.length > 0,
      onlinePayments: caller.permissions.has('billing:pay') && processorConfigured,
      savedMethods: methods.map((method) => ({
        id: method.id, kind: method.kind, label: `${method.brand} ending ${method.last4}`,
      })),
      bankDetails: PAYEE_BANK_DETAILS[policy.edition],
      transactions: rows.map(toTransaction),
    };
  }

  /** Applies what the processor says about a charge to the transaction it belongs to. */
  async function applyCharge(tx: Queryable, chosen: PaymentProcessor, charge: ProcessorCharge, context: { userId: string | null; address: string | null; idempotencyKey?: string }) {
    const [kind, id] = charge.reference.split(':') as ['checkout' | 'policy', string];
    const [owner] = kind === 'checkout'
      ? await tx.query<{ policy_id: string; checkout_id: string }>('SELECT policy_id, id AS checkout_id FROM payment_checkouts WHERE id = $1', [id])
      : await tx.query<{ policy_id: string; checkout_id: null }>('SELECT id AS policy_id, NULL AS checkout_id FROM policies WHERE id = $1', [id]);
    if (!owner) return null;
    const [policy] = await tx.query<{ id: string; policy_number: string; account_id: string }>('SELECT id, policy_number, account_id FROM policies WHERE id = $1', [owner.policy_id]);
    return recordCharge(tx, clock, charge, { processorName: chosen.name, policy: policy!, checkoutId: owner.checkout_id, ...context });
  }

  return {
    ...sandboxHandlers(services, (request) => {
      const chosen = processorFor(request);
      return chosen instanceof SandboxProcessor ? chosen : null;
    }),

    async getPolicyPayment(request) {
      return paymentRecord(callerOf(request), request.params.policyId, processorFor(request) !== null);
    },

    async openPaymentCheckout(request) {
      const caller = callerOf(request);
      const chosen = requireProcessor(request);
      const method = request.body.method;
      const checkoutId = randomUUID();
      const policy = await visiblePolicy(caller, request.params.policyId);
      const amount = await payableAmount(db, policy);
      const session = await chosen.openCheckout({
        kind: method, amount, currency: policy.currency as 'USD' | 'GBP', description: `Policy# ${policy.policy_number} - ${policy.company_name}`,
        reference: `checkout:${checkoutId}`, webhookUrl: webhookUrlOf(request, chosen),
      });
      await db.query(
        `INSERT INTO payment_checkouts (id, policy_id, processor, processor_session_id, method, amount, currency, opened_by, opened_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [checkoutId, policy.id, chosen.name, session.id, method, amount, policy.currency, caller.userId, clock.now()],
      );
      return { checkoutId, url: session.url, amount, currency: policy.currency };
    },

    async getPaymentCheckout(request) {
      const caller = callerOf(request);
      const chosen = requireProcessor(request);
      const [checkout] = await db.query<{ id: string; policy_id: string; processor_session_id: string }>(
        'SELECT id, policy_id, processor_session_id FROM payment_checkouts WHERE id = $1 AND processor = $2', [request.params.id, chosen.name],
      );
      // A checkout of a policy the caller cannot see answers like one that does not exist.
      if (!checkout || !(await findVisiblePolicy(db, caller, checkout.policy_id))) throw notFound(PAYMENT_TEXTS.checkoutNotFound);
      const session = await chosen.getCheckout(checkout.processor_session_id);
      if (!session) throw notFound(PAYMENT_TEXTS.checkoutNotFound);
      const transaction = session.charge
        ? await db.transaction((tx) => applyCharge(tx, chosen, session.charge!, { userId: caller.userId, address: request.ip }))
        : null;
      await keepReceipt(services, request.log, transaction?.id);
      await notifyPaymentFailure(services, transaction?.id);
      return { checkoutId: checkout.id, status: session.status, transaction: transaction ? toTransaction(transaction) : null };
    },

    async payPolicy(request) {
      const caller = callerOf(request);
      const chosen = requireProcessor(request);
      const { paymentMethodId, idempotencyKey } = request.body;
      // The same key again is the same payment: answer what the first request recorded, charge nothing.
      const [earlier] = await db.query<{ id: string; policy_id: string }>('SELECT id, policy_id FROM payment_transactions WHERE idempotency_key = $1', [idempotencyKey]);
      const policy = await visiblePolicy(caller, request.params.policyId);
      if (earlier) {
        if (earlier.policy_id !== policy.id) throw new HttpError(409, 'This idempotency key was used for another payment.');
        return { transaction: toTransaction((await transactionById(db, earlier.id))!), message: PAYMENT_TEXTS.submitted };
      }
      const [method] = await db.query<{ token: string }>(
        'SELECT token FROM payment_methods WHERE id = $1 AND account_id = $2 AND processor = $3', [paymentMethodId, policy.account_id, chosen.name],
      );
      if (!method) throw notFound(PAYMENT_TEXTS.methodNotFound);
      const amount = await payableAmount(db, policy);
      let charge: ProcessorCharge;
      try {
        charge = await chosen.charge({
          token: method.token, amount, currency: policy.currency as 'USD' | 'GBP', reference: `policy:${policy.id}`,
          idempotencyKey, webhookUrl: webhookUrlOf(request, chosen),
        });
      } catch (error) {
        request.log.warn({ err: error, policy: policy.id }, 'The payment processor refused or could not be reached');
        throw new HttpError(502, PAYMENT_TEXTS.processorUnavailable);
      }
      const transaction = await db.transaction((tx) => applyCharge(tx, chosen, charge, { userId: caller.userId, address: request.ip, idempotencyKey }));
      await keepReceipt(services, request.log, transaction?.id);
      await notifyPaymentFailure(services, transaction?.id);
      return {
        transaction: toTransaction(transaction!),
        message: charge.status === 'failed' ? PAYMENT_TEXTS.declined(charge.failureMessage) : PAYMENT_TEXTS.submitted,
      };
    },

    async downloadPolicyReceipt(request, reply) {
      const caller = callerOf(request);
      const transaction = await transactionById(db, request.params.id);
      const policy = transaction?.policy_id ? await findVisiblePolicy(db, caller, transaction.policy_id) : null;
      if (!transaction || !policy) throw notFound(PAYMENT_TEXTS.transactionNotFound);
      // A Paid transaction's receipt as it was kept when paid; an attempt (In Process, Failed) shows its state now.
      return sendIssuedDocument(reply, db, issuedDocumentId('receipt', transaction.id),
        async () => receiptFile(db, transaction, policy, (await definitions.current()).registry().edition(policy.edition), await publishedRater(definitions, policy.edition)));
    },

    // Rendered with what is owed and paid now; each distinct copy handed out is kept as a version (documents/document-versions.ts).
    async downloadPolicyInvoice(request, reply) {
      const policy = await visiblePolicy(callerOf(request), request.params.policyId);
      const edition = (await definitions.current()).registry().edition(policy.edition);
      return sendDocumentFile(reply, await renderAndKeep(db, { living: LIVING_DOCUMENTS.invoice(policy), at: clock.now(), log: request.log },
        async () => invoiceFile(db, policy, edition, await publishedRater(definitions, policy.edition))));
    },

    async receiveProcessorWebhook(request, reply) {
      const chosen = processorFor(request);
      if (!chosen) throw notFound();
      const raw = (request as FastifyRequest & { rawBody?: string }).rawBody ?? '';
      const signature = request.headers[SIGNATURE_HEADER] as string | undefined;
      let event;
      try {
        event = await chosen.verifyWebhook(raw, signature, clock.now());
      } catch (error) {
        if (error instanceof WebhookRefusal) return reply.code(400).send({ message: error.message });
        throw error;
      }
      const applied = await db.transaction(async (tx) => {
        const [fresh] = await tx.query<{ event_id: string }>(
          'INSERT INTO payment_processor_events (processor, event_id, received_at, signature) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING event_id',
          [chosen.name, event.id, clock.now(), signature],
        );
        if (fresh) return { duplicate: false, replayed: false, transaction: await applyCharge(tx, chosen, event.charge, { userId: null, address: request.ip }) };
        // An event seen before changes nothing. Signed anew it is the processor retrying (it re-signs every
        // attempt), answered as received so it stops; the very delivery it was accepted as is a replay.
        const [seen] = await tx.query<{ signature: string | null }>('SELECT signature FROM payment_processor_events WHERE processor = $1 AND event_id = $2', [chosen.name, event.id]);
        return { duplicate: true, replayed: seen?.signature === signature, transaction: null };
      });
      if (applied.replayed) return reply.code(409).send({ message: PAYMENT_TEXTS.webhookReplayed });
      // The settlement of a charge (In Process to Paid) arrives here: its receipt is kept as of now.
      await keepReceipt(services, request.log, applied.transaction?.id);
      // A charge that failed after the payer left (In Process to Failed) reaches the agency this way.
      await notifyPaymentFailure(services, applied.transaction?.id);
      return { received: true, duplicate: applied.duplicate };
    },
  };
};
