import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { NOC_REASONS } from '../../server/constants.ts';
import { POLICY_TEXTS } from '../../server/lifecycle/policies/policy-texts.ts';
import { issuedPolicy, quotableAcme } from './support/policy-fixtures.ts';
import { clientOf } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Notice of cancellation (spec 002 'Policy actions': stop notice of cancellation; section 7 noc/reason and
 * noc/{policyId}): provider staff give notice with a reason, the policy is Cancel Pending for the reason's
 * notice days and the calendar cancels it on the day; the contact is e-mailed; the notice is a PDF; stopping it
 * puts the policy back in force. Agents may not give or stop notice.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const TODAY = '2026-11-23';
const USERS = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', admin: 'admin@provider.example' };

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.inject({ method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC' }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function travelTo(at: Date): Promise<void> {
  t.clock.set(at);
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
}

const policyOf = async (id: string) => (await call('admin', 'GET', `/api/policy/v1/${id}`)).json() as Json;

beforeAll(async () => {
  t = await startTestApp();
  await travelTo(new Date(`${TODAY}T12:00:00Z`));
  const acme = await quotableAcme(t);
  ids.first = await issuedPolicy(t, call, 'agent', acme, { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
  const client = await clientOf(t, 'Summit Risk Partners', 'Juniper Ridge Clinics LLC', { edition: 'us', state: 'CO', zip: '80202', industry: '541512', revenue: 5_000_000 });
  ids.second = await issuedPolicy(t, call, 'agent', client, { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
  // Both policies are in force from today, so the notice periods run within their terms.
  await t.db.query(`UPDATE policies SET effective_date = $1::date, end_date = ($1::date + interval '1 year')::date WHERE id = ANY($2)`, [TODAY, [ids.first, ids.second]]);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('notice of cancellation', () => {
  it('lists the reasons with their days of notice', async () => {
    const reasons = (await call('agent', 'GET', '/api/policy/v1/noc/reason')).json() as Json[];
    expect(reasons).toEqual(Object.entries(NOC_REASONS).map(([value, reason]) => ({ value, label: reason.label, noticeDays: reason.noticeDays })));
  });

  it('an agent may not give notice (403); an unknown reason is refused with its field', async () => {
    expect((await call('agent', 'PUT', `/api/policy/v1/noc/${ids.first}`, { reason: 'NON_PAYMENT' })).statusCode).toBe(403);
    const unknown = await call('admin', 'PUT', `/api/policy/v1/noc/${ids.first}`, { reason: 'BORED' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: 'reason' })]);
  });

  it('notice for non-payment: Cancel Pending for 10 days with the pro-rata return, the contact e-mailed, the notice a PDF', async () => {
    const given = await call('admin', 'PUT', `/api/policy/v1/noc/${ids.first}`, { reason: 'NON_PAYMENT' });
    expect(given.statusCode, given.body).toBe(200);
    const policy = await policyOf(ids.first!);
    expect(given.json().message).toBe(POLICY_TEXTS.noticeGiven(policy.policyNumber, '12/03/2026'));
    expect(policy).toMatchObject({ status: 'CANCEL PENDING', cancellationDate: '2026-12-03', nocReason: 'NON_PAYMENT', cancellationReason: 'Non-payment of premium' });
    expect(Number(policy.returnPremium)).toBeGreaterThan(0);
    expect(policy.actions).toContain('stopNoticeOfCancellation');
    const mail = await t.latestMessageTo(policy.contactEmail);
    expect(mail?.subject).toBe(`Notice of cancellation: policy ${policy.policyNumber}`);
    expect(mail?.body).toContain('will be cancelled on 12/03/2026');

    const pdf = await call('agent', 'GET', `/api/policy/v1/noc/${ids.first}/document`);
    expect(pdf.statusCode).toBe(200);
    const text = (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text.replace(/\s+/g, ' ');
    expect(text).toContain('Notice of Cancellation');
    expect(text).toContain(policy.policyNumber);
    expect(text).toContain('Non-payment of premium');
    expect((await call('otherAgent', 'GET', `/api/policy/v1/noc/${ids.first}/document`)).statusCode).toBe(404);
  });

  it('stopping a notice puts the policy back in force; a policy without one answers 409', async () => {
    expect((await call('admin', 'PUT', `/api/policy/v1/noc/${ids.second}`, { reason: 'SUBSTANTIAL_CHANGE_IN_RISK' })).statusCode).toBe(200);
    expect(await policyOf(ids.second!)).toMatchObject({ status: 'CANCEL PENDING', cancellationDate: '2026-12-23' });
    const stopped = await call('admin', 'DELETE', `/api/policy/v1/noc/${ids.second}`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    const policy = await policyOf(ids.second!);
    expect(stopped.json().message).toBe(POLICY_TEXTS.noticeStopped(policy.policyNumber));
    expect(policy).toMatchObject({ status: 'ACTIVE', cancellationDate: null, nocReason: null, nocIssuedAt: null, returnPremium: null });
    expect(policy.actions).not.toContain('stopNoticeOfCancellation');
    const again = await call('admin', 'DELETE', `/api/policy/v1/noc/${ids.second}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(POLICY_TEXTS.noNotice);
    const [events] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM audit_log WHERE target = $1 AND action IN ('policy.noticeOfCancellation', 'policy.stopNoticeOfCancellation')`, [ids.second]);
    expect(events!.count).toBe(2);
  });

  it('a notice is kept as it was given: a rename after it leaves it alone; a notice stopped and given again is a new one', async () => {
    const noticeText = async () => {
      const pdf = await call('admin', 'GET', `/api/policy/v1/noc/${ids.second}/document`);
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      return { bytes: pdf.rawPayload, text: (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text.replace(/\s+/g, ' ') };
    };
    const rename = (name: string) => t.db.query('UPDATE policies SET named_insured = $1 WHERE id = $2', [name, ids.second]);
    await rename('Juniper Ridge Clinics LLC');
    expect((await call('admin', 'PUT', `/api/policy/v1/noc/${ids.second}`, { reason: 'SUBSTANTIAL_CHANGE_IN_RISK' })).statusCode).toBe(200);
    const given = await noticeText();
    expect(given.text).toContain('Juniper Ridge Clinics LLC');

    await rename('Juniper Ridge Health Group LLC');
    const later = await noticeText();
    expect(Buffer.compare(later.bytes, given.bytes)).toBe(0);
    const policy = await policyOf(ids.second!);
    const entry = ((await call('admin', 'GET', `/api/docs/v1/search?size=100&accountId=${policy.accountId}`)).json().content as Json[])
      .find((document) => document.docId === `notice-${ids.second}`);
    expect(entry).toMatchObject({ docType: 'NOTICE_OF_CANCELLATION', sizeBytes: given.bytes.length });

    expect((await call('admin', 'DELETE', `/api/policy/v1/noc/${ids.second}`)).statusCode).toBe(200);
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    expect((await call('admin', 'PUT', `/api/policy/v1/noc/${ids.second}`, { reason: 'SUBSTANTIAL_CHANGE_IN_RISK' })).statusCode).toBe(200);
    expect((await noticeText()).text).toContain('Juniper Ridge Health Group LLC');
    const [kept] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM generated_documents WHERE doc_id LIKE $1`, [`notice-${ids.second}-%`]);
    expect(kept!.count).toBe(2);
  });

  it('when the notice period ends the calendar cancels the policy; the notice stays downloadable', async () => {
    await travelTo(new Date('2026-12-03T12:00:00Z'));
    expect(await policyOf(ids.first!)).toMatchObject({ status: 'CANCELLED', cancellationDate: '2026-12-03', nocReason: 'NON_PAYMENT' });
    expect((await call('admin', 'GET', `/api/policy/v1/noc/${ids.first}/document`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/api/policy/v1/noc/${ids.first}`)).statusCode).toBe(409);
  });
});
