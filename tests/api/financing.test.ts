import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { installmentAmount, installmentDownPayment } from '../../engine/index.ts';
import { FINANCING_TEXTS } from '../../server/lifecycle/financing/financing-texts.ts';
import { issuedPolicy, quotableAcme, withAgencyContact } from './support/policy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Premium financing (spec 002 section 3 'Premium financer (admin)', 'Premium finance quote', section 5
 * Financer; spec 000 the INSTALLMENT PLAN): the installment preview, billing's offer with its required
 * fields, the payer's finance quote and its acceptance with a typed full name ('Please enter full name.'),
 * after which the payer owes the down payment only; audited, within the tenant rule.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
let policyId = '';
const TODAY = '2026-11-23';
const USERS = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', admin: 'admin@provider.example', policyholder: 'policyholder@insured.example' };

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const recordOf = async () => (await call('policyholder', 'GET', `/api/billing/v1/policy/${policyId}/payment`)).json() as Json;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
  policyId = await issuedPolicy(t, call, 'agent', await quotableAcme(t), { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('premium financing', () => {
  it('previews the installment for billing only', async () => {
    const preview = await call('admin', 'GET', '/api/billing/v1/get-installment?apr=12&totalPremium=12500.10&downPayment=2500.10&numberOfInstallments=12');
    expect(preview.json()).toEqual({ installmentAmount: '888.49' });
    expect((await call('agent', 'GET', '/api/billing/v1/get-installment?apr=12&totalPremium=12500.10&downPayment=2500.10&numberOfInstallments=12')).statusCode).toBe(403);
  });

  it('suggests the spec\'s down payment before any plan is offered, and offers none', async () => {
    const record = await recordOf();
    expect(record.financing).toEqual({ offered: false, financed: false, downPayment: installmentDownPayment(record.totalPremium, '0', '0'), numberOfInstallments: 10, financeQuoteNumber: null });
    expect((await call('policyholder', 'GET', `/api/billing/v1/finance/${policyId}`)).json().message).toBe(FINANCING_TEXTS.notOffered);
  });

  it.each([
    { name: 'no financer', patch: { financerName: '' }, text: 'Financer is a required field' },
    { name: 'no installment computed', patch: { installmentAmount: null }, text: 'The installment is computed once the APR, the down payment and the number of installments are entered' },
    { name: 'an APR over 100', patch: { apr: 120 }, text: 'APR must be less than or equal to 100' },
  ])('refuses an offer with $name', async ({ patch, text }) => {
    const refused = await call('admin', 'POST', '/api/billing/v1/create/premiumFinance',
      { policyId, financerName: 'Imperial PFS', downPayment: 700, apr: 9.5, numberOfInstallments: 10, installmentAmount: '290.00', ...patch });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(text);
  });

  it('refuses installments beyond the plan\'s 12-month term', async () => {
    const refused = await call('admin', 'POST', '/api/billing/v1/create/premiumFinance',
      { policyId, financerName: 'Imperial PFS', downPayment: 700, apr: 9.5, numberOfInstallments: 13, installmentAmount: '290.00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'numberOfInstallments', message: 'The installments must all fall due within the 12-month term of the plan.' })]);
  });

  it('keeps the broker and MGA fees out of what is financed: the down payment must carry them', async () => {
    // The policy's fees as its quote would have carried them (set on the row: the fixture binds without fees).
    const [before] = await t.db.query<{ total_premium: string }>('SELECT total_premium::text AS total_premium FROM policies WHERE id = $1', [policyId]);
    await t.db.query('UPDATE policies SET broker_fee = 250, mga_fee = 100, total_premium = total_premium + 350 WHERE id = $1', [policyId]);
    try {
      const record = await recordOf();
      expect(record.financing.downPayment).toBe(installmentDownPayment(record.totalPremium, '250.00', '100.00'));
      const refused = await call('admin', 'POST', '/api/billing/v1/create/premiumFinance',
        { policyId, financerName: 'Imperial PFS', downPayment: 349.99, apr: 9.5, numberOfInstallments: 10, installmentAmount: '290.00' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ field: 'downPayment', message: 'The down payment must cover the broker and MGA fees ($350.00): they are not financed.' }]);
    } finally {
      await t.db.query('UPDATE policies SET broker_fee = 0, mga_fee = 0, total_premium = $2 WHERE id = $1', [policyId, before!.total_premium]);
    }
  });

  it('billing offers a plan; the payer sees the finance quote and its schedule', async () => {
    const record = await recordOf();
    const down = record.financing.downPayment;
    const offered = await call('admin', 'POST', '/api/billing/v1/create/premiumFinance',
      { policyId, financerName: 'Imperial PFS', downPayment: Number(down), apr: 9.5, numberOfInstallments: 10, installmentAmount: '1.00' });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().message).toBe(FINANCING_TEXTS.added);
    const financed = (Number(record.totalPremium) - Number(down)).toFixed(2);
    // The agreement names the producing agency's contact: while the agency has none, the payer is told so.
    const missing = await call('policyholder', 'GET', `/api/billing/v1/finance/${policyId}`);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe('Agency Details Missing. Please contact your agent or support.');
    expect((await call('policyholder', 'PUT', '/api/billing/v1/pay/premiumFinance', { policyId, signature: 'Paula Holder' })).json().message)
      .toBe('Agency Details Missing. Please contact your agent or support.');
    await withAgencyContact(t, call, 'Summit Risk Partners');
    const quote = (await call('policyholder', 'GET', `/api/billing/v1/finance/${policyId}`)).json() as Json;
    expect(quote.producer).toEqual({ name: 'Summit Risk Partners', contactName: 'Casey Contact', email: 'contact@summitriskpartners.example', phone: '3035550142' });
    // The server computes the installment itself: what the dialog previewed is not trusted.
    expect(quote).toMatchObject({
      status: 'OFFERED', financerName: 'Imperial PFS', FinanceQuoteNumber: expect.stringMatching(/^FQ-2026-\d{6}$/), DownPayment: down, AmountFinanced: financed,
      APR: 9.5, NumberOfInstallments: 10, InstallmentAmount: installmentAmount(financed, 9.5, 10), FirstInstallmentDue: '2026-11-30',
    });
    expect(quote.schedule).toHaveLength(10);
    expect(quote.schedule[0].dueDate).toBe('2026-12-01');
    expect((await recordOf()).financing).toMatchObject({ offered: true, financed: false, downPayment: down });
    expect((await call('otherAgent', 'GET', `/api/billing/v1/finance/${policyId}`)).statusCode).toBe(404);
  });

  it('the payer accepts with a typed full name; then owes only the down payment', async () => {
    for (const signature of ['', '   ']) {
      const refused = await call('policyholder', 'PUT', '/api/billing/v1/pay/premiumFinance', { policyId, signature });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Please enter full name.');
    }
    expect((await call('agent', 'PUT', '/api/billing/v1/pay/premiumFinance', { policyId, signature: 'Alex Agent' })).statusCode).toBe(403);
    const accepted = await call('policyholder', 'PUT', '/api/billing/v1/pay/premiumFinance', { policyId, signature: 'Paula Holder' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ message: FINANCING_TEXTS.accepted, quote: { status: 'ACCEPTED', signature: 'Paula Holder' } });
    const record = await recordOf();
    expect(record).toMatchObject({ status: 'Unpaid', amountDue: record.financing.downPayment, financing: { offered: false, financed: true } });
    const again = await call('policyholder', 'PUT', '/api/billing/v1/pay/premiumFinance', { policyId, signature: 'Paula Holder' });
    expect(again.statusCode).toBe(409);
    const replaced = await call('admin', 'POST', '/api/billing/v1/create/premiumFinance',
      { policyId, financerName: 'Other PFS', downPayment: 100, apr: 5, numberOfInstallments: 10, installmentAmount: '1.00' });
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().message).toBe(FINANCING_TEXTS.alreadyAccepted);
    // The down payment received: nothing more is asked of the payer.
    await call('admin', 'POST', '/api/billing/v1/external/applyPayment', { policyId, amountPaid: Number(record.amountDue), paymentMethod: 'Check', paymentDate: TODAY });
    expect(await recordOf()).toMatchObject({ status: 'Paid', amountDue: '0.00' });
    const audited = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 AND action LIKE 'financing.%' ORDER BY id`, [policyId]);
    expect(audited.map((row) => row.action)).toEqual(['financing.offered', 'financing.accepted']);
  });
});
