import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { QUOTE_TEXTS } from '../../server/lifecycle/quotes/quote-texts.ts';
import { SURPLUS_NOTICE_TEXTS } from '../../server/lifecycle/surplus-notice/surplus-notice-rules.ts';
import { codeIn, linkTokenIn, messagesTo, nextAddress } from './support/mail.ts';
import { clientOf, p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Sending a surplus lines notice for review and signature ('Review & Sign', spec 000 /validate/{workflowId}
 * and /quote/{id}/attest-surplus-notice): the agent (or provider staff) sends the Louisiana or Montana notice
 * of a surplus quote to the broker of the agency's surplus lines licence for the state; the broker gets a
 * SURPLUS_NOTICE one-time-code link, enters with the code, attests, and the agent binds. Refused with a
 * sentence when there is nothing to sign or nobody who could sign it; another agency's quote is missing.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const TODAY = '2026-11-23';
const CONTACT = { customerFirstName: 'Remy', customerLastName: 'Broussard', customerEmail: 'remy@bayoufreight.example', customerPhone: '5045550142' };
const BROKER = { first: 'Lou', last: 'Thibodeaux', email: 'lou.thibodeaux@bayoubrokers.example' };
let agencyId: string;

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.inject({ method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC' }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const send = (caller: string, id: string) => call(caller, 'POST', `/api/quote/v1/${id}/surplus-notice/send`);

let clients = 0;
async function quoteIn(state: string, zip: string, isSurplus: boolean): Promise<string> {
  clients += 1;
  const client = await clientOf(t, 'Summit Risk Partners', `Crescent Freight ${clients} LLC`, { edition: 'us', state, zip, industry: '541512', revenue: 5_000_000 });
  const created = await call('agent', 'POST', '/api/quote/v1/create', { ...p250Request(client, 'us', state, TODAY), isSurplus });
  expect(created.statusCode, created.body).toBe(201);
  await t.db.query(`UPDATE quotes SET status = 'READY' WHERE id = $1`, [created.json().id]);
  return created.json().id as string;
}

/** The agency's only surplus lines licence for the state, with this broker (none when `broker` is null). */
async function licenseIn(state: string, broker: { first: string; last: string; email: string } | null): Promise<void> {
  await t.db.query('DELETE FROM surplus_licenses WHERE agency_id = $1 AND surplus_lines_state = $2', [agencyId, state]);
  if (!broker) return;
  await t.db.query(
    `INSERT INTO surplus_licenses (agency_id, broker_first_name, broker_last_name, broker_email, surplus_license_number, surplus_lines_state, signature_on_file, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, true, now(), now())`,
    [agencyId, broker.first, broker.last, broker.email, `${state}-SL-5521`, state],
  );
}

/** Opens the newest 'Review & Sign' link mailed to `email` as its owner would: the code by e-mail, then the session. */
async function openLink(email: string): Promise<{ token: string; redirectURL: string; flow: string }> {
  const workflowId = linkTokenIn((await messagesTo(t, email))[0]?.body, 'validate');
  const address = nextAddress();
  const workflow = await t.inject({ method: 'GET', url: `/api/auth/v1/wf/${workflowId}`, remoteAddress: address });
  expect(workflow.statusCode, workflow.body).toBe(200);
  expect((await t.inject({ method: 'GET', url: `/api/auth/v1/wf/access/${workflowId}`, remoteAddress: address })).statusCode).toBe(200);
  const code = codeIn((await messagesTo(t, email))[0]?.body);
  const session = await t.inject({ method: 'POST', url: '/api/auth/v1/wf/token', payload: { id: workflowId, code }, remoteAddress: address });
  expect(session.statusCode, session.body).toBe(200);
  return { token: session.json().accessToken, redirectURL: session.json().redirectURL, flow: workflow.json().flow };
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  await t.createUser({ email: 'service@agency.example', accountOf: 'agent@agency.example' });
  await t.db.query(`UPDATE users SET role_id = 'agency-customer-service' WHERE email = 'service@agency.example'`);
  const users = {
    agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', admin: 'admin@provider.example', policyholder: 'policyholder@insured.example',
  };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  const [agency] = await t.db.query<{ id: string }>(`SELECT id FROM accounts WHERE name = 'Summit Risk Partners'`);
  agencyId = agency!.id;
  await licenseIn('LA', BROKER);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('sending the surplus lines notice for review and signature', () => {
  it("mails the licence's broker a 'Review & Sign' link whose code opens the notice; the broker attests and the agent binds", async () => {
    const id = await quoteIn('LA', '70112', true);
    const before = (await call('agent', 'GET', `/api/quote/v1/${id}/surplus-notice`)).json() as Json;
    expect(before).toMatchObject({ needsNotice: true, callerIsBroker: false, noticeSentTo: null, surplusLicense: { brokerEmail: BROKER.email } });

    const sent = await send('agent', id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      message: `Surplus lines notice sent to ${BROKER.email} for review and signature.`, sentTo: BROKER.email,
      quote: { id, noticeSentTo: BROKER.email, noticeSentAt: `${TODAY}T12:00:00.000Z`, surplusNoticeAttested: false },
    });
    const [mail] = await messagesTo(t, BROKER.email);
    expect(mail?.subject).toBe(`Review & Sign: surplus lines notice for quote ${before.quoteNumber}`);
    expect(mail?.body).toContain(`the Louisiana surplus lines notice of quote ${before.quoteNumber} for ${before.companyName}`);
    expect(mail?.body).toMatch(/Review & Sign: http\S+\/validate\/[0-9a-f-]{36}/);

    // The broker is now a producer of the agency without a password, and the link's workflow leads to the notice.
    const [broker] = await t.db.query<{ id: string; role_id: string; account_id: string; password_hash: string | null }>(
      'SELECT id, role_id, account_id, password_hash FROM users WHERE email = $1', [BROKER.email],
    );
    expect(broker).toMatchObject({ role_id: 'agency-producer', account_id: agencyId, password_hash: null });
    const [workflow] = await t.db.query<{ flow: string; redirect_url: string; user_id: string; phone: string | null }>(
      'SELECT flow, redirect_url, user_id, phone FROM workflows WHERE id = $1', [linkTokenIn(mail?.body, 'validate')],
    );
    expect(workflow).toEqual({ flow: 'SURPLUS_NOTICE', redirect_url: `/quote/${id}/attest-surplus-notice`, user_id: broker!.id, phone: null });
    const [audited] = await t.db.query<{ actor: string; detail: Json }>(
      `SELECT u.email AS actor, l.detail FROM audit_log l JOIN users u ON u.id = l.actor_user_id WHERE l.target = $1 AND l.action = 'quote.sendSurplusNotice'`, [id],
    );
    expect(audited).toMatchObject({ actor: 'agent@agency.example', detail: { broker: BROKER.email, state: 'LA', licenseNumber: 'LA-SL-5521' } });

    const link = await openLink(BROKER.email);
    expect(link.flow).toBe('SURPLUS_NOTICE');
    expect(link.redirectURL).toBe(`/quote/${id}/attest-surplus-notice`);
    const asBroker = (method: InjectOptions['method'], url: string, payload?: object) =>
      t.inject({ method, url, headers: { authorization: `Bearer ${link.token}`, 'x-timezone': 'UTC' }, ...(payload ? { payload } : {}) });
    const page = await asBroker('GET', `/api/quote/v1/${id}/surplus-notice`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ noticeState: 'LA', callerIsBroker: true, noticeSentTo: BROKER.email });
    // The link's session reaches the notice only.
    expect((await asBroker('GET', `/api/quote/v1/${id}`)).statusCode).toBe(403);
    expect((await asBroker('POST', `/api/quote/v1/${id}/surplus-notice/send`)).statusCode).toBe(403);
    const attested = await asBroker('POST', `/api/quote/v1/${id}/surplus-notice`, { accepted: true });
    expect(attested.statusCode, attested.body).toBe(200);
    expect(attested.json().quote).toMatchObject({ surplusNoticeAttested: true, attestedBy: `${BROKER.first} ${BROKER.last}`, attestedEmail: BROKER.email, attestedLicense: 'LA-SL-5521' });

    const bound = await call('agent', 'PUT', `/api/quote/v1/${id}/bind`, CONTACT);
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().quote.status).toBe('BOUND');
    const history = (await call('agent', 'GET', `/api/quote/v1/${id}`)).json().events as Json[];
    expect(history.map((event) => event.action ?? event.type)).toEqual(expect.arrayContaining(['sendSurplusNotice', 'attestSurplusNotice', 'bind']));
  });

  it('lets provider staff send a Montana notice; sent again, the same broker gets a new link and is not made twice', async () => {
    await licenseIn('MT', { first: 'Renee', last: 'Lindqvist', email: 'renee@bigskybrokers.example' });
    const id = await quoteIn('MT', '59601', true);
    for (const round of [1, 2]) {
      const sent = await send('admin', id);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().sentTo).toBe('renee@bigskybrokers.example');
      expect(await messagesTo(t, 'renee@bigskybrokers.example')).toHaveLength(round);
    }
    expect((await messagesTo(t, 'renee@bigskybrokers.example'))[0]?.body).toContain('the Montana surplus lines notice');
    expect(await t.db.query(`SELECT 1 FROM users WHERE email = 'renee@bigskybrokers.example'`)).toHaveLength(1);
    expect(await t.db.query(`SELECT 1 FROM workflows WHERE flow = 'SURPLUS_NOTICE' AND redirect_url = $1`, [`/quote/${id}/attest-surplus-notice`])).toHaveLength(2);
  });

  it.each([
    { what: 'a surplus quote outside Louisiana and Montana', state: 'TX', zip: '75201', surplus: true, message: SURPLUS_NOTICE_TEXTS.notNeeded },
    { what: 'an admitted Louisiana quote', state: 'LA', zip: '70112', surplus: false, message: SURPLUS_NOTICE_TEXTS.notNeeded },
  ])('refuses $what: it needs no notice', async ({ state, zip, surplus, message }) => {
    const id = await quoteIn(state, zip, surplus);
    const refused = await send('agent', id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(message);
  });

  it('refuses a notice already attested, without a mail', async () => {
    const id = await quoteIn('LA', '70130', true);
    expect((await call('agent', 'POST', `/api/quote/v1/${id}/surplus-notice`, { accepted: true })).statusCode).toBe(200);
    const mails = (await messagesTo(t, BROKER.email)).length;
    const refused = await send('agent', id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SURPLUS_NOTICE_TEXTS.alreadyAttested);
    expect(await messagesTo(t, BROKER.email)).toHaveLength(mails);
  });

  it.each([
    { what: 'no licence for the state', broker: null, message: SURPLUS_NOTICE_TEXTS.noLicense('MT') },
    {
      what: "a licence whose broker is another organisation's user", broker: { first: 'Olive', last: 'Other', email: 'agent@otheragency.example' },
      message: SURPLUS_NOTICE_TEXTS.brokerOfOtherOrganisation('agent@otheragency.example'),
    },
    {
      what: 'a licence whose broker is a user of the agency who may not bind', broker: { first: 'Sam', last: 'Service', email: 'service@agency.example' },
      message: SURPLUS_NOTICE_TEXTS.brokerMayNotBind('service@agency.example'),
    },
  ])('refuses $what, and nothing is written', async ({ broker, message }) => {
    await licenseIn('MT', broker);
    const id = await quoteIn('MT', '59601', true);
    const refused = await send('agent', id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(message);
    if (broker) expect(await messagesTo(t, broker.email)).toHaveLength(0);
    expect(await t.db.query(`SELECT 1 FROM workflows WHERE redirect_url = $1`, [`/quote/${id}/attest-surplus-notice`])).toHaveLength(0);
    expect(await t.db.query(`SELECT 1 FROM audit_log WHERE target = $1 AND action = 'quote.sendSurplusNotice'`, [id])).toHaveLength(0);
    const [service] = await t.db.query<{ role_id: string }>(`SELECT role_id FROM users WHERE email = 'service@agency.example'`);
    expect(service?.role_id).toBe('agency-customer-service');
  });

  it("answers another agency's agent like a missing quote, and refuses a policyholder", async () => {
    const id = await quoteIn('LA', '70112', true);
    const missing = await send('otherAgent', id);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(QUOTE_TEXTS.notFound);
    expect((await send('otherAgent', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await send('policyholder', id)).statusCode).toBe(403);
    expect(await t.db.query(`SELECT 1 FROM audit_log WHERE target = $1 AND action = 'quote.sendSurplusNotice'`, [id])).toHaveLength(0);
  });
});
