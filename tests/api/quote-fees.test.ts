import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { installmentDownPayment, totalPremiumWithFees } from '../../engine/index.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { quotableAcme } from './support/policy-fixtures.ts';
import { clientOf, p250Request } from './support/quote-fixtures.ts';

/**
 * Broker and MGA fees on a quote (spec 002 section 2 'Edit broker fee; Edit MGA fee', section 3 fees and
 * their texts, section 8 'Fee updates'): the agency sets its broker fees, provider underwriters the MGA
 * fee; the payer's total is the rated total plus the fees, kept when the quote is rated again, carried into
 * the policy and taken out of the financed premium.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const TODAY = '2026-11-23';
const UK = 'console.example.uk';
let quoteId: string;
let ukQuoteId: string;

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const quoteOf = async (id: string) => (await call('underwriter', 'GET', `/api/quote/v1/${id}`)).json() as Json;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  const users = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example', underwriter: 'underwriter@provider.example', policyholder: 'policyholder@insured.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  const created = await call('agent', 'POST', '/api/quote/v1/create', p250Request(await quotableAcme(t), 'us', 'CO', TODAY));
  expect(created.statusCode, created.body).toBe(201);
  quoteId = created.json().id;
  await t.db.query(`UPDATE quotes SET status = 'READY' WHERE id = $1`, [quoteId]);
  const ukClient = await clientOf(t, 'Thames Cyber Brokers', 'Wapping Wharf Studios Ltd', { edition: 'uk', state: null, zip: 'E1W 1UN', industry: '62020', revenue: 3_000_000 });
  const ukCreated = await call('broker', 'POST', '/api/quote/v1/create', p250Request(ukClient, 'uk', 'GB', TODAY, 'P_ONE'), UK);
  expect(ukCreated.statusCode, ukCreated.body).toBe(201);
  ukQuoteId = ukCreated.json().id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('broker and MGA fees', () => {
  it('adds the agency\'s broker fees to the rated total with the spec\'s text, and records the change', async () => {
    const before = await quoteOf(quoteId);
    const rated = before.rating.totalPremium as string;
    expect(before.totalPremium).toBe(rated);
    const saved = await call('agent', 'PUT', `/api/quote/v1/broker-fees/${quoteId}`, { brokerFee: 150.5, additionalBrokerFee: 25 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Broker Fee updated Successfully!', quote: { brokerFee: '150.50', additionalBrokerFee: '25.00', mgaFee: '0.00' } });
    expect(saved.json().quote.totalPremium).toBe(totalPremiumWithFees(rated, { brokerFee: '150.50', additionalBrokerFee: '25', mgaFee: 0 }));
    const [event] = await t.db.query<{ detail: Json }>(`SELECT detail FROM quote_events WHERE quote_id = $1 AND action = 'fees' ORDER BY id DESC LIMIT 1`, [quoteId]);
    expect(event!.detail).toMatchObject({ before: { brokerFee: '0.00' }, after: { brokerFee: '150.50', additionalBrokerFee: '25.00' } });
    const [audit] = await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM audit_log WHERE action = 'quote.fees' AND target = $1`, [quoteId]);
    expect(Number(audit!.n)).toBeGreaterThan(0);
  });

  it.each([
    { name: 'no broker fee', body: { additionalBrokerFee: 10 }, field: 'brokerFee', text: 'Broker Fee is required' },
    { name: 'a negative additional fee', body: { brokerFee: 10, additionalBrokerFee: -1 }, field: 'additionalBrokerFee', text: 'Additional Broker fee cannot be less than $0' },
    { name: 'an additional fee over 10,000', body: { brokerFee: 10, additionalBrokerFee: 10_000.01 }, field: 'additionalBrokerFee', text: 'Additional Broker fee must be less than or equal to $10,000' },
  ])('refuses $name with the spec\'s text', async ({ body, field, text }) => {
    const refused = await call('agent', 'PUT', `/api/quote/v1/broker-fees/${quoteId}`, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, message: text })]));
  });

  it('words the limits in pounds on the UK edition', async () => {
    const refused = await call('broker', 'PUT', `/api/quote/v1/broker-fees/${ukQuoteId}`, { brokerFee: 10, additionalBrokerFee: 20_000 }, UK);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ message: 'Additional Broker fee must be less than or equal to £10,000' })]));
    const saved = await call('broker', 'PUT', `/api/quote/v1/broker-fees/${ukQuoteId}`, { brokerFee: 95 }, UK);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().quote).toMatchObject({ brokerFee: '95.00', currency: 'GBP' });
  });

  it('leaves the MGA fee to underwriters; another agency cannot touch the quote', async () => {
    expect((await call('agent', 'PUT', `/api/quote/v1/mga-fees/${quoteId}`, { mgaFee: 50 })).statusCode).toBe(403);
    expect((await call('otherAgent', 'PUT', `/api/quote/v1/broker-fees/${quoteId}`, { brokerFee: 1 })).statusCode).toBe(404);
    const missing = await call('underwriter', 'PUT', `/api/quote/v1/mga-fees/${quoteId}`, {});
    expect(missing.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'mgaFee', message: 'MGA Fee is required' })]));
    const saved = await call('underwriter', 'PUT', `/api/quote/v1/mga-fees/${quoteId}`, { mgaFee: 75 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'MGA Fee updated Successfully!', quote: { brokerFee: '150.50', mgaFee: '75.00' } });
    expect(saved.json().quote.totalPremium).toBe(totalPremiumWithFees(saved.json().quote.rating.totalPremium, { brokerFee: '150.50', additionalBrokerFee: 25, mgaFee: 75 }));
  });

  it('keeps the fees when an underwriter rates the quote again on new terms', async () => {
    const quote = await quoteOf(quoteId);
    const updated = await call('underwriter', 'PUT', `/api/quote/v1/P250/uw/${quoteId}`, { ...quote.request, deductible: quote.request.deductible === 50000 ? 25000 : 50000 });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = updated.json().quote;
    expect(after.rating.totalPremium).not.toBe(quote.rating.totalPremium);
    expect(after.totalPremium).toBe(totalPremiumWithFees(after.rating.totalPremium, { brokerFee: '150.50', additionalBrokerFee: 25, mgaFee: 75 }));
  });

  it('carries the fees into the policy and out of the financed premium; a bound quote\'s fees are fixed', async () => {
    const bound = await call('agent', 'PUT', `/api/quote/v1/${quoteId}/bind`, { customerFirstName: 'Paula', customerLastName: 'Holder', customerEmail: 'policyholder@insured.example', customerPhone: '3035550175' });
    expect(bound.statusCode, bound.body).toBe(200);
    const refused = await call('agent', 'PUT', `/api/quote/v1/broker-fees/${quoteId}`, { brokerFee: 1 });
    expect(refused.statusCode).toBe(409);
    const issued = await call('agent', 'POST', `/api/policy/v1/generate/${quoteId}`);
    expect(issued.statusCode, issued.body).toBe(200);
    const policyId = issued.json().policy.id as string;
    const quote = await quoteOf(quoteId);
    const record = (await call('policyholder', 'GET', `/api/billing/v1/policy/${policyId}/payment`)).json() as Json;
    // The policy's broker fee is both of the broker's fees.
    expect(record).toMatchObject({ totalPremium: quote.totalPremium, brokerFee: '175.50', mgaFee: '75.00' });
    expect(record.financing.downPayment).toBe(installmentDownPayment(quote.totalPremium, '175.50', '75.00'));
  });
});
