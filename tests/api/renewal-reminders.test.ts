import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { addDays } from '../../engine/index.ts';
import { RENEWAL_REMINDER_TEXTS } from '../../server/lifecycle/reminders/renewal/renewal-reminder-texts.ts';
import { sendDueRenewalReminders } from '../../server/lifecycle/reminders/renewal/send-due-renewal-reminders.ts';
import { messagesTo } from './support/mail.ts';
import { issuedPolicy } from './support/policy-fixtures.ts';
import { clientOf } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Renewal reminders (spec 002 section 4 'mute renewal reminders'; RENEWAL_REMINDER_LEAD_DAYS 60, 30 and 7): the
 * agent of a policy in force is e-mailed before its end date, once per lead time however often and on however
 * many servers the sweep runs; muted, opted-out and cancelled policies are not; a policy without an agent reminds
 * its agency's contact. Every case runs in both editions, whose mails say agent/agency or broker/brokerage and
 * print dates and money their own way. The sweep is called with the services' clock, as the server's timer does.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const TODAY = '2026-11-05';
const UK = 'console.example.uk';
const USERS = { agent: 'agent@agency.example', broker: 'broker@brokerage.example', admin: 'admin@provider.example' };

/** Each edition's world and words: its agency, agent, host and how its mails print a day and money. */
const EDITIONS = [
  {
    edition: 'us' as const, host: undefined, agency: 'Summit Risk Partners', agentCaller: 'agent', agentEmail: USERS.agent,
    agentWord: 'agent', agencyWord: 'agency', money: /\$[\d,]+\.\d{2}/,
    client: { state: 'CO', zip: '80202', industry: '541512', product: 'P250' },
    day: (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`,
  },
  {
    edition: 'uk' as const, host: UK, agency: 'Thames Cyber Brokers', agentCaller: 'broker', agentEmail: USERS.broker,
    agentWord: 'broker', agencyWord: 'brokerage', money: /£[\d,]+\.\d{2}/,
    client: { state: null, zip: 'BS1 4DJ', industry: '62020', product: 'P_ONE' },
    day: (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`,
  },
];
type EditionCase = (typeof EDITIONS)[number];

/**
 * The policies of each edition, as data: how many days after TODAY each ends, what is done to it first, and the
 * lead times whose reminder it has had after each sweep day of the story below (cumulative).
 */
const POLICIES = [
  { name: 'sixty', endsIn: 60, sent: { 0: [60], 12: [60], 23: [60], 30: [60, 30], 53: [60, 30, 7] } },
  { name: 'thirty', endsIn: 30, sent: { 0: [30], 12: [30], 23: [30, 7], 30: [30, 7], 53: [30, 7] } },
  { name: 'seven', endsIn: 7, sent: { 0: [7], 12: [7], 23: [7], 30: [7], 53: [7] } },
  // Muted on TODAY, when its 60-day reminder is due; unmuted on day 12, with 28 days left: the 30-day one follows.
  { name: 'muted', endsIn: 40, sent: { 0: [], 12: [30], 23: [30], 30: [30], 53: [30] } },
  { name: 'optedOut', endsIn: 30, sent: { 0: [], 12: [], 23: [], 30: [], 53: [] } },
  { name: 'cancelled', endsIn: 30, sent: { 0: [], 12: [], 23: [], 30: [], 53: [] } },
  // No agent: the agency's primary contact is reminded.
  { name: 'agentless', endsIn: 30, sent: { 0: [30], 12: [30], 23: [30, 7], 30: [30, 7], 53: [30, 7] } },
] as const;
type SweepDay = keyof (typeof POLICIES)[number]['sent'];

const ids: Record<string, string> = {};
const numbers: Record<string, string> = {};
const contactOf = (edition: string) => `renewals-${edition}@agency-contact.example`;
const key = (edition: string, name: string) => `${edition}:${name}`;

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({ method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function travelTo(day: string): Promise<void> {
  t.clock.set(new Date(`${day}T12:00:00Z`));
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
}

/** A sweep as the server's timer runs it: today from the services' clock. */
const sweep = () => sendDueRenewalReminders(t.app.services, t.clock.now().toISOString().slice(0, 10));

async function leadsSent(id: string): Promise<number[]> {
  const rows = await t.db.query<{ lead_days: number }>('SELECT lead_days FROM renewal_reminders WHERE policy_id = $1 AND sent_at IS NOT NULL ORDER BY lead_days DESC', [id]);
  return rows.map((row) => row.lead_days);
}

/** The reminders e-mailed about one policy, to whoever they went. */
async function mailsAbout(edition: EditionCase, name: string) {
  const to = name === 'agentless' ? contactOf(edition.edition) : edition.agentEmail;
  return (await messagesTo(t, to)).filter((mail) => mail.subject?.includes(`policy ${numbers[key(edition.edition, name)]} `));
}

/** The policy page's record. */
const policyPage = async (edition: EditionCase, name: string) =>
  (await call(edition.agentCaller, 'GET', `/api/policy/v1/${ids[key(edition.edition, name)]}`, undefined, edition.host)).json() as Json;

function expectSentAfter(day: SweepDay) {
  return Promise.all(EDITIONS.flatMap((edition) => POLICIES.map(async (policy) => {
    const id = ids[key(edition.edition, policy.name)]!;
    expect(await leadsSent(id), `${edition.edition} ${policy.name} on day ${day}`).toEqual(policy.sent[day]);
    expect(await mailsAbout(edition, policy.name), `${edition.edition} ${policy.name} mails on day ${day}`).toHaveLength(policy.sent[day].length);
  })));
}

/** How many reminders the story expects a sweep on `day` to send, in both editions together. */
const newOn = (day: SweepDay, before: SweepDay | null) =>
  EDITIONS.length * POLICIES.reduce((sum, policy) => sum + policy.sent[day].length - (before === null ? 0 : policy.sent[before].length), 0);

beforeAll(async () => {
  t = await startTestApp();
  await travelTo(TODAY);
  for (const edition of EDITIONS) {
    const client = await clientOf(t, edition.agency, `Renewal Reminder Client ${edition.edition.toUpperCase()} Ltd`, {
      edition: edition.edition, state: edition.client.state, zip: edition.client.zip, industry: edition.client.industry, revenue: 5_000_000,
    });
    for (const policy of POLICIES) {
      const id = await issuedPolicy(t, call, edition.agentCaller, client, {
        edition: edition.edition, state: edition.client.state ?? 'ENG', product: edition.client.product, today: TODAY, host: edition.host,
      });
      const endDate = addDays(TODAY, policy.endsIn);
      // A policy in its last weeks: a year long, ending policy.endsIn days from TODAY.
      const [row] = await t.db.query<{ policy_number: string }>(
        'UPDATE policies SET effective_date = $2::date - 365, end_date = $2 WHERE id = $1 RETURNING policy_number', [id, endDate],
      );
      ids[key(edition.edition, policy.name)] = id;
      numbers[key(edition.edition, policy.name)] = row!.policy_number;
    }
    // The agency's primary contact, reminded about a policy without an agent.
    await t.createUser({ email: contactOf(edition.edition), accountOf: edition.agentEmail });
    await t.db.query('UPDATE users SET primary_contact = (email = $2) WHERE account_id = (SELECT account_id FROM users WHERE email = $1)', [edition.agentEmail, contactOf(edition.edition)]);
    await t.db.query('UPDATE policies SET agent_user_id = NULL WHERE id = $1', [ids[key(edition.edition, 'agentless')]]);
  }
}, 420_000);

afterAll(async () => {
  await t?.close();
});

describe('renewal reminders', () => {
  it.each(EDITIONS)('$edition: muting, opting out and cancelling are done through the policy\'s own actions', async (edition) => {
    const policy = (name: string) => ids[key(edition.edition, name)]!;
    const muted = await call(edition.agentCaller, 'POST', `/api/policy/v1/${policy('muted')}/mute-renewal-reminders`, undefined, edition.host);
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json().policy).toMatchObject({ renewalRemindersMuted: true, renewalReminders: 'MUTED' });
    const optedOut = await call(edition.agentCaller, 'POST', `/api/policy/v1/optout/${policy('optedOut')}`, undefined, edition.host);
    expect(optedOut.statusCode, optedOut.body).toBe(200);
    expect(optedOut.json().policy.renewalReminders).toBe('OPTED_OUT');
    const cancelled = await call('admin', 'PUT', `/api/policy/v1/flatcancel/${policy('cancelled')}`, { reason: 'Written in error' }, edition.host);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().policy.renewalReminders).toBe('NOT_IN_FORCE');
    expect(await policyPage(edition, 'sixty')).toMatchObject({ renewalReminders: 'ON', lastRenewalReminderAt: null });
  });

  it('TODAY: two sweeps at once (two servers) send each policy the reminder of its lead time once; a third sends nothing', async () => {
    const [first, second] = await Promise.all([sweep(), sweep()]);
    expect(first + second).toBe(newOn(0, null));
    expect(await sweep()).toBe(0);
    await expectSentAfter(0);
  });

  it.each(EDITIONS)('$edition: the mail names the policy and its end date in the edition\'s words and goes to the agent', async (edition) => {
    const number = numbers[key(edition.edition, 'sixty')]!;
    const [mail] = await mailsAbout(edition, 'sixty');
    const [agent] = await t.db.query<{ first_name: string }>('SELECT first_name FROM users WHERE email = $1', [edition.agentEmail]);
    const endDate = edition.day(addDays(TODAY, 60));
    expect(mail?.subject).toBe(RENEWAL_REMINDER_TEXTS.subject(number, `Renewal Reminder Client ${edition.edition.toUpperCase()} Ltd`, endDate));
    expect(mail?.body).toContain(`Hello ${agent!.first_name},`);
    expect(mail?.body).toContain(`Policy ${number} of Renewal Reminder Client ${edition.edition.toUpperCase()} Ltd expires on ${endDate}, in 60 days.`);
    expect(mail?.body).toMatch(edition.money);
    expect(mail?.body).toContain(`/agency/policies/${ids[key(edition.edition, 'sixty')]}`);
    expect(mail?.body).toContain(`You receive this as the ${edition.agentWord} on the policy.`);
    expect((await mailsAbout(edition, 'seven'))[0]?.body).toContain(`expires on ${edition.day(addDays(TODAY, 7))}, in 7 days.`);
  });

  it.each(EDITIONS)('$edition: a policy without an agent reminds its agency\'s contact, saying so in the edition\'s words', async (edition) => {
    const [mail] = await mailsAbout(edition, 'agentless');
    expect(mail?.body).toContain('Hello Test,');
    expect(mail?.body).toContain(`You receive this as a contact of ${edition.agency}, the ${edition.agencyWord} on the policy, which has no ${edition.agentWord} assigned.`);
    expect(await messagesTo(t, edition.agentEmail).then((mails) => mails.filter((m) => m.subject?.includes(numbers[key(edition.edition, 'agentless')]!)))).toEqual([]);
  });

  it.each(EDITIONS)('$edition: the policy page says when the last reminder went out and why others get none', async (edition) => {
    expect(await policyPage(edition, 'sixty')).toMatchObject({ renewalReminders: 'ON', renewalRemindersMuted: false, lastRenewalReminderAt: `${TODAY}T12:00:00.000Z` });
    expect(await policyPage(edition, 'muted')).toMatchObject({ renewalReminders: 'MUTED', renewalRemindersMuted: true, lastRenewalReminderAt: null });
    expect(await policyPage(edition, 'optedOut')).toMatchObject({ renewalReminders: 'OPTED_OUT', lastRenewalReminderAt: null });
    expect(await policyPage(edition, 'cancelled')).toMatchObject({ renewalReminders: 'NOT_IN_FORCE', lastRenewalReminderAt: null });
  });

  it('day 12: unmuted, a policy gets the reminder due now (the one missed while muted is not sent late)', async () => {
    await travelTo(addDays(TODAY, 12));
    for (const edition of EDITIONS) {
      const unmuted = await call(edition.agentCaller, 'POST', `/api/policy/v1/${ids[key(edition.edition, 'muted')]}/mute-renewal-reminders`, undefined, edition.host);
      expect(unmuted.json().policy).toMatchObject({ renewalRemindersMuted: false, renewalReminders: 'ON' });
    }
    expect(await sweep()).toBe(newOn(12, 0));
    expect(await sweep()).toBe(0);
    await expectSentAfter(12);
  });

  it('days 23 and 30: each policy gets the next lead time\'s reminder as its day comes, once', async () => {
    await travelTo(addDays(TODAY, 23));
    expect(await sweep()).toBe(newOn(23, 12));
    await expectSentAfter(23);
    await travelTo(addDays(TODAY, 30));
    expect(await sweep()).toBe(newOn(30, 23));
    expect(await sweep()).toBe(0);
    await expectSentAfter(30);
    for (const edition of EDITIONS) expect(await policyPage(edition, 'sixty')).toMatchObject({ lastRenewalReminderAt: `${addDays(TODAY, 30)}T12:00:00.000Z` });
  });

  it('day 53: a mail that cannot be sent gives its claim back, and the next sweep sends it; ended policies get none', async () => {
    await travelTo(addDays(TODAY, 53));
    t.mailOutage(true);
    try {
      await expect(sweep()).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      t.mailOutage(false);
    }
    await expectSentAfter(30);
    expect(await sweep()).toBe(newOn(53, 30));
    expect(await sweep()).toBe(0);
    await expectSentAfter(53);
    for (const edition of EDITIONS) expect(await policyPage(edition, 'thirty')).toMatchObject({ status: 'EXPIRED', renewalReminders: 'NOT_IN_FORCE' });
  });
});
