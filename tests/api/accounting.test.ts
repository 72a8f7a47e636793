import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ACCOUNTING_TEXTS } from '../../server/resources/accounting/handlers.ts';
import { issuedPolicy, quotableAcme } from './support/policy-fixtures.ts';
import { clientOf } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Send invoice to accounting (spec 002 section 3 'Accounting send'; section 5 'Accounting send: first name,
 * last name, email and phone required'): the accounting contact becomes a user of the client account and is
 * e-mailed a one-time-code link to the policy's payment page, in both editions; nobody sends another
 * tenant's invoice.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const TODAY = '2026-11-23';
const UK = 'console.example.uk';
const USERS = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example', admin: 'admin@provider.example' };

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
  ids.us = await issuedPolicy(t, call, 'agent', await quotableAcme(t), { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
  const ukClient = await clientOf(t, 'Thames Cyber Brokers', 'Harbourside Dental Ltd', { edition: 'uk', state: null, zip: 'BS1 4DJ', industry: '62020', revenue: 3_000_000 });
  ids.uk = await issuedPolicy(t, call, 'broker', ukClient, { edition: 'uk', state: 'ENG', product: 'P_ONE', today: TODAY, host: UK });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('sending the invoice to accounting', () => {
  it.each([
    { edition: 'us', caller: 'agent', policy: 'us', host: undefined, email: 'Dana.Ledger@AcmePrecision.example', phone: '3035550142', amount: /\$[\d,]+\.\d\d is due/ },
    { edition: 'uk', caller: 'broker', policy: 'uk', host: UK, email: 'accounts@harbourside.example', phone: '02079460321', amount: /£[\d,]+\.\d\d is due/ },
  ])('$edition: the contact gets a one-time-code link to the payment page; a copy goes to the customer; audited', async ({ caller, policy, host, email, phone, amount }) => {
    const sent = await call(caller, 'POST', '/api/billing/v1/accounting',
      { policyId: ids[policy], firstName: 'Dana', lastName: 'Ledger', email, phone, customerEmail: `copy-${policy}@insured.example` }, host);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: ACCOUNTING_TEXTS.sent(email.toLowerCase()), sentTo: email.toLowerCase() });
    const mail = await t.latestMessageTo(email.toLowerCase());
    expect(mail!.body).toMatch(amount);
    const workflowId = /\/validate\/([0-9a-f-]{36})/.exec(mail!.body)![1];
    const [workflow] = await t.db.query<{ flow: string; redirect_url: string; account_id: string; role_id: string }>(
      'SELECT w.flow, w.redirect_url, u.account_id, u.role_id FROM workflows w JOIN users u ON u.id = w.user_id WHERE w.id = $1', [workflowId],
    );
    const [owner] = await t.db.query<{ account_id: string }>('SELECT account_id FROM policies WHERE id = $1', [ids[policy]]);
    expect(workflow).toEqual({ flow: 'E_PAY', redirect_url: `/policy/${ids[policy]}/accountant-payment`, account_id: owner!.account_id, role_id: 'customer-policy-holder' });
    expect((await t.latestMessageTo(`copy-${policy}@insured.example`))!.body).toContain('A copy of the invoice sent to Dana Ledger');
    const [audited] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM audit_log WHERE target = $1 AND action = 'billing.invoice-sent'`, [ids[policy]]);
    expect(audited!.count).toBe(1);
  });

  it.each([
    { field: 'firstName', text: 'First Name is required' },
    { field: 'lastName', text: 'Last Name is required' },
    { field: 'email', text: 'Email is required' },
    { field: 'phone', text: 'Phone is required' },
  ])('refuses a missing $field: "$text"', async ({ field, text }) => {
    const body: Record<string, unknown> = { policyId: ids.us, firstName: 'Dana', lastName: 'Ledger', email: 'dana@acmeprecision.example', phone: '3035550142', [field]: '' };
    const refused = await call('agent', 'POST', '/api/billing/v1/accounting', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(text);
  });

  it("another agency's policy answers like a missing one; an address of another organisation is refused", async () => {
    const foreign = await call('otherAgent', 'POST', '/api/billing/v1/accounting', { policyId: ids.us, firstName: 'Dana', lastName: 'Ledger', email: 'dana@acmeprecision.example', phone: '3035550142' });
    expect(foreign.statusCode).toBe(404);
    const stranger = await call('agent', 'POST', '/api/billing/v1/accounting', { policyId: ids.us, firstName: 'Olivia', lastName: 'Other', email: 'agent@otheragency.example', phone: '3035550142' });
    expect(stranger.statusCode).toBe(409);
  });
});

describe('a payment reminder', () => {
  it('e-mails the policy contact what is due with a link to the payment page; billing only; audited', async () => {
    const [policy] = await t.db.query<{ contact_email: string }>('SELECT contact_email FROM policies WHERE id = $1', [ids.us]);
    const sent = await call('admin', 'POST', `/api/billing/v1/policy/${ids.us}/payment-reminder`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: ACCOUNTING_TEXTS.reminded(policy!.contact_email.toLowerCase()), sentTo: policy!.contact_email.toLowerCase() });
    const mail = await t.latestMessageTo(policy!.contact_email.toLowerCase());
    expect(mail!.subject).toMatch(/^Payment reminder: policy P-\d{4}-\d{6}$/);
    expect(mail!.body).toMatch(/\$[\d,]+\.\d\d is due on policy/);
    expect(mail!.body).toMatch(/\/validate\/[0-9a-f-]{36}/);
    const [audited] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM audit_log WHERE target = $1 AND action = 'billing.payment-reminder-sent'`, [ids.us]);
    expect(audited!.count).toBe(1);
    expect((await call('agent', 'POST', `/api/billing/v1/policy/${ids.us}/payment-reminder`)).statusCode).toBe(403);
  });

  it('is refused once nothing is due', async () => {
    await t.db.query(
      `INSERT INTO payment_transactions (transaction_id, invoice_number, policy_id, status, payment_date, payment_method, processor_name, amount_paid, currency, created_at, modified_at)
       SELECT 'T-TEST-PAID', 'INV-' || policy_number, id, 'Paid', '2026-11-23', 'Wire', 'Bank transfer', total_premium, currency, now(), now() FROM policies WHERE id = $1`,
      [ids.uk],
    );
    const refused = await call('admin', 'POST', `/api/billing/v1/policy/${ids.uk}/payment-reminder`, undefined, UK);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ACCOUNTING_TEXTS.nothingDue);
  });
});
