import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { SANDBOX_SETTLE_MS } from '../../server/constants.ts';
import { sharedPaymentProcessor } from '../../server/lifecycle/payments/processor-registry.ts';
import type { SandboxProcessor } from '../../server/lifecycle/payments/sandbox-processor.ts';
import { boundBinder, issueBinder, quotableAcme } from './support/policy-fixtures.ts';
import { clientOf, p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issued documents are kept as issued (spec 002 section 3 'Documents'): the binder rendered when the quote is
 * bound, a certificate when it is issued to a holder, a receipt when its payment is Paid, a surplus lines notice
 * when it is attested (Louisiana and Montana: US only) are stored and served
 * from then on, so a later rename of the account or the named insured leaves them as they were handed out,
 * while the policy declarations show the policy as it is now. The library lists a kept copy's size; a record
 * with no kept copy (the demo world's, made by SQL) still downloads, rendered from its record. Both editions.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const TODAY = '2026-11-23';
const UK = 'console.example.uk';
const USERS = { agent: 'agent@agency.example', broker: 'broker@brokerage.example', admin: 'admin@provider.example', policyholder: 'policyholder@insured.example' };

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function pdfText(answer: Awaited<ReturnType<typeof call>>): Promise<string> {
  expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  return (await new PDFParse({ data: new Uint8Array(answer.rawPayload) }).getText()).text.replace(/\s+/g, ' ');
}

const keptCopies = async (docId: string) =>
  t.db.query<{ size_bytes: number; created_at: Date }>('SELECT size_bytes, created_at FROM generated_documents WHERE doc_id = $1', [docId]);

const listed = async (accountId: string, docId: string) =>
  ((await call('admin', 'GET', `/api/docs/v1/search?size=100&accountId=${accountId}`)).json().content as Json[]).find((entry) => entry.docId === docId);

const EDITIONS = [
  {
    edition: 'us' as const, caller: 'agent', host: undefined, state: 'CO', product: 'P250', account: 'acme',
    holder: { organizationName: 'Lakeview Property Management LLC', address1: '200 Lake Street', city: 'Denver', state: 'CO', zip: '80202' },
  },
  {
    edition: 'uk' as const, caller: 'broker', host: UK, state: 'ENG', product: 'P_ONE', account: 'ukClient',
    holder: { organizationName: 'Northern Quarter Lettings Ltd', address1: '14 Piccadilly', city: 'Manchester', zip: 'M1 4BT' },
  },
];

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
  ids.acme = await quotableAcme(t);
  ids.ukClient = await clientOf(t, 'Thames Cyber Brokers', 'Harbourside Dental Ltd', { edition: 'uk', state: null, zip: 'BS1 4DJ', industry: '62020', revenue: 3_000_000 });
  for (const { edition, caller, host, state, product, account } of EDITIONS) {
    ids[`${edition}Binder`] = await boundBinder(t, call, caller, ids[account]!, { edition, state, product, today: TODAY, host });
    ids[`${edition}Policy`] = await issueBinder(call, caller, ids[`${edition}Binder`]!, host);
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the binder', () => {
  it.each(EDITIONS)('$edition: is kept as bound; after the account is renamed it still names the old name, the declarations the new', async ({ edition, caller, host, account }) => {
    const binderId = ids[`${edition}Binder`]!;
    const policyId = ids[`${edition}Policy`]!;
    const [{ name: boundName }] = await t.db.query<{ name: string }>('SELECT name FROM accounts WHERE id = $1', [ids[account]]) as [{ name: string }];
    expect(await keptCopies(`binder-${binderId}`)).toHaveLength(1);
    expect(await pdfText(await call(caller, 'GET', `/api/quote/v1/${binderId}/binder`, undefined, host))).toContain(boundName);

    // The account's name as its profile save would change it.
    const renamed = `${boundName} Renamed ${edition.toUpperCase()}`;
    await t.db.query('UPDATE accounts SET name = $2 WHERE id = $1', [ids[account], renamed]);
    try {
      const binder = await pdfText(await call(caller, 'GET', `/api/quote/v1/${binderId}/binder`, undefined, host));
      expect(binder).toContain('Binder of Insurance');
      expect(binder).toContain(boundName);
      expect(binder).not.toContain(renamed);
      const declarations = await pdfText(await call(caller, 'GET', `/api/policy/v1/${policyId}/document`, undefined, host));
      expect(declarations).toContain(renamed);
    } finally {
      await t.db.query('UPDATE accounts SET name = $2 WHERE id = $1', [ids[account], boundName]);
    }
  });
});

describe('a certificate issued to a holder', () => {
  it.each(EDITIONS)('$edition: keeps its holder and insured after the named insured is renamed', async ({ edition, caller, host, holder }) => {
    const policyId = ids[`${edition}Policy`]!;
    const made = await call(caller, 'POST', `/api/policy/v1/certificate/${policyId}`, { ...holder, policyId, docType: 'Certificate_Holder' }, host);
    expect(made.statusCode, made.body).toBe(200);
    const insured = made.json().policy.companyName as string;
    const certificate = (made.json().policy.certificates as Json[]).find((row) => row.organizationName === holder.organizationName)!;
    expect(await keptCopies(`certificate-${certificate.id}`)).toHaveLength(1);

    const newName = `${insured} Holdings ${edition.toUpperCase()}`;
    const renamed = await call(caller, 'PUT', `/api/policy/v1/nonpremium/${policyId}/insured`, { namedInsured: newName }, host);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const kept = await pdfText(await call(caller, 'GET', `/api/policy/v1/certificates/${certificate.id}`, undefined, host));
    expect(kept).toContain(holder.organizationName);
    expect(kept).toContain(insured);
    expect(kept).not.toContain(newName);
    // What shows the policy now does show the new name.
    expect(await pdfText(await call(caller, 'GET', `/api/policy/v1/${policyId}/document`, undefined, host))).toContain(newName);
    expect(await pdfText(await call(caller, 'GET', `/api/policy/v1/${policyId}/certificate`, undefined, host))).toContain(newName);
  });
});

describe('receipts', () => {
  it.each(EDITIONS)('$edition: a payment billing applies is Paid, and its receipt is kept once with the balance due then', async ({ edition, host }) => {
    const policyId = ids[`${edition}Policy`]!;
    const pay = (amountPaid: number) => call('admin', 'POST', '/api/billing/v1/external/applyPayment',
      { policyId, amountPaid, paymentMethod: 'Check', paymentDate: TODAY, transactionId: null, paymentDesc: null }, host);
    const first = await pay(100);
    expect(first.statusCode, first.body).toBe(200);
    const transactionId = first.json().transaction.id as string;
    const [copy] = await keptCopies(`receipt-${transactionId}`);
    expect(copy).toBeDefined();
    const url = `/api/billing/v1/transactions/${transactionId}/receipt`;
    const before = await call('admin', 'GET', url, undefined, host);
    const beforeText = await pdfText(before);
    expect(beforeText).toContain('Payment Receipt');

    // Another payment changes the policy's balance due; the first receipt keeps the balance due when it was paid.
    expect((await pay(50)).statusCode).toBe(200);
    const after = await call('admin', 'GET', url, undefined, host);
    expect(Buffer.compare(after.rawPayload, before.rawPayload)).toBe(0);
    expect(await keptCopies(`receipt-${transactionId}`)).toEqual([copy]);
  });

  it.each(EDITIONS)("$edition: a binder's payment has its receipt kept when its policy is issued, naming the policy", async ({ edition, caller, host, state, product, account }) => {
    const binderId = await boundBinder(t, call, caller, ids[account]!, { edition, state, product, today: TODAY, host });
    const paid = await call('admin', 'POST', '/api/billing/v1/external/applyPayment',
      { quoteId: binderId, payee: 'Binder', amountPaid: 100, paymentMethod: 'Wire', paymentDate: TODAY, transactionId: null, paymentDesc: null }, host);
    expect(paid.statusCode, paid.body).toBe(200);
    const transactionId = paid.json().transaction.id as string;
    // No policy yet to print on it: nothing kept while it is a binder's.
    expect(await keptCopies(`receipt-${transactionId}`)).toHaveLength(0);

    const policyId = await issueBinder(call, caller, binderId, host);
    expect(await keptCopies(`receipt-${transactionId}`)).toHaveLength(1);
    const policyNumber = (await call(caller, 'GET', `/api/policy/v1/${policyId}`, undefined, host)).json().policyNumber as string;
    const text = await pdfText(await call('admin', 'GET', `/api/billing/v1/transactions/${transactionId}/receipt`, undefined, host));
    expect(text).toContain('Payment Receipt');
    expect(text).toContain(policyNumber);
  });

  it('us: a card payment is kept only once the processor settles it as Paid, once however often it is told', async () => {
    const policyId = ids.usPolicy!;
    const opened = await call('policyholder', 'POST', `/api/billing/v1/policy/${policyId}/checkout`, { method: 'creditCard' });
    expect(opened.statusCode, opened.body).toBe(200);
    const checkout = opened.json() as Json;
    const submitted = await t.inject({
      method: 'POST', url: checkout.url, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name: 'Paula Holder', expiry: '12/29', cvc: '123', number: '4242 4242 4242 4242' }).toString(),
    });
    expect(submitted.statusCode).toBe(200);
    const checkoutOf = async () => (await call('policyholder', 'GET', `/api/billing/v1/checkout/${checkout.checkoutId}`)).json() as Json;
    const processing = (await checkoutOf()).transaction;
    expect(processing.status).toBe('In Process');
    // An attempt is no receipt: nothing is kept while it is processing.
    expect(await keptCopies(`receipt-${processing.id}`)).toHaveLength(0);

    t.clock.advance(SANDBOX_SETTLE_MS);
    const sandbox = sharedPaymentProcessor(t.app.services, t.app.log) as SandboxProcessor;
    await sandbox.settleDue();
    expect((await checkoutOf()).transaction.status).toBe('Paid');
    const kept = await keptCopies(`receipt-${processing.id}`);
    expect(kept).toHaveLength(1);
    // A read of the checkout again learns the same charge: still the one copy.
    await checkoutOf();
    expect(await keptCopies(`receipt-${processing.id}`)).toEqual(kept);
    expect(await pdfText(await call('policyholder', 'GET', `/api/billing/v1/transactions/${processing.id}/receipt`))).toContain(processing.transactionId);
  });
});

describe('the surplus lines notice', () => {
  it('us: is kept as attested; a later rename of the account leaves the signed notice as it was', async () => {
    const [agency] = await t.db.query<{ id: string }>(`SELECT id FROM accounts WHERE name = 'Summit Risk Partners'`);
    await t.db.query(
      `INSERT INTO surplus_licenses (agency_id, broker_first_name, broker_last_name, broker_email, surplus_license_number, surplus_lines_state, signature_on_file, created_at, updated_at)
       VALUES ($1, 'Alex', 'Agent', 'agent@agency.example', 'LA-SL-448120', 'LA', true, now(), now())`,
      [agency!.id],
    );
    const client = await clientOf(t, 'Summit Risk Partners', 'Pelican Freight LA LLC', { edition: 'us', state: 'LA', zip: '70112', industry: '541512', revenue: 5_000_000 });
    const created = await call('agent', 'POST', '/api/quote/v1/create', { ...p250Request(client, 'us', 'LA', TODAY), isSurplus: true });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    await t.db.query(`UPDATE quotes SET status = 'READY' WHERE id = $1`, [id]);
    const url = `/api/quote/v1/${id}/surplus-notice/document`;
    // Unsigned, the notice is a draft: nothing is kept.
    expect(await pdfText(await call('agent', 'GET', url))).toContain('Not yet attested');
    expect(await keptCopies(`surplus-notice-${id}`)).toHaveLength(0);

    expect((await call('agent', 'POST', `/api/quote/v1/${id}/surplus-notice`, { accepted: true })).statusCode).toBe(200);
    const [copy] = await keptCopies(`surplus-notice-${id}`);
    expect(copy).toBeDefined();
    await t.db.query(`UPDATE accounts SET name = 'Pelican Logistics LA LLC' WHERE id = $1`, [client]);
    const kept = await pdfText(await call('agent', 'GET', url));
    expect(kept).toContain('Pelican Freight LA LLC');
    expect(kept).not.toContain('Pelican Logistics');
    expect(kept).toContain('Attested By Alex Agent (agent@agency.example)');
    expect((await call('agent', 'GET', `/api/quote/v1/${id}/surplus-notice`)).json().heading).toContain('Pelican Logistics LA LLC');
    expect(await listed(client, `surplus-notice-${id}`)).toMatchObject({ source: 'SURPLUS_NOTICE', sizeBytes: copy!.size_bytes });
  });
});

describe('the documents library', () => {
  it.each(EDITIONS)('$edition: lists the kept binder and certificate with their stored size', async ({ edition, account }) => {
    const binderId = ids[`${edition}Binder`]!;
    const [binderCopy] = await keptCopies(`binder-${binderId}`);
    expect(await listed(ids[account]!, `binder-${binderId}`)).toMatchObject({ source: 'BINDER', sizeBytes: binderCopy!.size_bytes });
    expect(binderCopy!.size_bytes).toBeGreaterThan(1000);
    const [certificate] = await t.db.query<{ id: string }>('SELECT id FROM policy_certificates WHERE policy_id = $1', [ids[`${edition}Policy`]]);
    const [certificateCopy] = await keptCopies(`certificate-${certificate!.id}`);
    expect(await listed(ids[account]!, `certificate-${certificate!.id}`)).toMatchObject({ source: 'CERTIFICATE', sizeBytes: certificateCopy!.size_bytes });
    // What is rendered from the records now has no size to show.
    expect(await listed(ids[account]!, `policy-${ids[`${edition}Policy`]}`)).toMatchObject({ source: 'POLICY', sizeBytes: null });
  });

  it.each(EDITIONS)('$edition: a binder with no kept copy (bound before copies were kept) is rendered from its record on download', async ({ edition, caller, host, state, product, account }) => {
    const binderId = await boundBinder(t, call, caller, ids[account]!, { edition, state, product, today: TODAY, host });
    // As the binders bound before copies were kept, and the demo world's (made by SQL), have none.
    await t.db.query('DELETE FROM generated_documents WHERE doc_id = $1', [`binder-${binderId}`]);
    const [quote] = await t.db.query<{ binder_number: string; name: string }>('SELECT q.binder_number, a.name FROM quotes q JOIN accounts a ON a.id = q.account_id WHERE q.id = $1', [binderId]);
    const text = await pdfText(await call(caller, 'GET', `/api/quote/v1/${binderId}/binder`, undefined, host));
    expect(text).toContain(quote!.binder_number);
    expect(text).toContain(quote!.name);
    // The download renders; it keeps nothing (only the moment of issue does).
    expect(await keptCopies(`binder-${binderId}`)).toHaveLength(0);
    expect(await listed(ids[account]!, `binder-${binderId}`)).toMatchObject({ source: 'BINDER', sizeBytes: null });
  });
});
