import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { loadServerSecret } from '../../server/auth/signing-secret.ts';
import { SANDBOX_SETTLE_MS, SANDBOX_WEBHOOK_RETRY_MS } from '../../server/constants.ts';
import { PAYMENT_TEXTS } from '../../server/lifecycle/payments/payment-texts.ts';
import { sharedPaymentProcessor } from '../../server/lifecycle/payments/processor-registry.ts';
import type { SandboxProcessor } from '../../server/lifecycle/payments/sandbox-processor.ts';
import { signWebhook, SIGNATURE_HEADER, verifyWebhookSignature } from '../../server/lifecycle/payments/webhook-signature.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';
import { issuedPolicy, quotableAcme } from './support/policy-fixtures.ts';
import { clientOf } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Paying a policy (spec 000 /policy/{id}/accountant-payment; spec 002 section 3 Transaction) through the
 * sandbox processor: the payment record and its statuses, the hosted form (approved, declined, invalid, bank
 * account returned later), saved methods charged once per idempotency key, signed webhooks (tampered, stale
 * and replayed deliveries), receipts as PDFs, no card number stored, the tenant rule, in both editions.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const TODAY = '2026-11-23';
const UK = 'console.example.uk';
const USERS = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example', policyholder: 'policyholder@insured.example' };

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const issued = (caller: string, accountId: string, edition: 'us' | 'uk', state: string, product: string, host?: string) =>
  issuedPolicy(t, call, caller, accountId, { edition, state, product, today: TODAY, host });

/** The hosted form, as the payer's browser uses it: open it, read it, submit it. */
async function payThroughForm(caller: string, policyId: string, method: 'creditCard' | 'bankAccount', fields: Record<string, string>, host?: string) {
  const opened = await call(caller, 'POST', `/api/billing/v1/policy/${policyId}/checkout`, { method }, host);
  expect(opened.statusCode, opened.body).toBe(200);
  const checkout = opened.json() as Json;
  const page = await t.inject({ method: 'GET', url: checkout.url, ...(host ? { headers: { host } } : {}) });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  const submitted = await t.inject({
    method: 'POST', url: checkout.url, headers: { 'content-type': 'application/x-www-form-urlencoded', ...(host ? { host } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
  return { checkout, page: page.body, submitted };
}

const checkoutOf = async (caller: string, checkoutId: string) => (await call(caller, 'GET', `/api/billing/v1/checkout/${checkoutId}`)).json() as Json;
const recordOf = async (caller: string, policyId: string, host?: string) => (await call(caller, 'GET', `/api/billing/v1/policy/${policyId}/payment`, undefined, host)).json() as Json;
/** The processor's settlement comes due and its sweep runs (the server runs it every second; tests build the app without timers). */
async function settled(): Promise<number> {
  t.clock.advance(SANDBOX_SETTLE_MS);
  return sandbox().settleDue();
}
const sandbox = () => sharedPaymentProcessor(t.app.services, t.app.log) as SandboxProcessor;
const CARD = { name: 'Paula Holder', expiry: '12/29', cvc: '123' };

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
  // The demo policyholder's own account, so the insured pays its own policies.
  ids.acme = await quotableAcme(t);
  ids.card = await issued('agent', ids.acme, 'us', 'CO', 'P250');
  ids.declined = await issued('agent', ids.acme, 'us', 'CO', 'P250');
  ids.saved = await issued('agent', ids.acme, 'us', 'CO', 'P250');
  ids.bank = await issued('agent', ids.acme, 'us', 'CO', 'P250');
  ids.ukClient = await clientOf(t, 'Thames Cyber Brokers', 'Harbourside Dental Ltd', { edition: 'uk', state: null, zip: 'BS1 4DJ', industry: '62020', revenue: 3_000_000 });
  ids.uk = await issued('broker', ids.ukClient, 'uk', 'ENG', 'P_ONE', UK);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the payment record', () => {
  it.each([
    { edition: 'us', caller: 'policyholder', policy: 'card', host: undefined, currency: 'USD', routing: '110000000', online: true },
    { edition: 'uk', caller: 'broker', policy: 'uk', host: UK, currency: 'GBP', routing: '40-00-00', online: false },
  ])('$edition: an issued policy is Unpaid for its total premium, with the bank details of its edition', async ({ caller, policy, host, currency, routing, online }) => {
    const record = await recordOf(caller, ids[policy]!, host);
    expect(record).toMatchObject({ status: 'Unpaid', currency, amountPaid: '0.00', hasPayment: false, payable: true, onlinePayments: online, savedMethods: [], transactions: [] });
    expect(record.amountDue).toBe(record.totalPremium);
    expect(Number(record.totalPremium)).toBeGreaterThan(0);
    expect(record.bankDetails.routing).toBe(routing);
    expect(record.description).toContain(record.policyNumber);
    // Due 30 days after issue.
    expect(record.dueDate).toBe('2026-12-23');
  });

  it('answers another agency like a missing policy and refuses paying to a role that may only read', async () => {
    expect((await call('otherAgent', 'GET', `/api/billing/v1/policy/${ids.card}/payment`)).statusCode).toBe(404);
    expect((await call('agent', 'POST', `/api/billing/v1/policy/${ids.card}/checkout`, { method: 'creditCard' })).statusCode).toBe(403);
  });
});

describe('the hosted payment form', () => {
  it('an approved card is processing, then Paid; the method is saved as a token; no card number is stored anywhere', async () => {
    const { checkout, page, submitted } = await payThroughForm('policyholder', ids.card!, 'creditCard', { ...CARD, number: '4242 4242 4242 4242', save: 'true' });
    expect(page).toContain('4242424242424242');
    expect(submitted.statusCode).toBe(200);
    expect(submitted.body).toContain('Your payment is being processed.');
    const processing = await checkoutOf('policyholder', checkout.checkoutId);
    expect(processing).toMatchObject({ status: 'complete', transaction: { status: 'In Process', paymentMethod: 'Credit Card', instrument: 'Visa ending 4242', transactionId: expect.stringMatching(/^T-2026-\d{6}$/) } });
    expect((await recordOf('policyholder', ids.card!)).status).toBe('Processed');
    await settled();
    expect((await checkoutOf('policyholder', checkout.checkoutId)).transaction.status).toBe('Paid');
    const paid = await recordOf('policyholder', ids.card!);
    expect(paid).toMatchObject({ status: 'Paid', amountDue: '0.00', amountPaid: paid.totalPremium, savedMethods: [{ kind: 'creditCard', label: 'Visa ending 4242' }] });
    const stored = await t.db.query<{ hits: number }>(
      `SELECT (SELECT count(*) FROM payment_transactions p WHERE p::text LIKE '%4242424242424242%')
            + (SELECT count(*) FROM payment_methods m WHERE m::text LIKE '%4242424242424242%')
            + (SELECT count(*) FROM sandbox_processor_tokens s WHERE s::text LIKE '%4242424242424242%')
            + (SELECT count(*) FROM audit_log a WHERE a::text LIKE '%4242424242424242%') AS hits`,
    );
    expect(Number(stored[0]!.hits)).toBe(0);
    const [audited] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM audit_log WHERE target = $1 AND action LIKE 'payment.%'`, [ids.card]);
    expect(audited!.count).toBe(2);
    // Nothing is due any more.
    const again = await call('policyholder', 'POST', `/api/billing/v1/policy/${ids.card}/checkout`, { method: 'creditCard' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_TEXTS.nothingDue);
  });

  it('prints the receipt of a payment', async () => {
    const record = await recordOf('policyholder', ids.card!);
    const receipt = await call('policyholder', 'GET', `/api/billing/v1/transactions/${record.transactions[0].id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-disposition']).toMatch(/Receipt_T-2026-\d{6}\.pdf/);
    const text = (await new PDFParse({ data: new Uint8Array(receipt.rawPayload) }).getText()).text;
    expect(text).toContain('Payment Receipt');
    expect(text).toContain(record.transactions[0].transactionId);
    expect(text).toContain(record.policyNumber);
    expect(text).toContain('Visa ending 4242');
    expect((await call('otherAgent', 'GET', `/api/billing/v1/transactions/${record.transactions[0].id}/receipt`)).statusCode).toBe(404);
  });

  it.each([
    { name: 'an invalid number', fields: { ...CARD, number: '4242 4242 4242 4241' }, text: 'Your card number is invalid.' },
    { name: 'an expired card', fields: { ...CARD, number: '4242424242424242', expiry: '01/24' }, text: 'The expiry date is invalid or in the past.' },
  ])('shows the form again for $name, and charges nothing', async ({ fields, text }) => {
    const { checkout, submitted } = await payThroughForm('policyholder', ids.declined!, 'creditCard', fields);
    expect(submitted.statusCode).toBe(422);
    expect(submitted.body).toContain(text);
    // The number typed is not sent back.
    expect(submitted.body).toContain('name="number" value=""');
    expect(await checkoutOf('policyholder', checkout.checkoutId)).toMatchObject({ status: 'open', transaction: null });
  });

  it('a declined card fails at once: the payment is Failed and the page offers to pay again', async () => {
    const { checkout, submitted } = await payThroughForm('policyholder', ids.declined!, 'creditCard', { ...CARD, number: '4000000000000002' });
    expect(submitted.body).toContain('Your card was declined.');
    expect((await checkoutOf('policyholder', checkout.checkoutId)).transaction).toMatchObject({ status: 'Failed', failureReason: 'Your card was declined.' });
    const record = await recordOf('policyholder', ids.declined!);
    expect(record.status).toBe('Failed');
    expect(record.amountDue).toBe(record.totalPremium);
    expect((await call('policyholder', 'POST', `/api/billing/v1/policy/${ids.declined}/checkout`, { method: 'creditCard' })).statusCode).toBe(200);
  });

  it('a bank account (e-check) is processing, then returned: Failed with the bank\'s reason', async () => {
    const { checkout, submitted } = await payThroughForm('policyholder', ids.bank!, 'bankAccount', { name: 'Acme Precision Manufacturing', routing: '110000000', account: '000111111116' });
    expect(submitted.statusCode).toBe(200);
    expect((await checkoutOf('policyholder', checkout.checkoutId)).transaction).toMatchObject({ status: 'In Process', paymentMethod: 'Bank Account' });
    await settled();
    expect((await checkoutOf('policyholder', checkout.checkoutId)).transaction).toMatchObject({ status: 'Failed', failureReason: 'The bank account could not be debited (R01 insufficient funds).' });
    expect((await recordOf('policyholder', ids.bank!)).status).toBe('Failed');
  });
});

describe('paying with a saved method', () => {
  it('charges once per idempotency key, however often the request is sent', async () => {
    const method = (await recordOf('policyholder', ids.saved!)).savedMethods[0];
    const key = 'pay-saved-0001-retry-test';
    const first = await call('policyholder', 'POST', `/api/billing/v1/policy/${ids.saved}/payment`, { paymentMethodId: method.id, idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: PAYMENT_TEXTS.submitted, transaction: { status: 'In Process', instrument: 'Visa ending 4242' } });
    const retried = await Promise.all([1, 2, 3].map(() => call('policyholder', 'POST', `/api/billing/v1/policy/${ids.saved}/payment`, { paymentMethodId: method.id, idempotencyKey: key })));
    for (const answer of retried) expect(answer.json().transaction.id).toBe(first.json().transaction.id);
    const [charges] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM payment_transactions WHERE policy_id = $1`, [ids.saved]);
    expect(charges!.count).toBe(1);
    // A new key while that payment is on its way is refused: the premium is not paid twice.
    const second = await call('policyholder', 'POST', `/api/billing/v1/policy/${ids.saved}/payment`, { paymentMethodId: method.id, idempotencyKey: 'pay-saved-0002-second-key' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(PAYMENT_TEXTS.inProcess);
  });

  it('refuses a method of another account and a key of another payment', async () => {
    const refused = await call('policyholder', 'POST', `/api/billing/v1/policy/${ids.declined}/payment`, { paymentMethodId: '00000000-0000-4000-8000-000000000000', idempotencyKey: 'pay-unknown-method-0001' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(PAYMENT_TEXTS.methodNotFound);
    const method = (await recordOf('policyholder', ids.declined!)).savedMethods[0];
    const reused = await call('policyholder', 'POST', `/api/billing/v1/policy/${ids.declined}/payment`, { paymentMethodId: method.id, idempotencyKey: 'pay-saved-0001-retry-test' });
    expect(reused.statusCode).toBe(409);
  });
});

describe('processor webhooks', () => {
  async function deliver(body: string, signature: string) {
    return t.inject({ method: 'POST', url: '/api/billing/v1/processor/webhook', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature }, payload: body });
  }

  it('applies a signed event once, and refuses unsigned, altered, stale and replayed deliveries', async () => {
    const [row] = await t.db.query<{ processor_charge_id: string; amount_paid: string }>(
      `SELECT processor_charge_id, amount_paid::text FROM payment_transactions WHERE policy_id = $1`, [ids.saved],
    );
    const charge = { id: row!.processor_charge_id, status: 'succeeded', amount: row!.amount_paid, currency: 'USD', kind: 'creditCard', brand: 'Visa', last4: '4242',
      reference: `policy:${ids.saved}`, failureMessage: null, savedToken: null };
    const body = JSON.stringify({ id: 'evt_test_000000000001', type: 'charge.updated', charge });
    const secret = await loadServerSecret(t.db, t.clock, 'payment-webhook');
    expect((await deliver(body, 't=1,v1=00')).statusCode).toBe(400);
    expect((await deliver(body.replace('succeeded', 'failed'), signWebhook(secret, body, t.clock.now()))).json().message).toBe('The webhook signature does not match.');
    const stale = await deliver(body, signWebhook(secret, body, new Date(t.clock.now().getTime() - 10 * 60_000)));
    expect(stale.json().message).toBe('The webhook was signed outside the accepted time window.');
    expect((await recordOf('policyholder', ids.saved!)).status).toBe('Processed');
    const applied = await deliver(body, signWebhook(secret, body, t.clock.now()));
    expect(applied.json()).toEqual({ received: true, duplicate: false });
    expect((await recordOf('policyholder', ids.saved!)).status).toBe('Paid');
    // The very delivery again is a replay, refused; the processor's retry of the event, signed anew a second
    // later, is answered so it stops, and neither changes anything.
    const replayed = await deliver(body, signWebhook(secret, body, t.clock.now()));
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json().message).toBe(PAYMENT_TEXTS.webhookReplayed);
    const retried = await deliver(body, signWebhook(secret, body, new Date(t.clock.now().getTime() + 1000)));
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ received: true, duplicate: true });
    const [audited] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM audit_log WHERE target = $1 AND action = 'payment.settled'`, [ids.saved]);
    expect(audited!.count).toBe(1);
  });
});

describe("the sandbox processor's own books", () => {
  it('settle a charge on the sweep after it is due, so a restart loses nothing, and post its webhook with one event id until it is taken', async () => {
    const policyId = await issued('agent', ids.acme!, 'us', 'CO', 'P250');
    const { checkout } = await payThroughForm('policyholder', policyId, 'creditCard', { ...CARD, number: '4242 4242 4242 4242' });
    const [charge] = await t.db.query<{ id: string }>('SELECT id FROM sandbox_processor_charges WHERE reference = $1', [`checkout:${checkout.checkoutId}`]);
    const receiver = await startWebhookReceiver();
    try {
      receiver.answer = 503;
      await t.db.query('UPDATE sandbox_processor_charges SET webhook_url = $2 WHERE id = $1', [charge!.id, receiver.url]);
      // Nothing is settled before it is due; the schedule is in the books, not in a timer of the process.
      expect(await sandbox().settleDue()).toBe(0);
      expect((await checkoutOf('policyholder', checkout.checkoutId)).transaction.status).toBe('In Process');

      await settled();
      expect((await checkoutOf('policyholder', checkout.checkoutId)).transaction.status).toBe('Paid');
      expect(receiver.received).toHaveLength(1);
      // Refused: not posted again before the retry is due, then posted with the same event id and a valid signature.
      await sandbox().settleDue();
      expect(receiver.received).toHaveLength(1);
      receiver.answer = 200;
      t.clock.advance(SANDBOX_WEBHOOK_RETRY_MS);
      await sandbox().settleDue();
      expect(receiver.received).toHaveLength(2);
      const [first, second] = receiver.received.map((request) => JSON.parse(request.body) as Json);
      expect(second!.id).toBe(first!.id);
      expect(second).toMatchObject({ type: 'charge.updated', charge: { id: charge!.id, status: 'succeeded' } });
      const secret = await loadServerSecret(t.db, t.clock, 'payment-webhook');
      expect(() => verifyWebhookSignature(secret, receiver.received[1]!.body, receiver.received[1]!.headers[SIGNATURE_HEADER] as string, t.clock.now())).not.toThrow();
      // Taken: never posted again.
      t.clock.advance(10 * SANDBOX_WEBHOOK_RETRY_MS);
      await sandbox().settleDue();
      expect(receiver.received).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });
});
