import { addDays, financeQuoteOf, installmentDownPayment, rateQuote } from '../../engine/index.ts';
import { FINANCE_FIRST_DUE_DAYS, FINANCING_INSTALLMENTS } from '../constants.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { SANDBOX_NAME, nextTransactionNumber, findQuotableAccount, ratingInputOf, type QuoteRequestBody } from '../lifecycle/index.ts';
import type { Caller } from '../services.ts';
import { shippedRaters } from './demo-book.ts';

/**
 * Payments for the demo book (after server/seed/demo-policies.ts), so the payment page and the policy's
 * payments have something real to show:
 * - the demo policyholder, Acme Precision Manufacturing, holds one of the US agency's in-force policies,
 *   unpaid, with a saved Visa (a sandbox token) and an installment plan offered, and the demo E_PAY
 *   one-time-code link leads to its payment page;
 * - the book's other policies are paid by card or wire, some on their way, some after a declined card, some
 *   not yet: deterministic for a given clock;
 * - of the binders still waiting for their policy, a quarter are paid by check and a quarter have 40% of their
 *   premium in by wire (billing applied both), so the binders' Payment column and filter show all three states.
 */
export const DEMO_PAYMENT_WORKFLOW_ID = '5eed0000-0000-4000-8000-0000000e9a1d';
const DAY_MS = 86_400_000;

export async function seedDemoPayments(tx: Queryable, clock: Clock): Promise<void> {
  const now = clock.now();
  await givePolicyholderAPolicy(tx, now);
  const policies = await tx.query<{ id: string; policy_number: string; total_premium: string; currency: string; issued_at: Date; status: string }>(
    `SELECT id, policy_number, total_premium::text AS total_premium, currency, issued_at, status FROM policies
     WHERE status NOT IN ('FLAT CANCELLED', 'VOID') AND account_id <> (SELECT id FROM accounts WHERE name = 'Acme Precision Manufacturing')
     ORDER BY policy_number`,
  );
  let index = 0;
  for (const policy of policies) {
    index += 1;
    const kind = index % 6;
    // 0 and 1: paid by card; 2: paid by wire; 3: a declined card, then nothing; 4: by e-check (on its way when recent); 5: unpaid.
    if (kind === 5) continue;
    const at = new Date(Math.min(now.getTime() - DAY_MS, new Date(policy.issued_at).getTime() + (3 + (index % 9)) * DAY_MS));
    const plan = kind === 2
      ? { status: 'Paid', method: 'Wire', brand: null, last4: null, reason: null, processor: 'Bank transfer' }
      : kind === 3
        ? { status: 'Failed', method: 'Credit Card', brand: 'Visa', last4: '0002', reason: 'Your card was declined.', processor: SANDBOX_NAME }
        : kind === 4
          ? { status: 'In Process', method: 'Bank Account', brand: 'US bank account', last4: '6789', reason: null, processor: SANDBOX_NAME }
          : { status: 'Paid', method: 'Credit Card', brand: index % 2 ? 'Visa' : 'Mastercard', last4: index % 2 ? '4242' : '4444', reason: null, processor: SANDBOX_NAME };
    if (plan.method === 'Bank Account' && policy.currency === 'GBP') plan.brand = 'Bank account';
    // A bank debit settles within days: only a recent one is still on its way.
    if (plan.status === 'In Process' && now.getTime() - at.getTime() > 3 * DAY_MS) plan.status = 'Paid';
    await tx.query(
      `INSERT INTO payment_transactions (transaction_id, invoice_number, policy_id, status, payment_date, payment_method, processor_name, amount_paid,
         currency, payment_desc, brand, last4, failure_reason, created_at, modified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
      [await nextTransactionNumber(tx, at), `INV-${policy.policy_number}`, policy.id, plan.status, at.toISOString().slice(0, 10),
        plan.method, plan.processor, policy.total_premium, policy.currency, `Premium for policy ${policy.policy_number}`, plan.brand, plan.last4, plan.reason, at],
    );
  }
  await payBinders(tx, now);
}

/** Checks and wires billing applied to bound binders (payment_transactions.quote_id), a few days after binding. */
async function payBinders(tx: Queryable, now: Date): Promise<void> {
  // Every fourth binder (kind 1) paid in full, the next (kind 2) in part, the other two not yet.
  const binders = await tx.query<{ id: string; binder_number: string; currency: string; bound_at: Date; kind: number; paid: string }>(
    `SELECT id, binder_number, currency, bound_at, kind, (CASE WHEN kind = 1 THEN total_premium ELSE round(total_premium * 0.4, 2) END)::text AS paid
     FROM (SELECT q.id, q.binder_number, q.currency, q.bound_at, q.total_premium, (row_number() OVER (ORDER BY q.binder_number) % 4)::int AS kind
           FROM quotes q WHERE q.status = 'BOUND' AND q.binder_number IS NOT NULL) b
     WHERE kind IN (1, 2) ORDER BY binder_number`,
  );
  for (const binder of binders) {
    const at = new Date(Math.min(now.getTime() - DAY_MS, new Date(binder.bound_at).getTime() + 2 * DAY_MS));
    const full = binder.kind === 1;
    await tx.query(
      `INSERT INTO payment_transactions (transaction_id, invoice_number, quote_id, status, payment_date, payment_method, processor_name, amount_paid,
         currency, payment_desc, created_at, modified_at)
       VALUES ($1, $2, $3, 'Paid', $4, $5, $6, $7, $8, $9, $10, $10)`,
      [await nextTransactionNumber(tx, at), `INV-${binder.binder_number}`, binder.id, at.toISOString().slice(0, 10), full ? 'Check' : 'Wire',
        full ? 'Check received' : 'Bank transfer', binder.paid, binder.currency, `Premium received for binder ${binder.binder_number}`, at],
    );
  }
}

/** One in-force P250 policy of the US agency becomes Acme's, unpaid, with a saved card; the E_PAY link leads to it. */
async function givePolicyholderAPolicy(tx: Queryable, now: Date): Promise<void> {
  const [acme] = await tx.query<{ id: string }>(`SELECT id FROM accounts WHERE name = 'Acme Precision Manufacturing'`);
  const [policy] = await tx.query<{ id: string; quote_id: string; request_data: QuoteRequestBody }>(
    `SELECT p.id, p.quote_id, q.request_data FROM policies p JOIN quotes q ON q.id = p.quote_id JOIN accounts ag ON ag.id = p.agency_id
     WHERE ag.name = 'Summit Risk Partners' AND p.status IN ('ISSUED', 'ACTIVE') AND p.product = 'P250' AND p.description IS NULL
     ORDER BY p.issued_at DESC, p.id LIMIT 1`,
  );
  if (!acme || !policy) return;
  const contact = ['Paula', 'Holder', 'policyholder@insured.example', '3035550175'];
  await tx.query(`UPDATE quotes SET account_id = $2, customer_first_name = $3, customer_last_name = $4, customer_email = $5, customer_phone = $6 WHERE id = $1`,
    [policy.quote_id, acme.id, ...contact]);
  await tx.query(`UPDATE policies SET account_id = $2, contact_first_name = $3, contact_last_name = $4, contact_email = $5, contact_phone = $6 WHERE id = $1`,
    [policy.id, acme.id, ...contact]);
  await tx.query(`UPDATE account_profiles SET status = 'Active Policy' WHERE account_id = $1`, [acme.id]);
  // Rated again on Acme's own data, as the quote would have been: the quote and its policy carry that premium.
  const [provider] = await tx.query<{ id: string }>(`SELECT id FROM accounts WHERE account_type = 'COWBELL' ORDER BY created_at LIMIT 1`);
  const risk = await findQuotableAccount(tx, { accountType: 'COWBELL', accountId: provider!.id } as Caller, acme.id);
  const outcome = risk ? rateQuote(ratingInputOf(policy.request_data, risk), shippedRaters().us) : null;
  if (outcome?.ok) {
    await tx.query(`UPDATE quotes SET premium = $2, total_premium = $3, surplus_line_tax = $4, surplus_stamping_fee = $5, rating = $6 WHERE id = $1`,
      [policy.quote_id, outcome.premium, outcome.totalPremium, outcome.surplusLineTax, outcome.surplusStampingFee, JSON.stringify(outcome)]);
    await tx.query(`UPDATE policies SET premium = $2, total_premium = $3, surplus_line_tax = $4, surplus_stamping_fee = $5 WHERE id = $1`,
      [policy.id, outcome.premium, outcome.totalPremium, outcome.surplusLineTax, outcome.surplusStampingFee]);
  }
  // A card the policyholder saved at the processor earlier: the sandbox holds the token, the console its last four digits.
  const token = 'card_demo0acme0visa04242';
  await tx.query(
    `INSERT INTO sandbox_processor_tokens (token, kind, brand, last4, outcome, created_at) VALUES ($1, 'creditCard', 'Visa', '4242', 'approve', $2) ON CONFLICT DO NOTHING`,
    [token, new Date(now.getTime() - 40 * DAY_MS)],
  );
  await tx.query(
    `INSERT INTO payment_methods (account_id, processor, token, kind, brand, last4, created_at) VALUES ($1, $2, $3, 'creditCard', 'Visa', '4242', $4) ON CONFLICT DO NOTHING`,
    [acme.id, SANDBOX_NAME, token, new Date(now.getTime() - 40 * DAY_MS)],
  );
  await offerInstallmentPlan(tx, now, policy.id);
  await tx.query('UPDATE workflows SET redirect_url = $2 WHERE id = $1', [DEMO_PAYMENT_WORKFLOW_ID, `/policy/${policy.id}/accountant-payment`]);
}

/** Billing offered Acme an installment plan, so the payment page shows its INSTALLMENT PLAN section. */
async function offerInstallmentPlan(tx: Queryable, now: Date, policyId: string): Promise<void> {
  const [policy] = await tx.query<{ total_premium: string; broker_fee: string; mga_fee: string; contact_email: string }>(
    'SELECT total_premium::text AS total_premium, broker_fee::text AS broker_fee, mga_fee::text AS mga_fee, contact_email FROM policies WHERE id = $1', [policyId],
  );
  const [staff] = await tx.query<{ id: string }>(`SELECT u.id FROM users u JOIN accounts a ON a.id = u.account_id WHERE a.account_type = 'COWBELL' ORDER BY u.email LIMIT 1`);
  const downPayment = installmentDownPayment(policy!.total_premium, policy!.broker_fee, policy!.mga_fee);
  const firstInstallmentDue = addDays(now.toISOString().slice(0, 10), FINANCE_FIRST_DUE_DAYS);
  const quote = financeQuoteOf({ totalPremium: policy!.total_premium, downPayment, apr: '9.5', numberOfInstallments: FINANCING_INSTALLMENTS, firstInstallmentDue });
  const [next] = await tx.query<{ next: number }>(`SELECT nextval('finance_quote_seq')::int AS next`);
  await tx.query(
    `INSERT INTO premium_financings (policy_id, finance_quote_number, financer_name, total_premium, down_payment, apr, number_of_installments, amount_financed,
       installment_amount, finance_charge, total_payment_amount, first_installment_due, status, offered_by, offered_at, customer_email)
     VALUES ($1, $2, 'Imperial Premium Finance (demo)', $3, $4, 9.5, $5, $6, $7, $8, $9, $10, 'OFFERED', $11, $12, $13)`,
    [policyId, `FQ-${now.getUTCFullYear()}-${String(next!.next).padStart(6, '0')}`, policy!.total_premium, downPayment, FINANCING_INSTALLMENTS, quote.amountFinanced,
      quote.installmentAmount, quote.financeCharge, quote.totalPaymentAmount, firstInstallmentDue, staff?.id ?? null, now, policy!.contact_email],
  );
}
