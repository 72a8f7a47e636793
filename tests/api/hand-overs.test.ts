import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { messagesTo } from './support/mail.ts';
import { clientOf, p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 35 'every hand-over is a state with an owner', in both editions: request to bind, refer, release,
 * decline, bind, issue and rescind each move the quote to a named status (spec 002 section 9 quote statuses),
 * leave an item in the queue of whoever acts next (the underwriting inbox or the agency's inbox), write the
 * audit entry and e-mail the next actor, with the reason the acting side gave where it gave one.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const TODAY = '2026-11-23';
const UNDERWRITER_EMAIL = 'underwriter@provider.example';
const STAFF_EMAILS = { underwriter: UNDERWRITER_EMAIL, admin: 'admin@provider.example' };

const EDITIONS = [
  {
    edition: 'us' as const, host: undefined, agent: 'agent', agentEmail: 'agent@agency.example', agency: 'Summit Risk Partners', state: 'CO', clientState: 'CO', zip: '80202',
    industry: '541512', product: 'P250', contact: { customerFirstName: 'Nina', customerLastName: 'Alvarez', customerEmail: 'nina@handover.example', customerPhone: '3035550171' },
  },
  {
    edition: 'uk' as const, host: 'console.example.uk', agent: 'broker', agentEmail: 'broker@brokerage.example', agency: 'Thames Cyber Brokers', state: 'ENG', clientState: null, zip: 'BS1 4DJ',
    industry: '62020', product: 'P_ONE', contact: { customerFirstName: 'Hugh', customerLastName: 'Pryce', customerEmail: 'hugh@handover.example', customerPhone: '02079460388' },
  },
];
type Edition = (typeof EDITIONS)[number];

interface Step {
  /** What happens, as the audit log names it (quote.<action>). */
  action: string;
  /** Which quote of the edition's world it acts on. */
  quote: 'bound' | 'referred' | 'declined' | 'rescinded';
  /** The agency's agent, or provider staff (the underwriter; an admin for what needs policy:write). */
  actor: 'agent' | 'underwriter' | 'admin';
  request: (id: string, edition: Edition) => { method: InjectOptions['method']; url: string; body?: object };
  /** Spec 002 section 9's quote status the hand-over leaves it in. */
  status: string;
  /** Whose queue holds it next. */
  next: 'underwriting' | 'agency';
  /** The reason the acting side gave, which the other side must read (in its inbox and its e-mail). */
  reason?: string[];
}

const STEPS: Step[] = [
  {
    action: 'requestToBind', quote: 'bound', actor: 'agent', status: 'REQUESTED', next: 'underwriting',
    request: (id, edition) => ({ method: 'PUT', url: `/api/quote/v1/${id}/request-to-bind`, body: edition.contact }),
  },
  {
    action: 'bind', quote: 'bound', actor: 'underwriter', status: 'BOUND', next: 'agency',
    request: (id, edition) => ({ method: 'PUT', url: `/api/quote/v1/${id}/bind`, body: edition.contact }),
  },
  { action: 'issue', quote: 'bound', actor: 'underwriter', status: 'ISSUED', next: 'agency', request: (id) => ({ method: 'POST', url: `/api/policy/v1/generate/${id}` }) },
  {
    action: 'refer', quote: 'referred', actor: 'agent', status: 'REFERRED', next: 'underwriting', reason: ['The client asks for a lower retention'],
    request: (id) => ({ method: 'PUT', url: `/api/quote/v1/request-review/${id}`, body: { reason: 'The client asks for a lower retention' } }),
  },
  { action: 'release', quote: 'referred', actor: 'underwriter', status: 'READY', next: 'agency', request: (id) => ({ method: 'PUT', url: `/api/quote/v1/P250/release/${id}` }) },
  {
    action: 'decline', quote: 'declined', actor: 'underwriter', status: 'DECLINED', next: 'agency', reason: ['Poor Claims History', 'Three ransomware claims in two years'],
    request: (id) => ({ method: 'PUT', url: `/api/quote/v1/decline/${id}`, body: { quoteId: id, reasonSummary: 'Poor Claims History', reason: 'Three ransomware claims in two years' } }),
  },
  {
    action: 'rescind', quote: 'rescinded', actor: 'admin', status: 'RESCIND', next: 'agency', reason: ['Subjectivities not received'],
    request: (id) => ({ method: 'PUT', url: `/api/quote/v1/rescind/${id}`, body: { reason: 'Subjectivities not received' } }),
  },
];

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  const users = { ...STAFF_EMAILS, agent: 'agent@agency.example', broker: 'broker@brokerage.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe.each(EDITIONS)('the hand-overs of a quote ($edition)', (edition) => {
  const quotes: Record<string, Json> = {};
  let clientId: string;

  beforeAll(async () => {
    clientId = await clientOf(t, edition.agency, `Handover Works ${edition.edition}`, { edition: edition.edition, state: edition.clientState, zip: edition.zip, industry: edition.industry, revenue: 5_000_000 });
    // The agent checked the account's details with the client: a request to bind needs it.
    expect((await call(edition.agent, 'PUT', `/api/account/v1/account/${clientId}/verify`, undefined, edition.host)).statusCode).toBe(200);
    for (const name of ['bound', 'referred', 'declined', 'rescinded']) {
      const created = await call(edition.agent, 'POST', '/api/quote/v1/create', p250Request(clientId, edition.edition, edition.state, TODAY, edition.product), edition.host);
      expect(created.statusCode, created.body).toBe(201);
      quotes[name] = created.json();
      await t.db.query(`UPDATE quotes SET status = 'READY' WHERE id = $1`, [quotes[name]!.id]);
    }
    // The binder to rescind: bound by the desk from Ready.
    expect((await call('underwriter', 'PUT', `/api/quote/v1/${quotes.rescinded!.id}/bind`, edition.contact, edition.host)).statusCode).toBe(200);
  });

  it.each(STEPS)('$action: the quote is $status, waiting on $next, who is told by e-mail', async (step) => {
    const quote = quotes[step.quote]!;
    const nextEmail = step.next === 'underwriting' ? UNDERWRITER_EMAIL : edition.agentEmail;
    const mailsBefore = (await messagesTo(t, nextEmail)).length;
    const { method, url, body } = step.request(quote.id, edition);
    const actor = step.actor === 'agent' ? edition.agent : step.actor;
    const response = await call(actor, method, url, body, edition.host);
    expect(response.statusCode, response.body).toBe(200);

    // The named state.
    const seen = await call(edition.agent, 'GET', `/api/quote/v1/${quote.id}`, undefined, edition.host);
    expect(seen.json().status).toBe(step.status);

    // The item in the next actor's queue.
    if (step.next === 'underwriting') {
      const inbox = await call('underwriter', 'GET', `/api/quote/v1/uw-inbox?size=100&search=${quote.quoteNumber}`, undefined, edition.host);
      expect(inbox.statusCode, inbox.body).toBe(200);
      expect(inbox.json().content.map((row: Json) => row.id)).toContain(quote.id);
    }
    const messages = await call(edition.agent, 'GET', `/api/inbox/v1/messages?size=100&kind=quote.${step.action}&accountId=${clientId}`, undefined, edition.host);
    expect(messages.statusCode, messages.body).toBe(200);
    const message = (messages.json().content as Json[]).find((row) => row.quoteId === quote.id);
    // The agency hears of everything handed to it, and sees its own request to bind go to underwriting.
    if (step.next === 'agency' || step.action === 'requestToBind') {
      expect(message, `no quote.${step.action} message in the agency inbox`).toBeDefined();
      expect(message!.subject).toContain(quote.quoteNumber);
      for (const part of step.reason ?? []) expect(message!.body).toContain(part);
    }

    // The e-mail to whoever acts next, with the reason.
    const mails = await messagesTo(t, nextEmail);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(`${mails[0]!.subject}\n${mails[0]!.body}`).toContain(quote.quoteNumber);
    for (const part of step.reason ?? []) expect(mails[0]!.body).toContain(part);

    // The audit entry, with the acting user.
    const audits = await t.db.query<{ email: string }>(
      'SELECT u.email FROM audit_log l JOIN users u ON u.id = l.actor_user_id WHERE l.target = $1 AND l.action = $2', [quote.id, `quote.${step.action}`],
    );
    expect(audits.map((row) => row.email)).toEqual([step.actor === 'agent' ? edition.agentEmail : STAFF_EMAILS[step.actor]]);
  });

  it("the agent reads underwriting's decline reason, summary and description, on the quote", async () => {
    const seen = await call(edition.agent, 'GET', `/api/quote/v1/${quotes.declined!.id}`, undefined, edition.host);
    expect(seen.json().decision).toMatchObject({ reasonSummary: 'Poor Claims History', reason: 'Three ransomware claims in two years' });
    const review = await call(edition.agent, 'GET', `/api/quote/v1/${quotes.declined!.id}/review`, undefined, edition.host);
    expect(review.json().invalidReason).toBe('Poor Claims History: Three ransomware claims in two years');
  });

  it("the quote offers the account's policy contact until it names its own policy holder (the Bind dialog starts from it)", async () => {
    // Ten digits: what the account's policy contact column holds.
    const holder = { firstName: 'Rosa', lastName: 'Marsh', email: 'rosa@handover.example', phone: '3035550199' };
    await t.db.query(
      'UPDATE account_profiles SET policy_contact_first_name = $2, policy_contact_last_name = $3, policy_contact_email = $4, policy_contact_phone = $5 WHERE account_id = $1',
      [clientId, holder.firstName, holder.lastName, holder.email, holder.phone],
    );
    const created = await call(edition.agent, 'POST', '/api/quote/v1/create', p250Request(clientId, edition.edition, edition.state, TODAY, edition.product), edition.host);
    expect(created.statusCode, created.body).toBe(201);
    const fresh = await call('underwriter', 'GET', `/api/quote/v1/${created.json().id}`, undefined, edition.host);
    expect(fresh.json()).toMatchObject({ customerFirstName: null, policyContact: holder });
    // The bound quote named its own policy holder when the agent asked to bind it.
    const named = await call('underwriter', 'GET', `/api/quote/v1/${quotes.bound!.id}`, undefined, edition.host);
    const { customerFirstName, customerLastName, customerEmail, customerPhone } = edition.contact;
    expect(named.json().policyContact).toEqual({ firstName: customerFirstName, lastName: customerLastName, email: customerEmail, phone: customerPhone });
  });

  it('a decline the underwriter chose not to notify sends no e-mail, though the agency inbox still has it', async () => {
    const created = await call(edition.agent, 'POST', '/api/quote/v1/create', p250Request(clientId, edition.edition, edition.state, TODAY, edition.product), edition.host);
    const id = created.json().id as string;
    const before = (await messagesTo(t, edition.agentEmail)).length;
    const declined = await call('underwriter', 'PUT', `/api/quote/v1/decline/${id}`, { quoteId: id, reasonSummary: 'Duplicate Quote', reason: 'Quoted twice', isNotificationEnabled: false }, edition.host);
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await messagesTo(t, edition.agentEmail)).length).toBe(before);
    const messages = await call(edition.agent, 'GET', `/api/inbox/v1/messages?size=100&kind=quote.decline&accountId=${clientId}`, undefined, edition.host);
    expect((messages.json().content as Json[]).some((row) => row.quoteId === id && row.body === 'Duplicate Quote: Quoted twice')).toBe(true);
  });

  it("an agent binding its own quote tells nobody: the agency is the next actor and did it itself", async () => {
    const created = await call(edition.agent, 'POST', '/api/quote/v1/create', p250Request(clientId, edition.edition, edition.state, TODAY, edition.product), edition.host);
    const id = created.json().id as string;
    await t.db.query(`UPDATE quotes SET status = 'READY' WHERE id = $1`, [id]);
    const before = (await messagesTo(t, edition.agentEmail)).length;
    const bound = await call(edition.agent, 'PUT', `/api/quote/v1/${id}/bind`, edition.contact, edition.host);
    expect(bound.statusCode, bound.body).toBe(200);
    expect((await messagesTo(t, edition.agentEmail)).length).toBe(before);
  });
});
