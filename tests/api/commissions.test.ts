import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { COMMISSION_TEXTS } from '../../server/resources/commissions/commission-texts.ts';
import { issuedPolicy, quotableAcme } from './support/policy-fixtures.ts';
import { clientOf } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Commissions (spec 002 section 3 Commission, section 5 'Commission payment', section 7 /api/commissions/v1
 * and /api/docs/v1/commissions): statement lines derived from issued and cancelled policies, per-agency
 * totals, the agency's deposit account kept by the processor, payments through the processor with a
 * single-use token (a retry is the same payment), pause and resume, and the month's statement or
 * agency-billed invoice as a real PDF, within the tenant rule and in both editions.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const TODAY = '2026-11-23';
const UK = 'console.example.uk';
const USERS = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example', admin: 'admin@provider.example', underwriter: 'underwriter@provider.example' };

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const pdfText = async (response: { rawPayload: Buffer }) => (await new PDFParse({ data: new Uint8Array(response.rawPayload) }).getText()).text;
const auditCount = async (target: string, action: string) =>
  (await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM audit_log WHERE target = $1 AND action = $2', [target, action]))[0]!.count;
const aggregateOf = async (agencyId: string, caller = 'admin', host?: string) =>
  ((await call(caller, 'GET', '/api/commissions/v1/aggregate?size=100', undefined, host)).json().content as Json[]).find((row) => row.agencyId === agencyId);

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
  const acme = await quotableAcme(t);
  ids.usPolicy = await issuedPolicy(t, call, 'agent', acme, { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
  const ukClient = await clientOf(t, 'Thames Cyber Brokers', 'Harbourside Dental Ltd', { edition: 'uk', state: null, zip: 'BS1 4DJ', industry: '62020', revenue: 3_000_000 });
  ids.ukPolicy = await issuedPolicy(t, call, 'broker', ukClient, { edition: 'uk', state: 'ENG', product: 'P_ONE', today: TODAY, host: UK });
  const [us] = await t.db.query<{ agency_id: string; premium: string }>('SELECT agency_id, premium::text AS premium FROM policies WHERE id = $1', [ids.usPolicy]);
  const [uk] = await t.db.query<{ agency_id: string }>('SELECT agency_id FROM policies WHERE id = $1', [ids.ukPolicy]);
  ids.usAgency = us!.agency_id;
  ids.usPremium = us!.premium;
  ids.ukAgency = uk!.agency_id;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('statements', () => {
  it('an issued policy is a line earning the commission rate on its premium; another agency does not see it', async () => {
    const mine = (await call('agent', 'GET', '/api/commissions/v1/statements')).json();
    const line = (mine.content as Json[]).find((row) => row.policyId === ids.usPolicy)!;
    expect(line).toMatchObject({ lineType: 'New Business', commissionRate: 15, commissionablePremium: Number(ids.usPremium).toFixed(2), agencyBilled: false, transactionDate: TODAY, currency: 'USD' });
    expect(line.commissionsAmount).toBe((Math.round(Number(ids.usPremium) * 15) / 100).toFixed(2));
    expect(line.netDue).toBe(line.commissionsAmount);
    const theirs = (await call('otherAgent', 'GET', '/api/commissions/v1/statements')).json();
    expect((theirs.content as Json[]).some((row) => row.policyId === ids.usPolicy)).toBe(false);
    const all = (await call('admin', 'GET', '/api/commissions/v1/statements?size=100')).json();
    expect((all.content as Json[]).map((row) => row.policyId)).toEqual(expect.arrayContaining([ids.usPolicy, ids.ukPolicy]));
  });

  it.each(['commissionablePremium', 'commissionRate', 'commissionsAmount', 'transactionDate', 'created', 'effectiveDate', 'agencyBilled', 'modified', 'totalPremium', 'netDue'])(
    'sorts by %s (a sort field of spec 002 section 3)',
    async (field) => {
      const answer = await call('admin', 'GET', `/api/commissions/v1/statements?size=100&sort=${field},desc`);
      expect(answer.statusCode, answer.body).toBe(200);
      // The page is in that order, newest or largest first (money and rates as numbers, dates and flags as text).
      const values = (answer.json().content as Json[]).map((row) => row[field]);
      expect(values.length).toBeGreaterThan(1);
      const key = (value: unknown) => (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value);
      const sorted = [...values].sort((a, b) => (key(a)! > key(b)! ? -1 : key(a)! < key(b)! ? 1 : 0));
      expect(values.map(key)).toEqual(sorted.map(key));
    },
  );

  it('an agency-billed policy nets the premium less commission, owed to the provider; the filter finds it', async () => {
    await t.db.query('UPDATE policies SET agency_billed = true WHERE id = $1', [ids.ukPolicy]);
    const billed = (await call('broker', 'GET', '/api/commissions/v1/statements?agencyBilled=true', undefined, UK)).json();
    const line = (billed.content as Json[]).find((row) => row.policyId === ids.ukPolicy)!;
    expect(line.agencyBilled).toBe(true);
    expect(Number(line.netDue)).toBeCloseTo(Number(line.totalPremium) - Number(line.commissionsAmount), 2);
    expect((await aggregateOf(ids.ukAgency!, 'broker', UK))!.agencyBilledDue).toBe(line.netDue);
    // The agencies that bill some of their policies themselves, and those that bill none.
    const billers = (await call('admin', 'GET', '/api/commissions/v1/aggregate?size=100&agencyBilled=true')).json().content as Json[];
    const direct = (await call('admin', 'GET', '/api/commissions/v1/aggregate?size=100&agencyBilled=false')).json().content as Json[];
    expect(billers.map((row) => row.agencyId)).toContain(ids.ukAgency);
    expect(direct.map((row) => row.agencyId)).not.toContain(ids.ukAgency);
    expect(direct.map((row) => row.agencyId)).toContain(ids.usAgency);
    expect(billers.every((row) => Number(row.agencyBilledDue) > 0)).toBe(true);
  });

  it('is not for the provider underwriter, who has no commission permission', async () => {
    expect((await call('underwriter', 'GET', '/api/commissions/v1/statements')).statusCode).toBe(403);
  });
});

describe('the deposit account', () => {
  it('an agency admin gives a US account: the processor keeps the number, the console its last four digits, audited', async () => {
    const saved = await call('agent', 'PUT', `/api/commissions/v1/${ids.usAgency}/ach`, { bankName: 'First Meridian Bank', accountName: 'Summit Risk Partners LLC', accountType: 'Checking', routingNumber: '110000000', accountNumber: '000123456789' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: COMMISSION_TEXTS.bankAccountSaved, accountEnding: '••••6789', accountNumber: null, routingNumber: '110000000', bankAccountSet: true });
    const [kept] = await t.db.query<Json>('SELECT * FROM agency_commission_accounts WHERE agency_id = $1', [ids.usAgency]);
    expect(JSON.stringify(kept)).not.toContain('000123456789');
    expect(await auditCount(ids.usAgency!, 'commission.bank-account-set')).toBe(1);
  });

  it.each([
    { name: 'a routing number of 8 digits', body: { routingNumber: '11000000' }, text: 'Routing Number must be 9 digits' },
    { name: 'no account number', body: { accountNumber: null }, text: 'Account Number is a required field' },
  ])('refuses $name with the form message', async ({ body, text }) => {
    const refused = await call('agent', 'PUT', `/api/commissions/v1/${ids.usAgency}/ach`, { bankName: 'B', accountName: 'N', accountType: 'Checking', routingNumber: '110000000', accountNumber: '000123456789', ...body });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(text);
  });

  it('UK: a sort code and an 8-digit account', async () => {
    const saved = await call('broker', 'PUT', `/api/commissions/v1/${ids.ukAgency}/ach`, { bankName: 'Albion Commercial Bank', accountName: 'Thames Cyber Brokers Ltd', accountType: 'Checking', routingNumber: '40-00-00', accountNumber: '12345678' }, UK);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ routingNumber: '40-00-00', accountEnding: '••••5678' });
    const refused = await call('broker', 'PUT', `/api/commissions/v1/${ids.ukAgency}/ach`, { bankName: 'A', accountName: 'B', accountType: 'Checking', routingNumber: '400000000', accountNumber: '12345678' }, UK);
    expect(refused.body).toContain('Sort Code must be 6 digits, such as 12-34-56');
  });

  it("another agency's account answers like a missing one", async () => {
    expect((await call('otherAgent', 'GET', `/api/commissions/v1/${ids.usAgency}/ach`)).statusCode).toBe(404);
    expect((await call('otherAgent', 'PUT', `/api/commissions/v1/${ids.usAgency}/ach`, { bankName: 'X', accountName: 'X', accountType: 'Checking', routingNumber: '110000000', accountNumber: '999999999' })).statusCode).toBe(404);
  });
});

describe('paying commission', () => {
  it('is for provider billing: an agency may not ask for a payout token', async () => {
    expect((await call('agent', 'GET', `/api/commissions/v1/${ids.usAgency}/payment-token`)).statusCode).toBe(403);
  });

  it.each([
    { name: 'an amount under 1', body: { commissionsAmount: 0.5 }, text: 'Amount must be at least 1' },
    { name: 'no description', body: { description: '' }, text: 'Description is a required field' },
    { name: 'no token', body: { token: null }, text: "Waiting for the payment processor's token" },
  ])('refuses $name', async ({ body, text }) => {
    const refused = await call('admin', 'POST', '/api/commissions/v1/payment', { agencyId: ids.usAgency, commissionsAmount: 10, description: 'Commission', token: 'pt_x', ...body });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(text);
  });

  it('pays with the token once: a retry answers the same payment, one row and one audit entry; what is owed goes down', async () => {
    const before = await aggregateOf(ids.usAgency!);
    const token = await call('admin', 'GET', `/api/commissions/v1/${ids.usAgency}/payment-token`);
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json().outstanding).toBe(before!.netDue);
    const body = { agencyId: ids.usAgency, commissionsAmount: 10, description: 'Commission for November 2026', token: token.json().token };
    const paid = await call('admin', 'POST', '/api/commissions/v1/payment', body);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payment).toMatchObject({ amount: '10.00', status: 'Paid', currency: 'USD', description: 'Commission for November 2026' });
    expect(paid.json().payment.paymentNumber).toMatch(/^CP-2026-\d{6}$/);
    expect(paid.json().message).toBe('Commission of $10.00 paid to Summit Risk Partners.');
    const again = await call('admin', 'POST', '/api/commissions/v1/payment', body);
    expect(again.json().payment.id).toBe(paid.json().payment.id);
    // The token is this payee's: naming another agency with it never answers (or repeats) this payment.
    const elsewhere = await call('admin', 'POST', '/api/commissions/v1/payment', { ...body, agencyId: ids.ukAgency });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(COMMISSION_TEXTS.tokenRefused('The payout token was used for another payee.'));
    const [count] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM commission_payments WHERE payout_token = $1', [body.token]);
    expect(count!.count).toBe(1);
    expect(await auditCount(ids.usAgency!, 'commission.paid')).toBe(1);
    const after = await aggregateOf(ids.usAgency!);
    expect(Number(after!.netDue)).toBeCloseTo(Number(before!.netDue) - 10, 2);
    expect(after!.paidAmount).toBe('10.00');
    const listed = (await call('agent', 'GET', '/api/commissions/v1/payments')).json();
    expect((listed.content as Json[]).map((row) => row.id)).toContain(paid.json().payment.id);
  });

  it('refuses more than is owed, and a token the processor never issued', async () => {
    const token = (await call('admin', 'GET', `/api/commissions/v1/${ids.usAgency}/payment-token`)).json();
    const tooMuch = await call('admin', 'POST', '/api/commissions/v1/payment', { agencyId: ids.usAgency, commissionsAmount: Number(token.outstanding) + 1, description: 'Too much', token: token.token });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toMatch(/^The amount is more than the commission owed to this agency \(\$[\d,]+\.\d\d\)\.$/);
    const forged = await call('admin', 'POST', '/api/commissions/v1/payment', { agencyId: ids.usAgency, commissionsAmount: 1, description: 'Forged', token: 'pt_forged' });
    expect(forged.statusCode).toBe(409);
    expect(forged.json().message).toBe(COMMISSION_TEXTS.tokenRefused('The payout token is not one the processor issued.'));
  });

  it('a bank account that refuses deposits makes a Failed payment with its reason', async () => {
    await call('agent', 'PUT', `/api/commissions/v1/${ids.usAgency}/ach`, { bankName: 'Test Bank', accountName: 'Summit Risk Partners LLC', accountType: 'Checking', routingNumber: '110000000', accountNumber: '000111111116' });
    const token = (await call('admin', 'GET', `/api/commissions/v1/${ids.usAgency}/payment-token`)).json();
    const failed = await call('admin', 'POST', '/api/commissions/v1/payment', { agencyId: ids.usAgency, commissionsAmount: 1, description: 'Returned', token: token.token });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ payment: { status: 'Failed' }, message: COMMISSION_TEXTS.failed('The bank account refused the deposit (R03 no account).') });
  });

  it('pausing stops payments until they are resumed; each toggle is audited', async () => {
    const paused = await call('admin', 'PUT', `/api/commissions/v1/toggle/${ids.usAgency}`);
    expect(paused.json()).toEqual({ paymentsPaused: true, message: 'Pause/Resume Payments successful.' });
    const refused = await call('admin', 'GET', `/api/commissions/v1/${ids.usAgency}/payment-token`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(COMMISSION_TEXTS.paused);
    expect((await aggregateOf(ids.usAgency!))!.paymentsPaused).toBe(true);
    expect((await call('admin', 'PUT', `/api/commissions/v1/toggle/${ids.usAgency}`)).json().paymentsPaused).toBe(false);
    expect(await auditCount(ids.usAgency!, 'commission.payments-paused')).toBe(1);
    expect(await auditCount(ids.usAgency!, 'commission.payments-resumed')).toBe(1);
    expect((await call('agent', 'PUT', `/api/commissions/v1/toggle/${ids.usAgency}`)).statusCode).toBe(403);
  });
});

describe('the statement and invoice picker', () => {
  it('offers years from 2020 (seven at most, newest first) and the months of this year up to this one', async () => {
    const years = (await call('agent', 'GET', '/api/docs/v1/commissions/periods?period=year')).json().content as Json[];
    expect(years.map((year) => year.value)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020]);
    const months = (await call('agent', 'GET', '/api/docs/v1/commissions/periods?period=month&year=2026')).json().content as Json[];
    expect(months.at(-1)).toEqual({ value: 11, label: 'November' });
    expect(months).toHaveLength(11);
    expect((await call('agent', 'GET', '/api/docs/v1/commissions/periods?period=month&year=2025')).json().content).toHaveLength(12);
  });

  it('a month without lines has no document; the month of the policy has a statement whose PDF lists it', async () => {
    expect((await call('agent', 'GET', '/api/docs/v1/commissions?year=2026&month=3')).json()).toEqual({ available: false, fileName: null, lines: 0 });
    const found = (await call('agent', 'GET', '/api/docs/v1/commissions?year=2026&month=11')).json();
    expect(found).toMatchObject({ available: true, fileName: 'Commission_Statement_Summit_Risk_Partners_2026-11.pdf' });
    const pdf = await call('agent', 'GET', '/api/docs/v1/commissions/download?year=2026&month=11&kind=commissionStatement');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('Commission_Statement_Summit_Risk_Partners_2026-11.pdf');
    const text = await pdfText(pdf);
    const [policy] = await t.db.query<{ policy_number: string }>('SELECT policy_number FROM policies WHERE id = $1', [ids.usPolicy]);
    expect(text).toContain('Commission Statement - November 2026');
    expect(text).toContain(policy!.policy_number);
    expect((await call('agent', 'GET', '/api/docs/v1/commissions/download?year=2026&month=3')).statusCode).toBe(404);
  });

  it('UK: the brokerage bill invoice of the month, in pounds', async () => {
    const found = (await call('broker', 'GET', '/api/docs/v1/commissions?year=2026&month=11&kind=agencyBillInvoice', undefined, UK)).json();
    expect(found.available).toBe(true);
    const text = await pdfText(await call('broker', 'GET', '/api/docs/v1/commissions/download?year=2026&month=11&kind=agencyBillInvoice', undefined, UK));
    expect(text).toContain('Brokerage Bill Invoice - November 2026');
    expect(text).toContain('£');
  });

  it('provider staff name the agency; an agency never reads another agency\'s statement', async () => {
    expect((await call('admin', 'GET', '/api/docs/v1/commissions?year=2026&month=11')).statusCode).toBe(400);
    expect((await call('admin', 'GET', `/api/docs/v1/commissions?year=2026&month=11&agencyId=${ids.usAgency}`)).json().available).toBe(true);
    // An agency's own users always get their own agency's document, whatever agency they name.
    const other = (await call('otherAgent', 'GET', `/api/docs/v1/commissions?year=2026&month=11&agencyId=${ids.usAgency}`)).json();
    expect(other.available).toBe(false);
  });
});
