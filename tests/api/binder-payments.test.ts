import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { BILLING_TEXTS } from '../../server/resources/billing/billing-texts.ts';
import { boundBinder, issueBinder } from './support/policy-fixtures.ts';
import { clientOf } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Binders paid and unpaid (spec 002 section 4 Dashboard filters): billing applies a check or a wire to a
 * bound binder; the binders list answers what was paid and Paid, Partially Paid or Unpaid, and filters on it;
 * issuing the policy carries the payments onto the policy, whose payment record counts them. Only billing
 * applies payments, only to a bound binder; in both editions.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const TODAY = '2026-11-23';
const UK = 'console.example.uk';
const USERS = { agent: 'agent@agency.example', broker: 'broker@brokerage.example', admin: 'admin@provider.example', otherAgent: 'agent@otheragency.example' };

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const CASES = [
  { edition: 'us' as const, agent: 'agent', agency: 'Summit Risk Partners', host: undefined, state: 'CO', zip: '80216', industry: '541512', product: 'P250', method: 'Check' },
  { edition: 'uk' as const, agent: 'broker', agency: 'Thames Cyber Brokers', host: UK, state: 'ENG', zip: 'BS1 4DJ', industry: '62020', product: 'P_ONE', method: 'Wire' },
];

/** The binder as the agency's binders list shows it, filtered by payment status when given. */
async function listed(agent: string, quoteId: string, host?: string, paymentStatus?: string): Promise<Json | undefined> {
  const query = `size=100${paymentStatus ? `&paymentStatus=${encodeURIComponent(paymentStatus)}` : ''}`;
  const response = await call(agent, 'GET', `/api/quote/v1/binders?${query}`, undefined, host);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().content as Json[]).find((binder) => binder.id === quoteId);
}

const apply = (quoteId: string, amountPaid: number, method: string, host?: string, caller = 'admin') =>
  call(caller, 'POST', '/api/billing/v1/external/applyPayment', { quoteId, payee: 'Binder', amountPaid, paymentMethod: method, paymentDate: '2026-11-20', transactionId: null, paymentDesc: null }, host);

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe.each(CASES)('$edition: paying a binder', ({ edition, agent, agency, host, state, zip, industry, product, method }) => {
  it('is Unpaid, then Partially Paid, then Paid, and the list filters on it', async () => {
    const client = await clientOf(t, agency, `Binder Payer ${edition} Ltd`, { edition, state: edition === 'us' ? state : null, zip, industry, revenue: 5_000_000 });
    const quoteId = await boundBinder(t, call, agent, client, { edition, state, product, today: TODAY, host });
    const fresh = await listed(agent, quoteId, host);
    expect(fresh).toMatchObject({ amountPaid: '0.00', paymentStatus: 'Unpaid' });
    expect(await listed(agent, quoteId, host, 'Unpaid')).toBeDefined();
    expect(await listed(agent, quoteId, host, 'Paid')).toBeUndefined();
    const total = Number(fresh!.totalPremium);

    // Billing's to apply: the agency may not.
    expect((await apply(quoteId, 100, method, host, agent)).statusCode).toBe(403);

    const part = await apply(quoteId, 100, method, host);
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ message: BILLING_TEXTS.applied, transaction: { quoteId, policyId: null, amountPaid: '100.00', paymentMethod: method, status: 'Paid' } });
    expect(part.json().transaction.invoiceNumber).toMatch(/^INV-/);
    expect(await listed(agent, quoteId, host)).toMatchObject({ amountPaid: '100.00', paymentStatus: 'Partially Paid' });
    expect(await listed(agent, quoteId, host, 'Partially Paid')).toBeDefined();
    expect(await listed(agent, quoteId, host, 'Unpaid')).toBeUndefined();

    // Billing's transactions list has it under the binder's number; the binder's agency sees it, another does not.
    const binderNumber = fresh!.binderNumber as string;
    const transactionsFor = async (caller: string, search: string) =>
      (await call(caller, 'GET', `/api/billing/v1/search?search=${search}&size=100`, undefined, host)).json().content as Json[];
    expect(await transactionsFor('admin', binderNumber)).toMatchObject([{ id: part.json().transaction.id, policyNumber: binderNumber, policyId: null, quoteId }]);
    expect((await transactionsFor(agent, binderNumber)).map((row) => row.id)).toEqual([part.json().transaction.id]);
    expect(await transactionsFor('otherAgent', binderNumber)).toEqual([]);
    const opened = await call('admin', 'GET', `/api/billing/v1/transaction/${part.json().transaction.id}`, undefined, host);
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await call('otherAgent', 'GET', `/api/billing/v1/transaction/${part.json().transaction.id}`, undefined, host)).statusCode).toBe(404);

    const rest = Math.round((total - 100) * 100) / 100;
    expect((await apply(quoteId, rest, method, host)).statusCode).toBe(200);
    expect(await listed(agent, quoteId, host, 'Paid')).toMatchObject({ amountPaid: total.toFixed(2), paymentStatus: 'Paid' });
    const [audited] = await t.db.query<{ detail: Json }>(`SELECT detail FROM audit_log WHERE target = $1 AND action = 'billing.payment-applied' ORDER BY id LIMIT 1`, [quoteId]);
    expect(audited?.detail).toMatchObject({ amount: '100.00', method });

    // Issued, the binder leaves the list and its payments are the policy's: paid in full, nothing due.
    const policyId = await issueBinder(call, agent, quoteId, host);
    expect(await listed(agent, quoteId, host)).toBeUndefined();
    const record = (await call('admin', 'GET', `/api/billing/v1/policy/${policyId}/payment`, undefined, host)).json();
    expect(record).toMatchObject({ status: 'Paid', amountPaid: total.toFixed(2), amountDue: '0.00' });
    const moved = await t.db.query<{ policy_id: string | null }>('SELECT policy_id FROM payment_transactions WHERE quote_id = $1', [quoteId]);
    expect(moved.map((row) => row.policy_id)).toEqual([policyId, policyId]);
    const policyNumber = (await call(agent, 'GET', `/api/policy/v1/${policyId}`, undefined, host)).json().policyNumber as string;
    // Still found by the binder's invoice number, now under the policy.
    expect((await transactionsFor('admin', binderNumber)).map((row) => [row.policyNumber, row.policyId])).toEqual([[policyNumber, policyId], [policyNumber, policyId]]);

    // An issued binder takes no more payments as a binder: they go to its policy.
    const late = await apply(quoteId, 10, method, host);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(BILLING_TEXTS.binderNotBound);
  });
});

describe('refusals', () => {
  it('a payment for neither a policy nor a binder, or for an unknown binder, is refused with its reason', async () => {
    const neither = await call('admin', 'POST', '/api/billing/v1/external/applyPayment', { amountPaid: 10, paymentMethod: 'Check', paymentDate: '2026-11-20' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe(BILLING_TEXTS.noPayee);
    const unknown = await apply('00000000-0000-4000-8000-000000000000', 10, 'Check');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(BILLING_TEXTS.binderNotFound);
  });
});
