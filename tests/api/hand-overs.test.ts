import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { formatDate, formatMoney } from '../../engine/index.ts';
import { registry } from '../support/registry.ts';
import { messagesTo } from './support/mail.ts';
import { addDays } from '../../engine/index.ts';
import { PAYMENT_DUE_DAYS } from '../../server/constants.ts';
import { sendDueInvoiceReminders } from '../../server/lifecycle/reminders/invoice/send-due-invoice-reminders.ts';
import { issuedPolicy, quotableAcme } from './support/policy-fixtures.ts';
import { clientOf, p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 35 'every hand-over is a state with an owner', in both editions: request to bind, refer, release,
 * decline, bind, issue and rescind each move the quote to a named status (spec 002 section 9 quote statuses),
 * leave an item in the queue of whoever acts next (the underwriting inbox or the agency's inbox), write the
 * audit entry and e-mail the next actor, with the reason the acting side gave where it gave one. The policy's
 * (cancellation asked for, cancelled, reinstated, voided) and a failed payment likewise.
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
  /** What happens, as the audit log names it (quote.<action> or policy.<action>). */
  action: string;
  /** Which quote of the edition's world it acts on (or, for a policy's hand-over, the policy issued from it). */
  quote: 'bound' | 'referred' | 'declined' | 'rescinded';
  target?: 'policy';
  /** The agency's agent, or provider staff (the underwriter; an admin for what needs policy:write). */
  actor: 'agent' | 'underwriter' | 'admin';
  request: (id: string, edition: Edition, target: Json) => { method: InjectOptions['method']; url: string; body?: object };
  /** Spec 002 section 9's status the hand-over leaves it in; IN FORCE: the policy's own (ISSUED or ACTIVE) again. */
  status: string;
  /** Whose queue holds it next. */
  next: 'underwriting' | 'agency';
  /** Who of the next side is e-mailed, when not the quote's agent (agency) or the underwriter (underwriting). */
  mailTo?: 'admin';
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
  // The policy issued from the bound quote: the agent asks to cancel it, the provider's policy desk cancels it,
  // reinstates it, cancels it flat, reinstates it again and voids it.
  {
    action: 'requestCancellation', quote: 'bound', target: 'policy', actor: 'agent', status: 'CANCEL REQUESTED', next: 'underwriting', mailTo: 'admin', reason: ['The practice is closing'],
    request: (id, _, policy) => ({ method: 'PUT', url: `/api/policy/v1/cancel-request/${id}`, body: { cancellationDate: policy.endDate, reason: 'The practice is closing' } }),
  },
  {
    action: 'cancel', quote: 'bound', target: 'policy', actor: 'admin', status: 'CANCEL PENDING', next: 'agency', reason: ['The practice is closing'],
    request: (id, _, policy) => ({ method: 'PUT', url: `/api/policy/v1/cancel/${id}`, body: { cancellationDate: policy.endDate, reason: 'The practice is closing' } }),
  },
  { action: 'undoCancellation', quote: 'bound', target: 'policy', actor: 'admin', status: 'IN FORCE', next: 'agency', request: (id) => ({ method: 'PUT', url: `/api/policy/v1/undo-cancelled-policy/${id}` }) },
  {
    action: 'flatCancel', quote: 'bound', target: 'policy', actor: 'admin', status: 'FLAT CANCELLED', next: 'agency', reason: ['Written in error'],
    request: (id) => ({ method: 'PUT', url: `/api/policy/v1/flatcancel/${id}`, body: { reason: 'Written in error' } }),
  },
  { action: 'undoCancellation', quote: 'bound', target: 'policy', actor: 'admin', status: 'IN FORCE', next: 'agency', request: (id) => ({ method: 'PUT', url: `/api/policy/v1/undo-cancelled-policy/${id}` }) },
  {
    action: 'void', quote: 'bound', target: 'policy', actor: 'admin', status: 'VOID', next: 'agency', reason: ['Issued twice'],
    request: (id) => ({ method: 'PUT', url: `/api/policy/v1/void/${id}`, body: { reason: 'Issued twice' } }),
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

  it.each(STEPS)('$action: it is $status, waiting on $next, who is told by e-mail', async (step) => {
    const quote = quotes[step.quote]!;
    const policyId = step.target === 'policy' ? (await call(edition.agent, 'GET', `/api/quote/v1/${quote.id}`, undefined, edition.host)).json().policyId as string : null;
    const targetUrl = policyId ? `/api/policy/v1/${policyId}` : `/api/quote/v1/${quote.id}`;
    const before = (await call(edition.agent, 'GET', targetUrl, undefined, edition.host)).json() as Json;
    const targetId = policyId ?? quote.id;
    const number = policyId ? before.policyNumber as string : quote.quoteNumber as string;
    const nextEmail = step.mailTo ? STAFF_EMAILS[step.mailTo] : step.next === 'underwriting' ? UNDERWRITER_EMAIL : edition.agentEmail;
    const actorEmail = step.actor === 'agent' ? edition.agentEmail : STAFF_EMAILS[step.actor];
    const auditsOf = () => t.db.query<{ email: string }>(
      'SELECT u.email FROM audit_log l JOIN users u ON u.id = l.actor_user_id WHERE l.target = $1 AND l.action = $2 ORDER BY l.id', [targetId, `${step.target ?? 'quote'}.${step.action}`],
    );
    const auditsBefore = (await auditsOf()).length;
    const mailsBefore = (await messagesTo(t, nextEmail)).length;
    const { method, url, body } = step.request(targetId, edition, before);
    const actor = step.actor === 'agent' ? edition.agent : step.actor;
    const response = await call(actor, method, url, body, edition.host);
    expect(response.statusCode, response.body).toBe(200);

    // The named state.
    const seen = await call(edition.agent, 'GET', targetUrl, undefined, edition.host);
    if (step.status === 'IN FORCE') expect(['ISSUED', 'ACTIVE']).toContain(seen.json().status);
    else expect(seen.json().status).toBe(step.status);

    // The item in the next actor's queue.
    if (step.next === 'underwriting') {
      // The underwriting inbox for a quote; the provider's policies waiting in the step's status for a policy.
      const queue = policyId
        ? await call('admin', 'GET', `/api/policy/v1/search?size=100&status=${encodeURIComponent(step.status)}&search=${number}`, undefined, edition.host)
        : await call('underwriter', 'GET', `/api/quote/v1/uw-inbox?size=100&search=${number}`, undefined, edition.host);
      expect(queue.statusCode, queue.body).toBe(200);
      expect(queue.json().content.map((row: Json) => row.id)).toContain(targetId);
    }
    const kind = `${step.target ?? 'quote'}.${step.action}`;
    const messages = await call(edition.agent, 'GET', `/api/inbox/v1/messages?size=100&kind=${kind}&accountId=${clientId}`, undefined, edition.host);
    expect(messages.statusCode, messages.body).toBe(200);
    // Newest first: the message of this step.
    const message = (messages.json().content as Json[]).find((row) => (policyId ? row.policyId === policyId : row.quoteId === quote.id));
    // The agency hears of everything handed to it, and sees its own request to bind go to underwriting.
    if (step.next === 'agency' || step.action === 'requestToBind') {
      expect(message, `no ${kind} message in the agency inbox`).toBeDefined();
      expect(message!.subject).toContain(number);
      for (const part of step.reason ?? []) expect(message!.body).toContain(part);
    } else {
      expect(message).toBeUndefined();
    }

    // The e-mail to whoever acts next, with the reason.
    const mails = await messagesTo(t, nextEmail);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(`${mails[0]!.subject}\n${mails[0]!.body}`).toContain(number);
    for (const part of step.reason ?? []) expect(mails[0]!.body).toContain(part);
    // Its link opens the record at its edition's address (a host ending in .uk is the UK edition).
    const host = /https?:\/\/([^/\s]+)\//.exec(mails[0]!.body)?.[1] ?? '';
    expect(host.replace(/:\d+$/, '').endsWith('.uk'), host).toBe(edition.edition === 'uk');

    // The audit entry, with the acting user.
    const audits = await auditsOf();
    expect(audits.length).toBe(auditsBefore + 1);
    expect(audits.at(-1)!.email).toBe(actorEmail);
  });

  it("the agent reads underwriting's decline reason, summary and description, on the quote", async () => {
    const seen = await call(edition.agent, 'GET', `/api/quote/v1/${quotes.declined!.id}`, undefined, edition.host);
    expect(seen.json().decision).toMatchObject({ reasonSummary: 'Poor Claims History', reason: 'Three ransomware claims in two years' });
    const review = await call(edition.agent, 'GET', `/api/quote/v1/${quotes.declined!.id}/review`, undefined, edition.host);
    expect(review.json().invalidReason).toBe('Poor Claims History: Three ransomware claims in two years');
  });

  it("the quote offers the account's policy contact until it names its own policy holder (the Bind dialog starts from it)", async () => {
    // Saved through the account page: the column keeps national digits, a UK number without its trunk 0.
    const entered = edition.edition === 'us' ? '3035550199' : '02079460199';
    const saved = await call(edition.agent, 'PUT', `/api/account/v1/account/${clientId}/policy-contact`,
      { policyContactFirstName: 'Rosa', policyContactLastName: 'Marsh', policyContactEmail: 'rosa@handover.example', policyContactPhone: entered }, edition.host);
    expect(saved.statusCode, saved.body).toBe(200);
    // The Bind dialog and the review page offer the number as it was entered, which their phone field takes.
    const holder = { firstName: 'Rosa', lastName: 'Marsh', email: 'rosa@handover.example', phone: entered };
    const created = await call(edition.agent, 'POST', '/api/quote/v1/create', p250Request(clientId, edition.edition, edition.state, TODAY, edition.product), edition.host);
    expect(created.statusCode, created.body).toBe(201);
    const fresh = await call('underwriter', 'GET', `/api/quote/v1/${created.json().id}`, undefined, edition.host);
    expect(fresh.json()).toMatchObject({ customerFirstName: null, policyContact: holder });
    const review = await call(edition.agent, 'GET', `/api/quote/v1/${created.json().id}/review`, undefined, edition.host);
    expect(review.json()).toMatchObject({ policyContact: holder });
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

/** The hosted form, as the payer's browser uses it: open it and submit it. */
async function payThroughForm(policyId: string, method: 'creditCard' | 'bankAccount', fields: Record<string, string>) {
  const opened = await call('policyholder', 'POST', `/api/billing/v1/policy/${policyId}/checkout`, { method });
  expect(opened.statusCode, opened.body).toBe(200);
  const checkout = opened.json() as Json;
  await t.inject({ method: 'GET', url: checkout.url });
  await t.inject({ method: 'POST', url: checkout.url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
  return checkout.checkoutId as string;
}

// Online payment is the US payer's (the demo policyholder pays its own policies); a UK policy is paid by transfer.
describe('a failed payment hands the policy back to its agency (us)', () => {
  it('the agency inbox has it and the agent is e-mailed, with the processor\'s reason, once however often the payer looks', async () => {
    tokens.policyholder = (await t.tokensFor('policyholder@insured.example')).accessToken;
    const acme = await quotableAcme(t);
    const policyId = await issuedPolicy(t, call, 'agent', acme, { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
    const before = (await messagesTo(t, 'agent@agency.example')).length;
    const checkoutId = await payThroughForm(policyId, 'creditCard', { name: 'Paula Holder', expiry: '12/29', cvc: '123', number: '4000000000000002' });
    for (let read = 0; read < 2; read += 1) {
      const seen = await call('policyholder', 'GET', `/api/billing/v1/checkout/${checkoutId}`);
      expect(seen.json().transaction).toMatchObject({ status: 'Failed', failureReason: 'Your card was declined.' });
    }
    const messages = await call('agent', 'GET', `/api/inbox/v1/messages?size=100&kind=payment.failed&accountId=${acme}`);
    const ofPolicy = (messages.json().content as Json[]).filter((row) => row.policyId === policyId);
    expect(ofPolicy).toHaveLength(1);
    expect(ofPolicy[0]).toMatchObject({ body: 'Your card was declined.', policyNumber: expect.any(String) });
    const mails = await messagesTo(t, 'agent@agency.example');
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.body).toContain(ofPolicy[0]!.policyNumber);
    expect(mails[0]!.body).toContain('Your card was declined.');
    // The amount as the edition writes money, the policy's total (nothing was paid).
    const policy = (await call('agent', 'GET', `/api/policy/v1/${policyId}`)).json() as Json;
    expect(mails[0]!.body).toContain(`A payment of ${formatMoney(Number(policy.totalPremium), registry.edition('us'))} for policy`);
  });
});

describe.each(EDITIONS)('payment due hands the unpaid premium to the agency ($edition)', (edition) => {
  it('on the due date the payer is reminded and the agency inbox has it, with the amount and the date; overdue, again', async () => {
    const clientId = await clientOf(t, edition.agency, `Premium Due Works ${edition.edition}`, { edition: edition.edition, state: edition.clientState, zip: edition.zip, industry: edition.industry, revenue: 5_000_000 });
    const policyId = await issuedPolicy(t, call, edition.agent, clientId, { edition: edition.edition, state: edition.state, product: edition.product, today: TODAY, host: edition.host });
    const policy = (await call(edition.agent, 'GET', `/api/policy/v1/${policyId}`, undefined, edition.host)).json() as Json;
    const settings = registry.edition(edition.edition);
    const dueDate = addDays(TODAY, PAYMENT_DUE_DAYS);
    const inboxOf = async (kind: string) => ((await call(edition.agent, 'GET', `/api/inbox/v1/messages?size=100&kind=${kind}&accountId=${clientId}`, undefined, edition.host)).json().content as Json[])
      .filter((row) => row.policyId === policyId);
    const auditsOf = async (action: string) => t.db.query('SELECT actor_user_id FROM audit_log WHERE target = $1 AND action = $2', [policyId, action]);

    // A week before: the payer is reminded, the agency has nothing to act on yet.
    await sendDueInvoiceReminders(t.app.services, addDays(dueDate, -7));
    expect(await inboxOf('payment.due')).toHaveLength(0);

    // The payer's reminders of this policy (the demo payer pays other policies too).
    const remindersOfPolicy = async () => (await messagesTo(t, policy.contactEmail)).filter((mail) => (mail.subject ?? '').includes(policy.policyNumber)).length;
    const payerMails = await remindersOfPolicy();
    await sendDueInvoiceReminders(t.app.services, dueDate);
    const [due] = await inboxOf('payment.due');
    expect(due, 'no payment.due message in the agency inbox').toBeDefined();
    expect(due!.subject).toBe(`The premium of policy ${policy.policyNumber} (${policy.companyName}) is due today`);
    expect(due!.body).toBe(`${formatMoney(Number(policy.totalPremium), settings)} was due on ${formatDate(dueDate, settings.locale)} and is unpaid. A reminder was sent to ${policy.contactEmail}.`);
    expect(await remindersOfPolicy()).toBe(payerMails + 1);
    expect(await auditsOf('policy.paymentDue')).toEqual([{ actor_user_id: null }]);

    // A week late, the next reminder: overdue now.
    await sendDueInvoiceReminders(t.app.services, addDays(dueDate, 7));
    expect(await inboxOf('payment.overdue')).toHaveLength(1);
    expect(await auditsOf('policy.paymentOverdue')).toHaveLength(1);
    // A sweep run again the same day hands over nothing twice.
    await sendDueInvoiceReminders(t.app.services, addDays(dueDate, 7));
    expect(await inboxOf('payment.overdue')).toHaveLength(1);
  });
});
