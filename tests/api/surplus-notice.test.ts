import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { SURPLUS_NOTICE_TEXTS } from '../../server/lifecycle/surplus-notice/surplus-notice-rules.ts';
import { clientOf, p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The surplus lines notice (spec 000 /quote/{id}/attest-surplus-notice; spec 002 section 9: LA and MT carry
 * surplus-lines rules): a surplus quote in Louisiana or Montana shows its summary and notice, the broker
 * attests it as the signed-in user with the agency's licence, and binding waits for the attestation. Other
 * quotes need no notice.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const TODAY = '2026-11-23';
const CONTACT = { customerFirstName: 'Remy', customerLastName: 'Broussard', customerEmail: 'remy@bayoufreight.example', customerPhone: '5045550142' };

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.inject({ method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC' }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function quoteIn(state: string, zip: string, isSurplus: boolean): Promise<string> {
  const client = await clientOf(t, 'Summit Risk Partners', `Bayou Freight ${state} ${isSurplus ? 'Surplus' : 'Admitted'} LLC`, { edition: 'us', state, zip, industry: '541512', revenue: 5_000_000 });
  const created = await call('agent', 'POST', '/api/quote/v1/create', { ...p250Request(client, 'us', state, TODAY), isSurplus });
  expect(created.statusCode, created.body).toBe(201);
  await t.db.query(`UPDATE quotes SET status = 'READY' WHERE id = $1`, [created.json().id]);
  return created.json().id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries({ agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', policyholder: 'policyholder@insured.example' })) {
    tokens[name] = (await t.tokensFor(email)).accessToken;
  }
  const [agency] = await t.db.query<{ id: string }>(`SELECT id FROM accounts WHERE name = 'Summit Risk Partners'`);
  await t.db.query(
    `INSERT INTO surplus_licenses (agency_id, broker_first_name, broker_last_name, broker_email, surplus_license_number, surplus_lines_state, signature_on_file, created_at, updated_at)
     VALUES ($1, 'Alex', 'Agent', 'agent@agency.example', 'LA-SL-448120', 'LA', true, now(), now())`,
    [agency!.id],
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the surplus lines notice', () => {
  it.each([
    { state: 'LA', zip: '70112', surplus: true, needs: true },
    { state: 'MT', zip: '59601', surplus: true, needs: true },
    { state: 'TX', zip: '75201', surplus: true, needs: false },
    { state: 'LA', zip: '70112', surplus: false, needs: false },
  ])('$state, surplus $surplus: needs the notice $needs; binding waits for it exactly when it does', async ({ state, zip, surplus, needs }) => {
    const id = await quoteIn(state, zip, surplus);
    const notice = (await call('agent', 'GET', `/api/quote/v1/${id}/surplus-notice`)).json() as Json;
    expect(notice).toMatchObject({ needsNotice: needs, noticeState: needs ? state : null, state, surplusNoticeAttested: false, surplusCompliance: 'Summit Risk Partners' });
    expect(notice.heading).toBe(`Quote ${notice.quoteNumber} for Bayou Freight ${state} ${surplus ? 'Surplus' : 'Admitted'} LLC`);
    expect(Number(notice.finalPremium)).toBe(Number(notice.totalPremium));
    const bind = await call('agent', 'PUT', `/api/quote/v1/${id}/bind`, CONTACT);
    if (!needs) {
      expect(bind.statusCode, bind.body).toBe(200);
      const refused = await call('agent', 'POST', `/api/quote/v1/${id}/surplus-notice`, { accepted: true });
      expect(refused.statusCode).toBe(409);
      return;
    }
    expect(bind.statusCode).toBe(409);
    expect(bind.json().message).toBe(SURPLUS_NOTICE_TEXTS.requiredBeforeBinding(state));
    expect((await call('agent', 'POST', `/api/quote/v1/${id}/surplus-notice`, { accepted: false })).statusCode).toBe(400);
    const attested = await call('agent', 'POST', `/api/quote/v1/${id}/surplus-notice`, { accepted: true });
    expect(attested.statusCode, attested.body).toBe(200);
    expect(attested.json()).toMatchObject({ message: 'Surplus lines notice attested', quote: { surplusNoticeAttested: true, attestedBy: 'Alex Agent' } });
    const [row] = await t.db.query<{ surplus_notice_broker: Json }>('SELECT surplus_notice_broker FROM quotes WHERE id = $1', [id]);
    expect(row!.surplus_notice_broker).toEqual({ firstName: 'Alex', lastName: 'Agent', email: 'agent@agency.example', licenseNumber: state === 'LA' ? 'LA-SL-448120' : null, state });
    expect((await call('agent', 'POST', `/api/quote/v1/${id}/surplus-notice`, { accepted: true })).statusCode).toBe(409);
    expect((await call('agent', 'PUT', `/api/quote/v1/${id}/bind`, CONTACT)).statusCode).toBe(200);
    const [audit] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM audit_log WHERE target = $1 AND action = 'quote.attestSurplusNotice'`, [id]);
    expect(audit!.count).toBe(1);
  });

  it('shows the licence of the state, and answers another agency like a missing quote; a policyholder may not attest', async () => {
    const id = await quoteIn('LA', '70130', true);
    const notice = (await call('agent', 'GET', `/api/quote/v1/${id}/surplus-notice`)).json() as Json;
    expect(notice.surplusLicense).toEqual({ number: 'LA-SL-448120', brokerName: 'Alex Agent', brokerEmail: 'agent@agency.example', signatureOnFile: true });
    expect((await call('otherAgent', 'GET', `/api/quote/v1/${id}/surplus-notice`)).statusCode).toBe(404);
    expect((await call('otherAgent', 'POST', `/api/quote/v1/${id}/surplus-notice`, { accepted: true })).statusCode).toBe(404);
    expect((await call('policyholder', 'POST', `/api/quote/v1/${id}/surplus-notice`, { accepted: true })).statusCode).toBe(403);
  });
});

describe('the surplus lines notice document', () => {
  const pdfText = async (response: { rawPayload: Buffer }) => (await new PDFParse({ data: new Uint8Array(response.rawPayload) }).getText()).text;

  it.each([
    { state: 'LA', zip: '70112', words: 'LOUISIANA SURPLUS LINES NOTICE', license: 'LA-SL-448120' },
    { state: 'MT', zip: '59601', words: 'MONTANA SURPLUS LINES NOTICE', license: '-' },
  ])('$state: a PDF with the summary and the state notice as the page shows it, then the attestation; listed in the library once attested', async ({ state, zip, words, license }) => {
    const client = await clientOf(t, 'Summit Risk Partners', `Pelican Freight ${state} LLC`, { edition: 'us', state, zip, industry: '541512', revenue: 5_000_000 });
    const created = await call('agent', 'POST', '/api/quote/v1/create', { ...p250Request(client, 'us', state, TODAY), isSurplus: true });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    await t.db.query(`UPDATE quotes SET status = 'READY' WHERE id = $1`, [id]);
    const quoteNumber = created.json().quoteNumber as string;

    const unsigned = await call('agent', 'GET', `/api/quote/v1/${id}/surplus-notice/document`);
    expect(unsigned.statusCode, unsigned.body).toBe(200);
    expect(unsigned.headers['content-disposition']).toBe(`attachment; filename="${quoteNumber}_Surplus_Notice.pdf"`);
    const before = await pdfText(unsigned);
    expect(before).toContain(`Quote ${quoteNumber} for Pelican Freight ${state} LLC`);
    expect(before).toContain(words);
    expect(before).toContain('Surplus Compliance By Summit Risk Partners');
    expect(before).toContain('Not yet attested');
    const listed = async () => ((await call('agent', 'GET', `/api/docs/v1/search?size=100&source=SURPLUS_NOTICE&accountId=${client}`)).json().content as Json[]);
    expect(await listed()).toEqual([]);

    expect((await call('agent', 'POST', `/api/quote/v1/${id}/surplus-notice`, { accepted: true })).statusCode).toBe(200);
    const after = await pdfText(await call('agent', 'GET', `/api/quote/v1/${id}/surplus-notice/document`));
    expect(after).toContain('Attested By Alex Agent (agent@agency.example)');
    expect(after).toContain(`Surplus Lines Licence ${license}`);
    expect(after).not.toContain('Not yet attested');
    expect((await listed()).map((entry) => [entry.docName, entry.fileName, entry.recordId])).toEqual([[`Surplus Lines Notice ${quoteNumber}`, `${quoteNumber}_Surplus_Notice.pdf`, id]]);
    expect((await call('otherAgent', 'GET', `/api/quote/v1/${id}/surplus-notice/document`)).statusCode).toBe(404);
  });

  it('a quote that needs no notice has no notice document', async () => {
    const id = await quoteIn('TX', '75201', true);
    const answer = await call('agent', 'GET', `/api/quote/v1/${id}/surplus-notice/document`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(SURPLUS_NOTICE_TEXTS.notNeeded);
  });
});
