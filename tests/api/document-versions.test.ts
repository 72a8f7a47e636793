import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { boundBinder, issueBinder, quotableAcme } from './support/policy-fixtures.ts';
import { clientOf } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The living documents are kept as handed out (spec 002 section 3 'Documents', migration 230): a proposal,
 * the policy declarations, an invoice and a commission statement show their records as they stand, and each
 * download whose PDF differs from the copy kept last is stored as the library entry's next version; a policy's
 * declarations and invoice are kept as issued, as version 1, and the plain certificate, printed as of the day,
 * once a day it is downloaded. The library
 * lists every version with its size beside the living entry; a version downloads exactly as it was, to those
 * who may see its record. Both editions.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const TODAY = '2026-11-23';
const UK = 'console.example.uk';
const USERS = {
  agent: 'agent@agency.example', broker: 'broker@brokerage.example', admin: 'admin@provider.example', otherAgent: 'agent@otheragency.example',
};

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function pdfOf(answer: Awaited<ReturnType<typeof call>>): Promise<{ bytes: Buffer; text: string }> {
  expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  const bytes = answer.rawPayload;
  return { bytes, text: (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text.replace(/\s+/g, ' ') };
}

const versionsOf = async (livingId: string) =>
  t.db.query<{ doc_id: string; version: number; size_bytes: number }>('SELECT doc_id, version, size_bytes FROM generated_documents WHERE living_id = $1 ORDER BY version', [livingId]);

async function listed(caller: string, query: string, host?: string): Promise<Json[]> {
  const answer = await call(caller, 'GET', `/api/docs/v1/search?size=100&${query}`, undefined, host);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().content as Json[];
}

/** Moves the clock, signing everyone in again (an access token lasts less than the hours moved). */
async function moveClockTo(at: Date): Promise<void> {
  t.clock.set(at);
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
}

const kept = (caller: string, docId: string, host?: string) => call(caller, 'GET', `/api/docs/v1/versions/download?docId=${encodeURIComponent(docId)}`, undefined, host);

const EDITIONS = [
  { edition: 'us' as const, caller: 'agent', host: undefined, state: 'CO', product: 'P250', account: 'acme', agency: 'Summit Risk Partners' },
  { edition: 'uk' as const, caller: 'broker', host: UK, state: 'ENG', product: 'P_ONE', account: 'ukClient', agency: 'Thames Cyber Brokers' },
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

describe('the policy declarations', () => {
  it.each(EDITIONS)('$edition: the declarations and the invoice are kept as version 1 when the policy is issued', async ({ edition }) => {
    const policyId = ids[`${edition}Policy`]!;
    for (const livingId of [`policy-${policyId}`, `invoice-${policyId}`]) {
      const versions = await versionsOf(livingId);
      expect(versions.map((row) => row.doc_id), livingId).toEqual([`${livingId}-v1`]);
      expect(versions[0]!.size_bytes).toBeGreaterThan(1000);
    }
  });

  it.each(EDITIONS)('$edition: a download is kept once as version 1; a rename makes version 2, and version 1 still downloads as it was', async ({ edition, caller, host, account }) => {
    const policyId = ids[`${edition}Policy`]!;
    const livingId = `policy-${policyId}`;
    const url = `/api/policy/v1/${policyId}/document`;
    const first = await pdfOf(await call(caller, 'GET', url, undefined, host));
    const again = await pdfOf(await call(caller, 'GET', url, undefined, host));
    // The same policy renders the same bytes, so the second download adds nothing.
    expect(Buffer.compare(again.bytes, first.bytes)).toBe(0);
    expect(await versionsOf(livingId)).toEqual([{ doc_id: `${livingId}-v1`, version: 1, size_bytes: first.bytes.length }]);
    const policyNumber = (await call(caller, 'GET', `/api/policy/v1/${policyId}`, undefined, host)).json().policyNumber as string;
    const entries = await listed(caller, `accountId=${ids[account]}`, host);
    expect(entries.find((entry) => entry.docId === `${livingId}-v1`)).toMatchObject({
      source: 'POLICY', recordId: policyId, version: 1, sizeBytes: first.bytes.length, docName: `Policy ${policyNumber} (version 1)`, systemGenerated: true,
    });
    // The living entry is still listed, rendered from the policy now.
    expect(entries.find((entry) => entry.docId === livingId)).toMatchObject({ source: 'POLICY', version: null, sizeBytes: null });

    const insured = (await call(caller, 'GET', `/api/policy/v1/${policyId}`, undefined, host)).json().companyName as string;
    expect(first.text).toContain(insured);
    const newName = `${insured} Holdings ${edition.toUpperCase()}`;
    const renamed = await call(caller, 'PUT', `/api/policy/v1/nonpremium/${policyId}/insured`, { namedInsured: newName }, host);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const second = await pdfOf(await call(caller, 'GET', url, undefined, host));
    expect(second.text).toContain(newName);
    expect((await versionsOf(livingId)).map((row) => row.version)).toEqual([1, 2]);

    const versionOne = await pdfOf(await kept(caller, `${livingId}-v1`, host));
    expect(Buffer.compare(versionOne.bytes, first.bytes)).toBe(0);
    expect(versionOne.text).toContain(insured);
    expect(versionOne.text).not.toContain(newName);
    expect(Buffer.compare((await kept(caller, `${livingId}-v2`, host)).rawPayload, second.bytes)).toBe(0);
  });

  it.each(EDITIONS)('$edition: another tenant neither lists nor downloads a kept version; an unknown version answers like a missing one', async ({ edition, caller, host }) => {
    const policyId = ids[`${edition}Policy`]!;
    await pdfOf(await call(caller, 'GET', `/api/policy/v1/${policyId}/document`, undefined, host));
    const docId = `policy-${policyId}-v1`;
    for (const [other, otherHost] of [['otherAgent', undefined], [edition === 'us' ? 'broker' : 'agent', edition === 'us' ? UK : undefined]] as const) {
      expect((await kept(other, docId, otherHost)).statusCode).toBe(404);
      expect((await listed(other, 'source=POLICY', otherHost)).some((entry) => String(entry.docId).startsWith(`policy-${policyId}`))).toBe(false);
    }
    expect((await kept(caller, `policy-${policyId}-v99`, host)).statusCode).toBe(404);
    // The living entry itself is no kept version.
    expect((await kept(caller, `policy-${policyId}`, host)).statusCode).toBe(400);
    expect((await call('admin', 'GET', `/api/docs/v1/versions/download?docId=${encodeURIComponent(docId)}`)).statusCode).toBe(200);
  });
});

describe('the invoice', () => {
  it.each(EDITIONS)('$edition: a payment changes what it shows and keeps a new version; the first stays as it was handed out', async ({ edition, caller, host, account }) => {
    const policyId = ids[`${edition}Policy`]!;
    const livingId = `invoice-${policyId}`;
    const url = `/api/billing/v1/invoice/${policyId}`;
    const before = await pdfOf(await call(caller, 'GET', url, undefined, host));
    // Kept as issued, and again if the rename above changed it: the download is the last version kept.
    const versionsBefore = await versionsOf(livingId);
    expect(versionsBefore.at(-1)!.size_bytes).toBe(before.bytes.length);
    const paid = await call('admin', 'POST', '/api/billing/v1/external/applyPayment',
      { policyId, amountPaid: 100, paymentMethod: 'Check', paymentDate: TODAY, transactionId: null, paymentDesc: null }, host);
    expect(paid.statusCode, paid.body).toBe(200);
    const after = await pdfOf(await call(caller, 'GET', url, undefined, host));
    expect(Buffer.compare(after.bytes, before.bytes)).not.toBe(0);
    const versions = await versionsOf(livingId);
    expect(versions.map((row) => row.size_bytes)).toEqual([...versionsBefore.map((row) => row.size_bytes), after.bytes.length]);
    const handedOut = versionsBefore.at(-1)!.doc_id;
    expect(Buffer.compare((await kept(caller, handedOut, host)).rawPayload, before.bytes)).toBe(0);
    const entries = await listed(caller, `accountId=${ids[account]}&source=INVOICE`, host);
    expect(entries.filter((entry) => entry.version !== null).map((entry) => entry.docId).sort()).toEqual(versions.map((row) => row.doc_id).sort());
  });
});

describe('the proposal', () => {
  it.each(EDITIONS)('$edition: its download is kept as a version of the quote proposal entry', async ({ edition, caller, host, account }) => {
    const quoteId = ids[`${edition}Binder`]!;
    const proposal = await pdfOf(await call(caller, 'GET', `/api/quote/v1/${quoteId}/proposal`, undefined, host));
    await pdfOf(await call(caller, 'GET', `/api/quote/v1/${quoteId}/proposal`, undefined, host));
    expect(await versionsOf(`proposal-${quoteId}`)).toEqual([{ doc_id: `proposal-${quoteId}-v1`, version: 1, size_bytes: proposal.bytes.length }]);
    const entry = (await listed(caller, `accountId=${ids[account]}&source=PROPOSAL`, host)).find((row) => row.docId === `proposal-${quoteId}-v1`);
    expect(entry).toMatchObject({ source: 'PROPOSAL', recordId: quoteId, version: 1, docType: 'QUOTE_PROPOSAL' });
    expect(entry!.docName).toMatch(/^Quote Proposal .+ \(version 1\)$/);
  });
});

describe('the commission statement', () => {
  it.each(EDITIONS)('$edition: downloading an unchanged month twice keeps one copy, listed under the agency', async ({ host, agency }) => {
    const [row] = await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [agency]);
    const agencyId = row!.id;
    const url = `/api/docs/v1/commissions/download?year=2026&month=11&kind=commissionStatement&agencyId=${agencyId}`;
    const first = await pdfOf(await call('admin', 'GET', url, undefined, host));
    expect(first.text).toContain('Commission Statement - November 2026');
    const second = await pdfOf(await call('admin', 'GET', url, undefined, host));
    expect(Buffer.compare(second.bytes, first.bytes)).toBe(0);
    const livingId = `commission-statement-${agencyId}-2026-11`;
    expect(await versionsOf(livingId)).toEqual([{ doc_id: `${livingId}-v1`, version: 1, size_bytes: first.bytes.length }]);
    const entry = (await listed('admin', `agencyId=${agencyId}&source=COMMISSION_STATEMENT`, host)).find((item) => item.docId === `${livingId}-v1`);
    expect(entry).toMatchObject({ agencyId, accountId: null, version: 1, docName: 'Commission Statement November 2026 (version 1)' });
    expect(Buffer.compare((await kept('admin', `${livingId}-v1`, host)).rawPayload, first.bytes)).toBe(0);
  });
});

describe('the plain certificate', () => {
  it.each(EDITIONS)("$edition: is kept once a day it is downloaded, each day's copy printing its day", async ({ edition, caller, host, account }) => {
    const policyId = ids[`${edition}Policy`]!;
    const livingId = `policy-certificate-${policyId}`;
    const url = `/api/policy/v1/${policyId}/certificate`;
    const first = await pdfOf(await call(caller, 'GET', url, undefined, host));
    await moveClockTo(new Date(`${TODAY}T21:00:00Z`));
    const sameDay = await pdfOf(await call(caller, 'GET', url, undefined, host));
    expect(Buffer.compare(sameDay.bytes, first.bytes)).toBe(0);
    expect(await versionsOf(livingId)).toHaveLength(1);
    try {
      await moveClockTo(new Date('2026-11-24T09:00:00Z'));
      const nextDay = await pdfOf(await call(caller, 'GET', url, undefined, host));
      expect(nextDay.text).not.toBe(first.text);
      expect((await versionsOf(livingId)).map((row) => row.size_bytes)).toEqual([first.bytes.length, nextDay.bytes.length]);
      expect(Buffer.compare((await kept(caller, `${livingId}-v1`, host)).rawPayload, first.bytes)).toBe(0);
      const entry = (await listed(caller, `accountId=${ids[account]}&source=CERTIFICATE`, host)).find((row) => row.docId === `${livingId}-v2`);
      expect(entry).toMatchObject({ source: 'CERTIFICATE', recordId: policyId, version: 2, docType: 'CERTIFICATE' });
    } finally {
      await moveClockTo(new Date(`${TODAY}T12:00:00Z`));
    }
  });
});

describe('the library', () => {
  const DOWNLOADS: Record<string, (entry: Json) => string> = {
    PROPOSAL: (entry) => `/api/quote/v1/${entry.recordId}/proposal`,
    BINDER: (entry) => `/api/quote/v1/${entry.recordId}/binder`,
    POLICY: (entry) => `/api/policy/v1/${entry.recordId}/document`,
    INVOICE: (entry) => `/api/billing/v1/invoice/${entry.recordId}`,
  };

  it.each(EDITIONS)("$edition: names each generated entry, and each kept version, as its download names the file", async ({ edition, host, account }) => {
    const entries = (await listed('admin', `accountId=${ids[account]}`, host)).filter((entry) => DOWNLOADS[entry.source] || entry.version !== null);
    expect(new Set(entries.filter((entry) => entry.version === null).map((entry) => entry.source))).toEqual(new Set(Object.keys(DOWNLOADS)));
    expect(entries.some((entry) => entry.version !== null), `${edition}: versions kept by the cases above`).toBe(true);
    for (const entry of entries) {
      const url = entry.version === null ? DOWNLOADS[entry.source]!(entry) : `/api/docs/v1/versions/download?docId=${entry.docId}`;
      const answer = await call('admin', 'GET', url, undefined, host);
      expect(answer.statusCode, `${entry.docId}: ${answer.body.slice(0, 200)}`).toBe(200);
      expect(answer.headers['content-disposition'], entry.docId).toBe(`attachment; filename="${entry.fileName}"`);
    }
  });
});
