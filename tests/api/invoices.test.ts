import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { issuedPolicy, quotableAcme, withAgencyContact } from './support/policy-fixtures.ts';
import { clientOf } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Invoices and outstanding balances (spec 002 section 3 'balances, invoices'; section 7 'GET invoice'): the
 * premium invoice of a policy as a PDF in its edition's words, the billing list of what is still owed (the
 * same balance the payment page shows, less each payment received, gone once paid), and the generated
 * documents of the library (invoices, certificates issued to holders), within the tenant rule.
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

const pdfText = async (response: { rawPayload: Buffer }) => (await new PDFParse({ data: new Uint8Array(response.rawPayload) }).getText()).text;
const recordOf = async (policyId: string, host?: string) => (await call('admin', 'GET', `/api/billing/v1/policy/${policyId}/payment`, undefined, host)).json() as Json;
const balancesOf = async (caller: string, query = '', host?: string) => {
  const response = await call(caller, 'GET', `/api/billing/v1/balances?size=100${query}`, undefined, host);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().content as Json[];
};
const policyOf = async (policyId: string, host?: string) => (await call('admin', 'GET', `/api/policy/v1/${policyId}`, undefined, host)).json() as Json;

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

const EDITIONS = [
  { edition: 'us', policy: 'us', owner: 'agent', host: undefined, currency: 'USD', symbol: '$', bankLabel: 'Routing Number', bankCode: '110000000', dueDate: '12/23/2026' },
  { edition: 'uk', policy: 'uk', owner: 'broker', host: UK, currency: 'GBP', symbol: '£', bankLabel: 'Sort Code', bankCode: '40-00-00', dueDate: '23/12/2026' },
] as const;

describe('the premium invoice', () => {
  it.each(EDITIONS)('$edition: a PDF with the charges, the balance, the due day and how to pay, in its edition\'s words', async ({ policy, owner, host, symbol, bankLabel, bankCode, dueDate }) => {
    const record = await recordOf(ids[policy]!, host);
    const response = await call(owner, 'GET', `/api/billing/v1/invoice/${ids[policy]}`, undefined, host);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="INV-${record.policyNumber}.pdf"`);
    const text = await pdfText(response);
    expect(text).toContain(`Invoice INV-${record.policyNumber}`);
    expect(text).toContain(`Due Date ${dueDate}`);
    expect(text).toContain(`${bankLabel} ${bankCode}`);
    expect(text).toContain(record.companyName);
    // The total and the balance, both the whole premium while nothing was paid, as the edition writes money.
    const total = new Intl.NumberFormat(host ? 'en-GB' : 'en-US', { minimumFractionDigits: 2 }).format(Number(record.totalPremium));
    expect(text).toContain(`Total Premium ${symbol}${total}`);
    expect(text).toContain(`Balance Due ${symbol}${total}`);
  });

  it('is within the tenant rule: another agency and a stranger to the policy get 404, the policyholder its own', async () => {
    expect((await call('otherAgent', 'GET', `/api/billing/v1/invoice/${ids.us}`)).statusCode).toBe(404);
    expect((await call('broker', 'GET', `/api/billing/v1/invoice/${ids.us}`, undefined, UK)).statusCode).toBe(404);
    expect((await call('policyholder', 'GET', `/api/billing/v1/invoice/${ids.us}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', '/api/billing/v1/invoice/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('outstanding balances', () => {
  it.each(EDITIONS)('$edition: an issued policy owes its total premium, due 30 days after issue, until it is paid', async ({ policy, host, currency }) => {
    const record = await recordOf(ids[policy]!, host);
    const listed = (await balancesOf('admin', `&search=${record.policyNumber}`, host)).find((row) => row.policyId === ids[policy]);
    expect(listed).toEqual({
      policyId: ids[policy], policyNumber: record.policyNumber, invoiceNumber: `INV-${record.policyNumber}`, edition: host ? 'uk' : 'us', currency,
      companyName: record.companyName, agencyName: expect.any(String), policyStatus: record.policyStatus, totalPremium: record.totalPremium,
      amountOwed: record.totalPremium, amountPaid: '0.00', balanceDue: record.totalPremium, dueDate: '2026-12-23', paymentStatus: 'Unpaid',
      financed: false, remindersOn: true,
    });

    const applied = await call('admin', 'POST', '/api/billing/v1/external/applyPayment',
      { policyId: ids[policy], amountPaid: 500, paymentMethod: 'Check', paymentDate: TODAY, transactionId: `CHK-${policy}-1` }, host);
    expect(applied.statusCode, applied.body).toBe(200);
    const partial = (await balancesOf('admin', `&search=${record.policyNumber}`, host)).find((row) => row.policyId === ids[policy]);
    const remaining = (Number(record.totalPremium) - 500).toFixed(2);
    expect(partial).toMatchObject({ amountPaid: '500.00', balanceDue: remaining, paymentStatus: 'Partially Paid' });
    expect((await recordOf(ids[policy]!, host)).amountDue).toBe(remaining);
    expect(await pdfText(await call('admin', 'GET', `/api/billing/v1/invoice/${ids[policy]}`, undefined, host))).toMatch(/Amount Paid \D?500\.00/);

    const rest = await call('admin', 'POST', '/api/billing/v1/external/applyPayment',
      { policyId: ids[policy], amountPaid: Number(remaining), paymentMethod: 'Wire', paymentDate: TODAY, transactionId: `WIRE-${policy}-2` }, host);
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await balancesOf('admin', `&search=${record.policyNumber}`, host)).map((row) => row.policyId)).not.toContain(ids[policy]);
  });

  it('lists for each caller only the policies of its tenant, and sorts and filters on the server', async () => {
    const other = await issuedPolicy(t, call, 'agent', await quotableAcme(t), { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
    const { policyNumber } = await policyOf(other);
    expect((await balancesOf('agent')).map((row) => row.policyId)).toContain(other);
    expect((await balancesOf('otherAgent')).map((row) => row.policyId)).not.toContain(other);
    expect((await balancesOf('broker', '', UK)).every((row) => row.currency === 'GBP')).toBe(true);
    expect((await balancesOf('admin', '&currency=GBP')).map((row) => row.policyId)).not.toContain(other);
    expect((await balancesOf('admin', '&financed=true')).map((row) => row.policyId)).not.toContain(other);
    expect((await balancesOf('admin', '&dueDateFrom=2026-12-23&dueDateTo=2026-12-23')).map((row) => row.policyNumber)).toContain(policyNumber);
    expect((await balancesOf('admin', '&dueDateFrom=2026-12-24')).map((row) => row.policyNumber)).not.toContain(policyNumber);
    const byBalance = (await balancesOf('admin', '&sort=balanceDue,desc')).map((row) => Number(row.balanceDue));
    expect(byBalance).toEqual([...byBalance].sort((a, b) => b - a));
    expect((await call('admin', 'GET', '/api/billing/v1/balances?sort=premium,desc')).statusCode).toBe(400);
  });

  it('under an accepted instalment plan, owes only the down payment', async () => {
    const financed = await issuedPolicy(t, call, 'agent', await quotableAcme(t), { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
    const record = await recordOf(financed);
    const down = record.financing.downPayment as string;
    const offered = await call('admin', 'POST', '/api/billing/v1/create/premiumFinance',
      { policyId: financed, financerName: 'Imperial PFS', downPayment: Number(down), apr: 9.5, numberOfInstallments: 10, installmentAmount: '1.00' });
    expect(offered.statusCode, offered.body).toBe(200);
    await withAgencyContact(t, call, 'Summit Risk Partners');
    const accepted = await call('policyholder', 'PUT', '/api/billing/v1/pay/premiumFinance', { policyId: financed, signature: 'Paula Holder' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const listed = (await balancesOf('admin', '&financed=true')).find((row) => row.policyId === financed);
    expect(listed).toMatchObject({ totalPremium: record.totalPremium, amountOwed: down, balanceDue: down, financed: true, paymentStatus: 'Unpaid' });
    expect((await recordOf(financed)).amountDue).toBe(down);
    const text = await pdfText(await call('admin', 'GET', `/api/billing/v1/invoice/${financed}`));
    expect(text).toContain('Financed by Imperial PFS');
    expect(text).toContain(`Down Payment Due $${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(Number(down))}`);
  });
});

describe('generated documents in the library', () => {
  it.each(EDITIONS)('$edition: the invoice and each certificate issued to a holder are listed and download from their record', async ({ policy, owner, host }) => {
    const record = await recordOf(ids[policy]!, host);
    const holder = host
      ? { organizationName: 'Northern Quarter Lettings Ltd', address1: '14 Piccadilly', city: 'Manchester', zip: 'M1 4BT' }
      : { organizationName: 'Lakeview Property Management LLC', address1: '200 Lake Street', city: 'Denver', state: 'CO', zip: '80202' };
    const made = await call(owner, 'POST', `/api/policy/v1/certificate/${ids[policy]}`, { ...holder, policyId: ids[policy], docType: 'Certificate_Holder' }, host);
    expect(made.statusCode, made.body).toBe(200);
    const listed = await call(owner, 'GET', `/api/docs/v1/search?size=100&search=${record.policyNumber}&source=INVOICE&source=CERTIFICATE`, undefined, host);
    expect(listed.statusCode, listed.body).toBe(200);
    const entries = (listed.json().content as Json[]).filter((entry) => entry.version === null);
    expect(entries.map((entry) => [entry.source, entry.docName]).sort()).toEqual([
      ['CERTIFICATE', `Certificate ${record.policyNumber} - ${holder.organizationName}`],
      ['INVOICE', `Invoice INV-${record.policyNumber}`],
    ]);
    // Beside them, the copies handed out: at least the invoice as issued (documents/document-versions.ts).
    const versions = (listed.json().content as Json[]).filter((entry) => entry.version !== null);
    expect(versions.map((entry) => entry.docName)).toContain(`Invoice INV-${record.policyNumber} (version 1)`);
    const certificate = entries.find((entry) => entry.source === 'CERTIFICATE')!;
    expect(certificate).toMatchObject({ systemGenerated: true, docType: 'CERTIFICATE', docTypeLabel: 'Certificate', fileName: expect.stringMatching(new RegExp(`_${record.policyNumber}_Certificate\\.pdf$`)) });
    const downloaded = await call(owner, 'GET', `/api/policy/v1/certificates/${certificate.recordId}`, undefined, host);
    expect(await pdfText(downloaded)).toContain(holder.organizationName);
    const foreign = await call('otherAgent', 'GET', `/api/docs/v1/search?size=100&search=${record.policyNumber}`);
    expect(foreign.json().content).toEqual([]);
  });
});
