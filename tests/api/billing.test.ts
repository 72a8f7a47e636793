import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { BILLING_TEXTS } from '../../server/resources/billing/billing-texts.ts';
import { issuedPolicy, quotableAcme } from './support/policy-fixtures.ts';
import { clientOf } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Billing's bookkeeping (spec 002 section 3 'Record and close transactions'; section 5 Transactions; section 8
 * texts): a check or wire applied to a policy, a transaction corrected with every required field and the
 * amount's bounds, a payment closed with a comment, the transactions list within the tenant rule, an audit
 * entry (before and after) for every change, in both editions.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const TODAY = '2026-11-23';
const UK = 'console.example.uk';
const USERS = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example', admin: 'admin@provider.example', policyholder: 'policyholder@insured.example' };

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const recordOf = async (policyId: string, host?: string) => (await call('admin', 'GET', `/api/billing/v1/policy/${policyId}/payment`, undefined, host)).json() as Json;
const auditOf = (target: string, action: string) =>
  t.db.query<{ detail: Json }>('SELECT detail FROM audit_log WHERE target = $1 AND action = $2 ORDER BY id', [target, action]);

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
  const acme = await quotableAcme(t);
  ids.us = await issuedPolicy(t, call, 'agent', acme, { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
  const ukClient = await clientOf(t, 'Thames Cyber Brokers', 'Harbourside Dental Ltd', { edition: 'uk', state: null, zip: 'BS1 4DJ', industry: '62020', revenue: 3_000_000 });
  ids.uk = await issuedPolicy(t, call, 'broker', ukClient, { edition: 'uk', state: 'ENG', product: 'P_ONE', today: TODAY, host: UK });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('applying a payment received outside the processor', () => {
  it.each([
    { edition: 'us', policy: 'us', host: undefined, method: 'Check', reference: 'CHK-10442' },
    { edition: 'uk', policy: 'uk', host: UK, method: 'Wire', reference: null },
  ])('$edition: part of the premium by $method makes the policy Partially Paid, audited', async ({ policy, host, method, reference }) => {
    const applied = await call('admin', 'POST', '/api/billing/v1/external/applyPayment',
      { policyId: ids[policy], amountPaid: 1000, paymentMethod: method, paymentDate: '2026-11-20', transactionId: reference, paymentDesc: null }, host);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ message: BILLING_TEXTS.applied, transaction: { status: 'Paid', paymentMethod: method, amountPaid: '1000.00', paymentDate: '2026-11-20' } });
    if (reference) expect(applied.json().transaction.transactionId).toBe(reference);
    else expect(applied.json().transaction.transactionId).toMatch(/^T-2026-\d{6}$/);
    const record = await recordOf(ids[policy]!, host);
    expect(record).toMatchObject({ status: 'Partially Paid', amountPaid: '1000.00' });
    expect(Number(record.amountDue)).toBeCloseTo(Number(record.totalPremium) - 1000, 2);
    expect(await auditOf(ids[policy]!, 'billing.payment-applied')).toHaveLength(1);
  });

  it.each([
    { name: 'no amount', amountPaid: null, text: 'Amount Paid is a required field' },
    { name: 'an amount over the bound', amountPaid: 1_000_000_000_001, text: 'Amount Paid must be less than or equal to 1,000,000,000,000' },
    { name: 'a zero amount', amountPaid: 0, text: 'Amount Paid must be greater than 0' },
  ])('refuses $name with the form\'s message', async ({ amountPaid, text }) => {
    const refused = await call('admin', 'POST', '/api/billing/v1/external/applyPayment', { policyId: ids.us, amountPaid, paymentMethod: 'Check', paymentDate: '2026-11-20' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(text);
  });

  it('is for billing only, and a reference already used is refused', async () => {
    expect((await call('agent', 'POST', '/api/billing/v1/external/applyPayment', { policyId: ids.us, amountPaid: 5, paymentMethod: 'Check', paymentDate: '2026-11-20' })).statusCode).toBe(403);
    const again = await call('admin', 'POST', '/api/billing/v1/external/applyPayment', { policyId: ids.us, amountPaid: 5, paymentMethod: 'Check', paymentDate: '2026-11-20', transactionId: 'CHK-10442' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BILLING_TEXTS.transactionIdTaken);
  });
});

describe('updating a transaction', () => {
  it('requires every field and bounds the amount, with the spec\'s texts', async () => {
    const [row] = (await recordOf(ids.us!)).transactions;
    const base = { transactionId: row.transactionId, invoiceNumber: row.invoiceNumber, status: 'Paid', paymentDate: '2026-11-20', paymentMethod: 'Check', processorName: 'Check received', amountPaid: 1000, paymentDesc: null };
    for (const [field, text] of [['transactionId', 'Transaction ID is a required field'], ['processorName', 'Processor Name is a required field'], ['amountPaid', 'Amount Paid is a required field']] as const) {
      const refused = await call('admin', 'PUT', `/api/billing/v1/transaction/${row.id}`, { ...base, [field]: field === 'amountPaid' ? null : '' });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.body).toContain(text);
    }
    const over = await call('admin', 'PUT', `/api/billing/v1/transaction/${row.id}`, { ...base, amountPaid: 1_000_000_000_000.01 });
    expect(over.body).toContain('Amount Paid must be less than or equal to 1,000,000,000,000');
    const updated = await call('admin', 'PUT', `/api/billing/v1/transaction/${row.id}`, { ...base, amountPaid: 1200.5, paymentDesc: 'Check 10442 re-keyed' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ message: BILLING_TEXTS.updated, transaction: { amountPaid: '1200.50', paymentDesc: 'Check 10442 re-keyed' } });
    const [entry] = await auditOf(ids.us!, 'billing.transaction-updated');
    expect(entry!.detail).toMatchObject({ before: { amountPaid: '1000.00' }, after: { amountPaid: '1200.50' } });
    expect((await recordOf(ids.us!)).amountPaid).toBe('1200.50');
  });

  it('keeps what the processor reported: its amount cannot be changed by hand', async () => {
    const [row] = (await recordOf(ids.us!)).transactions;
    await t.db.query(`UPDATE payment_transactions SET processor_charge_id = 'ch_test_processor_owned' WHERE id = $1`, [row.id]);
    const refused = await call('admin', 'PUT', `/api/billing/v1/transaction/${row.id}`, {
      transactionId: row.transactionId, invoiceNumber: row.invoiceNumber, status: 'Paid', paymentDate: row.paymentDate, paymentMethod: row.paymentMethod,
      processorName: row.processorName, amountPaid: 1, paymentDesc: null,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BILLING_TEXTS.processorOwned);
    await t.db.query(`UPDATE payment_transactions SET processor_charge_id = NULL WHERE id = $1`, [row.id]);
  });
});

describe('closing a payment', () => {
  it('needs a comment, credits what is still due, and then has nothing left to close', async () => {
    const refused = await call('admin', 'POST', '/api/billing/v1/close', { policyId: ids.us, description: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Comment is a required field');
    const due = (await recordOf(ids.us!)).amountDue;
    const closed = await call('admin', 'POST', '/api/billing/v1/close', { policyId: ids.us, description: 'Balance settled by the broker by offset.' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ message: BILLING_TEXTS.closed, transaction: { paymentMethod: 'Refund/Credit', status: 'Paid', amountPaid: due, paymentDesc: 'Balance settled by the broker by offset.' } });
    expect(await recordOf(ids.us!)).toMatchObject({ status: 'Paid', amountDue: '0.00' });
    const again = await call('admin', 'POST', '/api/billing/v1/close', { policyId: ids.us, description: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BILLING_TEXTS.nothingToClose);
    expect(await auditOf(ids.us!, 'billing.payment-closed')).toHaveLength(1);
  });
});

describe('the transactions list', () => {
  it('answers each caller within the tenant rule, filtered and sorted', async () => {
    const all = (await call('admin', 'GET', '/api/billing/v1/search?sort=amountPaid,asc')).json() as Json;
    expect(all.totalElements).toBe(3);
    const amounts = all.content.map((row: Json) => Number(row.amountPaid));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const own = (await call('agent', 'GET', '/api/billing/v1/search')).json() as Json;
    expect(own.content.map((row: Json) => row.companyName)).toEqual(['Acme Precision Manufacturing', 'Acme Precision Manufacturing']);
    expect((await call('otherAgent', 'GET', '/api/billing/v1/search')).json().totalElements).toBe(0);
    expect((await call('policyholder', 'GET', '/api/billing/v1/search')).json().totalElements).toBe(2);
    const credits = (await call('admin', 'GET', '/api/billing/v1/search?paymentMethod=Refund%2FCredit')).json() as Json;
    expect(credits.content).toHaveLength(1);
    const [foreign] = own.content;
    expect((await call('otherAgent', 'GET', `/api/billing/v1/transaction/${foreign.id}`)).statusCode).toBe(404);
  });
});
