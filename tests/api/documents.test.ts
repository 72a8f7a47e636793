import { PDFParse } from 'pdf-parse';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { CLAIM_DOCUMENT_TYPES, DOCUMENT_MAX_BYTES, DOCUMENT_TYPES } from '../../server/constants.ts';
import { DOCUMENT_TEXTS } from '../../server/resources/documents/document-texts.ts';
import { issuedPolicy, quotableAcme } from './support/policy-fixtures.ts';
import { clientOf } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The document library (spec 002 section 3 'Documents', section 6 roles, section 7 /api/docs/v1): the type
 * lookup, upload of a file checked by name and content, the list of uploaded and generated documents within
 * the tenant rule, download of the stored bytes, and delete by role (carriers and clusters may, provider
 * admins and agents may not).
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const TODAY = '2026-11-23';
const UK = 'console.example.uk';
const USERS = {
  agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', admin: 'admin@provider.example', broker: 'broker@brokerage.example',
  carrier: 'carrier@carrier.example', cluster: 'cluster@cluster.example', holder: 'policyholder@insured.example',
};

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const dataUrl = (type: string, name: string, bytes: Uint8Array | string) =>
  `data:${type};name=${encodeURIComponent(name)};base64,${Buffer.from(bytes).toString('base64')}`;

async function pdfBytes(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText(text, { x: 50, y: 700, size: 14 });
  return pdf.save();
}

const listed = async (caller: string, query = '') => ((await call(caller, 'GET', `/api/docs/v1/search?size=100${query}`)).json().content as Json[]);
const auditCount = async (target: string, action: string) =>
  (await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM audit_log WHERE target = $1 AND action = $2', [target, action]))[0]!.count;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
  ids.acme = await quotableAcme(t);
  ids.policy = await issuedPolicy(t, call, 'agent', ids.acme, { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
  const [policy] = await t.db.query<{ agency_id: string; quote_id: string }>('SELECT agency_id, quote_id FROM policies WHERE id = $1', [ids.policy]);
  ids.agency = policy!.agency_id;
  ids.quote = policy!.quote_id;
  // A UK client of the UK broker's brokerage, for the UK cases.
  ids.ukClient = await clientOf(t, 'Thames Cyber Brokers', 'Harbourside Dental Ltd', { edition: 'uk', state: null, zip: 'BS1 4DJ', industry: '62020', revenue: 3_000_000 });
  const [brokerage] = await t.db.query<{ agency_id: string }>('SELECT agency_id FROM accounts WHERE id = $1', [ids.ukClient]);
  ids.ukAgency = brokerage!.agency_id;
  // The demo carrier and cluster work with the agent's agency and the UK brokerage (as Keystone and Mountain
  // States do with theirs).
  for (const [email, type] of [['carrier@carrier.example', 'CARRIER'], ['cluster@cluster.example', 'CLUSTER']] as const) {
    const [user] = await t.db.query<{ account_id: string }>('SELECT account_id FROM users WHERE email = $1', [email]);
    for (const agency of [ids.agency, ids.ukAgency]) {
      await t.db.query(
        'INSERT INTO organisation_agencies (organisation_id, organisation_type, agency_id, added_at) VALUES ($1, $2, $3, now()) ON CONFLICT DO NOTHING',
        [user!.account_id, type, agency],
      );
    }
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('document types', () => {
  it('answers the lookup of label and value, and the claim set with claim=true', async () => {
    const types = (await call('agent', 'GET', '/api/docs/v1/docTypes')).json() as Json[];
    expect(types).toEqual(Object.entries(DOCUMENT_TYPES).map(([label, value]) => ({ label, value })));
    const claim = (await call('agent', 'GET', '/api/docs/v1/docTypes?claim=true')).json() as Json[];
    expect(claim.map((type) => type.value)).toEqual(Object.values(CLAIM_DOCUMENT_TYPES));
  });
});

describe('upload and download', () => {
  it('an agent uploads a PDF on its client account: stored under the agency, listed, audited, downloaded byte for byte', async () => {
    const bytes = await pdfBytes('Signed application of Acme Precision Manufacturing');
    const answer = await call('agent', 'POST', '/api/docs/v1/upload/doc', {
      file: dataUrl('application/pdf', 'signed application.pdf', bytes), docType: 'SIGNED_APPLICATION', accountId: ids.acme,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ fileName: 'signed application.pdf', message: DOCUMENT_TEXTS.uploaded });
    ids.agentDoc = answer.json().docId;
    expect(await auditCount(ids.agentDoc!, 'document.uploaded')).toBe(1);

    const entry = (await listed('agent', `&accountId=${ids.acme}`)).find((row) => row.docId === ids.agentDoc)!;
    expect(entry).toMatchObject({
      source: 'UPLOAD', recordId: ids.agentDoc, accountId: ids.acme, agencyId: ids.agency, docType: 'SIGNED_APPLICATION', docTypeLabel: 'Signed Application',
      docName: 'signed application.pdf', fileType: 'pdf', sizeBytes: bytes.length, systemGenerated: false, docTime: TODAY, uploadedBy: 'Alex Agent',
    });

    const download = await call('agent', 'GET', `/api/docs/v1/download?docId=${ids.agentDoc}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('signed%20application.pdf');
    expect(Buffer.compare(download.rawPayload, Buffer.from(bytes))).toBe(0);
    const text = (await new PDFParse({ data: new Uint8Array(download.rawPayload) }).getText()).text;
    expect(text).toContain('Signed application of Acme Precision Manufacturing');
  });

  it('lists the generated proposal, binder, policy and invoice of the account beside the uploads', async () => {
    const rows = await listed('agent', `&accountId=${ids.acme}&systemGenerated=true`);
    const ofRecords = rows.filter((row) => row.recordId === ids.quote || row.recordId === ids.policy);
    expect(ofRecords.filter((row) => row.version === null).map((row) => row.source).sort()).toEqual(['BINDER', 'INVOICE', 'POLICY', 'PROPOSAL']);
    // The declarations and the invoice as issued are kept beside them (documents/document-versions.ts).
    expect(ofRecords.filter((row) => row.version !== null).map((row) => [row.source, row.version]).sort()).toEqual([['INVOICE', 1], ['POLICY', 1]]);
    expect(rows.find((row) => row.source === 'PROPOSAL')).toMatchObject({ docType: 'QUOTE_PROPOSAL', docTypeLabel: 'Quote Proposal' });
    expect(rows.every((row) => row.systemGenerated === true && row.uploadedBy === 'System')).toBe(true);
  });

  it("lists the agency's monthly commission statement for those who may read commissions, and it downloads as the picker's PDF", async () => {
    const rows = await listed('agent', '&source=COMMISSION_STATEMENT');
    const november = rows.find((row) => row.docName === 'Commission Statement November 2026');
    expect(november).toMatchObject({
      source: 'COMMISSION_STATEMENT', docType: 'COMMISSION_STATEMENT', docTypeLabel: 'Commission Statement', agencyName: 'Summit Risk Partners', accountId: null,
      fileName: 'Commission_Statement_Summit_Risk_Partners_2026-11.pdf', systemGenerated: true, uploadedBy: 'System',
    });
    expect(november!.docTime.slice(0, 7)).toBe('2026-11');
    // The library's Download asks the picker's operation for the month the entry names.
    const [year, month] = [november!.docTime.slice(0, 4), november!.docTime.slice(5, 7)];
    const download = await call('agent', 'GET', `/api/docs/v1/commissions/download?year=${year}&month=${month}&kind=commissionStatement&agencyId=${november!.agencyId}`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-disposition']).toContain(november!.fileName);
    const text = (await new PDFParse({ data: new Uint8Array(download.rawPayload) }).getText()).text;
    expect(text).toContain('Commission Statement');
    // A policyholder, who reads no commissions, is not shown them.
    expect((await listed('holder')).some((row) => row.source === 'COMMISSION_STATEMENT')).toBe(false);
  });

  it.each([
    ['a file whose content is not what its name says', dataUrl('application/pdf', 'invoice.pdf', 'MZ not really a pdf'), 415, DOCUMENT_TEXTS.wrongType],
    ['a type the library does not take', dataUrl('application/x-msdownload', 'setup.exe', 'MZ'), 415, DOCUMENT_TEXTS.wrongType],
    ['an empty file', 'data:application/pdf;name=empty.pdf;base64,', 400, DOCUMENT_TEXTS.noFile],
    ['something that is not a file', 'not a data url', 400, DOCUMENT_TEXTS.noFile],
  ])('refuses %s with a readable message', async (_case, file, status, message) => {
    const answer = await call('agent', 'POST', '/api/docs/v1/upload/doc', { file, docType: 'OTHER', accountId: ids.acme });
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json().message).toBe(message);
  });

  it('refuses a file over the size limit, and takes a CSV (text, checked as text)', async () => {
    const big = new Uint8Array(DOCUMENT_MAX_BYTES + 1).fill(65);
    const tooBig = await call('agent', 'POST', '/api/docs/v1/upload/doc', { file: dataUrl('text/csv', 'big.csv', big), docType: 'OTHER', accountId: ids.acme });
    expect(tooBig.statusCode, tooBig.body.slice(0, 200)).toBe(413);
    expect(tooBig.json().message).toBe(DOCUMENT_TEXTS.tooBig('10 MB'));
    const csv = await call('agent', 'POST', '/api/docs/v1/upload/doc', { file: dataUrl('text/csv', 'loss runs.csv', 'Year,Claims\n2025,0\n'), docType: 'LOSS_RUNS', accountId: ids.acme });
    expect(csv.statusCode, csv.body).toBe(201);
  });

  it('the form check names a missing file and type; an unknown type is refused', async () => {
    const empty = await call('agent', 'POST', '/api/docs/v1/upload/doc', { accountId: ids.acme });
    expect(empty.statusCode).toBe(400);
    const fields = (empty.json().errors as Json[]).map((error) => error.field).sort();
    expect(fields).toEqual(['docType', 'file']);
    const unknown = await call('agent', 'POST', '/api/docs/v1/upload/doc', { file: dataUrl('text/csv', 'a.csv', 'a,b\n'), docType: 'NOT_A_TYPE', accountId: ids.acme });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(DOCUMENT_TEXTS.unknownDocType);
  });
});

describe('who sees what', () => {
  it('another agency neither lists, downloads nor files on the account (answered like a missing one)', async () => {
    expect((await listed('otherAgent')).some((row) => row.accountId === ids.acme)).toBe(false);
    expect((await call('otherAgent', 'GET', `/api/docs/v1/download?docId=${ids.agentDoc}`)).statusCode).toBe(404);
    const filed = await call('otherAgent', 'POST', '/api/docs/v1/upload/doc', { file: dataUrl('text/csv', 'a.csv', 'a,b\n'), docType: 'OTHER', accountId: ids.acme });
    expect(filed.statusCode).toBe(404);
    expect(filed.json().message).toBe(DOCUMENT_TEXTS.accountNotFound);
  });

  it('provider staff choose the agency; left blank, every interested agency sees the document, and an unknown agency is refused', async () => {
    const blank = await call('admin', 'POST', '/api/docs/v1/upload/doc', { file: dataUrl('text/csv', 'shared.csv', 'a,b\n'), docType: 'CORRESPONDENCE', accountId: ids.acme, agencyId: null });
    expect(blank.statusCode, blank.body).toBe(201);
    ids.sharedDoc = blank.json().docId;
    await t.db.query('INSERT INTO account_interested_agencies (account_id, agency_id, added_at) SELECT $1, u.account_id, now() FROM users u WHERE u.email = $2 ON CONFLICT DO NOTHING', [ids.acme, USERS.otherAgent]);
    expect((await listed('otherAgent')).map((row) => row.docId)).toContain(ids.sharedDoc);
    expect((await listed('otherAgent')).map((row) => row.docId)).not.toContain(ids.agentDoc);
    const wrong = await call('admin', 'POST', '/api/docs/v1/upload/doc', { file: dataUrl('text/csv', 'x.csv', 'a\n'), docType: 'OTHER', accountId: ids.acme, agencyId: ids.acme });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(DOCUMENT_TEXTS.agencyNotFound);
    const noHome = await call('admin', 'POST', '/api/docs/v1/upload/doc', { file: dataUrl('text/csv', 'x.csv', 'a\n'), docType: 'OTHER' });
    expect(noHome.statusCode).toBe(400);
    // The form asks provider staff for the agency of a document filed on no account.
    expect(noHome.json().errors).toEqual([expect.objectContaining({ field: 'agencyId', message: DOCUMENT_TEXTS.agencyRequired })]);
  });

  it('the carrier and cluster working with the agency see its documents; the policyholder sees the generated ones of its own account only', async () => {
    expect((await listed('carrier')).map((row) => row.docId)).toContain(ids.agentDoc);
    expect((await listed('cluster')).map((row) => row.docId)).toContain(ids.agentDoc);
    const mine = await listed('holder');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row) => row.accountId === ids.acme && (row.systemGenerated || row.agencyId === null))).toBe(true);
    expect(mine.map((row) => row.docId)).not.toContain(ids.agentDoc);
  });
});

describe('delete by role', () => {
  // Spec 002 section 6: document delete is blocked for admin and agent, allowed for carrier and cluster.
  it.each([
    { edition: 'us', deleter: 'carrier', other: 'cluster', agent: 'agent', account: 'acme', host: undefined },
    { edition: 'us', deleter: 'cluster', other: 'carrier', agent: 'agent', account: 'acme', host: undefined },
    { edition: 'uk', deleter: 'carrier', other: 'cluster', agent: 'broker', account: 'ukClient', host: UK },
    { edition: 'uk', deleter: 'cluster', other: 'carrier', agent: 'broker', account: 'ukClient', host: UK },
  ])('$edition: a provider admin and an $agent may not delete (403); a $deleter may, and it is audited', async ({ deleter, other, agent, account, host }) => {
    const uploaded = await call(agent, 'POST', '/api/docs/v1/upload/doc',
      { file: dataUrl('text/csv', `to delete by ${deleter}.csv`, 'a,b\n'), docType: 'CORRESPONDENCE', accountId: ids[account] }, host);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const docId = uploaded.json().docId as string;
    // The one who may delete sees the document first: a refusal below is the role's, not the tenant rule's.
    const seen = (await call(deleter, 'GET', `/api/docs/v1/search?size=100&accountId=${ids[account]}`, undefined, host)).json().content as Json[];
    expect(seen.map((row) => row.docId)).toContain(docId);
    expect((await call('admin', 'DELETE', `/api/docs/v1?docId=${docId}`, undefined, host)).statusCode).toBe(403);
    expect((await call(agent, 'DELETE', `/api/docs/v1?docId=${docId}`, undefined, host)).statusCode).toBe(403);
    const deleted = await call(deleter, 'DELETE', `/api/docs/v1?docId=${docId}`, undefined, host);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe(DOCUMENT_TEXTS.deleted);
    expect(await auditCount(docId, 'document.deleted')).toBe(1);
    expect((await call(agent, 'GET', `/api/docs/v1/download?docId=${docId}`, undefined, host)).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/api/docs/v1?docId=${docId}`, undefined, host)).statusCode).toBe(404);
  });
});
