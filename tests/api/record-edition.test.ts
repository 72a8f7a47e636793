import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { sendDueInvoiceReminders } from '../../server/lifecycle/reminders/invoice/send-due-invoice-reminders.ts';
import { linkTokenIn, messagesTo } from './support/mail.ts';
import { boundBinder, issueBinder, issuedPolicy } from './support/policy-fixtures.ts';
import { clientOf, p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Records and e-mails in their own edition (spec 000 section 1: the host name chooses the edition, US and UK
 * write dates, money and phone numbers their own way). A reminder names the invoice's real due date as its
 * edition writes it; an e-mail links to its recipient's edition's address, whoever sent it from whichever host;
 * the insured of an issued policy is linked to a page they can open. Every case runs in both editions.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const US_ADDRESS = 'https://console.example';
const UK_ADDRESS = 'https://console.example.uk';
const UK_HOST = 'console.example.uk';
const TODAY = '2026-11-02';
/** Issued on TODAY, a premium is due 30 days later. */
const DUE = '2026-12-02';
const USERS = { agent: 'agent@agency.example', broker: 'broker@brokerage.example', admin: 'admin@provider.example' };

/** Each edition: its agency and agent, the host that opens it, its public address and how it writes a day. */
const EDITIONS = [
  {
    edition: 'us' as const, host: undefined, address: US_ADDRESS, otherAddress: UK_ADDRESS, agency: 'Summit Risk Partners', agent: 'agent',
    client: { state: 'CO', zip: '80202', industry: '541512' }, product: 'P250', day: (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`,
  },
  {
    edition: 'uk' as const, host: UK_HOST, address: UK_ADDRESS, otherAddress: US_ADDRESS, agency: 'Thames Cyber Brokers', agent: 'broker',
    client: { state: null, zip: 'BS1 4DJ', industry: '62020' }, product: 'P_ONE', day: (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`,
  },
];
type EditionCase = (typeof EDITIONS)[number];

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function travelTo(day: string): Promise<void> {
  t.clock.set(new Date(`${day}T12:00:00Z`));
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
}

const payerOf = (name: string, edition: EditionCase) => `payer-${name}-${edition.edition}@insured.example`;

async function clientIn(edition: EditionCase, name: string): Promise<string> {
  return clientOf(t, edition.agency, `${name} ${edition.edition.toUpperCase()} Ltd`, { edition: edition.edition, ...edition.client, revenue: 5_000_000 });
}

beforeAll(async () => {
  t = await startTestApp({ config: { publicUrls: { us: US_ADDRESS, uk: UK_ADDRESS } } });
  await travelTo(TODAY);
  // Per edition: 'onTime' is reminded on its due date; 'late' has its reminders off then, so its due-day one goes later.
  for (const edition of EDITIONS) {
    for (const name of ['onTime', 'late']) {
      const policyId = await issuedPolicy(t, call, edition.agent, await clientIn(edition, name), { edition: edition.edition, state: edition.client.state ?? 'ENG', product: edition.product, today: TODAY, host: edition.host });
      ids[`${name}-${edition.edition}`] = policyId;
      await t.db.query('UPDATE policies SET contact_email = $2 WHERE id = $1', [policyId, payerOf(name, edition)]);
    }
  }
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('an invoice reminder names the real due date, as its edition writes it', () => {
  it('on the due date: due today, with that date; later (its day missed): was due on that date, never "today"', async () => {
    const lateIds = EDITIONS.map((edition) => ids[`late-${edition.edition}`]);
    await t.db.query('UPDATE policies SET invoice_reminders_off = true WHERE id = ANY($1)', [lateIds]);
    await travelTo(DUE);
    expect(await sendDueInvoiceReminders(t.app.services, DUE)).toBe(EDITIONS.length);
    await t.db.query('UPDATE policies SET invoice_reminders_off = false WHERE id = ANY($1)', [lateIds]);
    await travelTo('2026-12-05');
    expect(await sendDueInvoiceReminders(t.app.services, '2026-12-05')).toBe(EDITIONS.length);

    for (const edition of EDITIONS) {
      const onTime = await messagesTo(t, payerOf('onTime', edition));
      expect(onTime, edition.edition).toHaveLength(1);
      expect(onTime[0]!.subject).toMatch(/is due today$/);
      expect(onTime[0]!.body).toContain(`is due today, ${edition.day(DUE)}.`);

      const late = await messagesTo(t, payerOf('late', edition));
      expect(late, edition.edition).toHaveLength(1);
      expect(late[0]!.subject).toMatch(new RegExp(`was due on ${edition.day(DUE)}$`));
      expect(late[0]!.body).toContain(`was due on ${edition.day(DUE)}.`);
      expect(late[0]!.body).not.toMatch(/today/);
      expect(late[0]!.body).not.toContain(edition.day('2026-12-05'));
    }
  });

  it('links to the payment page at the policy\'s edition\'s address', async () => {
    for (const edition of EDITIONS) {
      const [mail] = await messagesTo(t, payerOf('onTime', edition));
      expect(mail!.body).toContain(`${edition.address}/customer/policies/${ids[`onTime-${edition.edition}`]}/payment`);
      expect(mail!.body).not.toContain(edition.otherAddress + '/');
    }
  });
});

describe('an e-mail links to its recipient\'s edition\'s address, whatever host it was sent from', () => {
  it('provider staff on the US host send a password reset: the UK broker\'s link opens the UK address, the US agent\'s the US one', async () => {
    for (const [edition, email] of [[EDITIONS[0]!, USERS.agent], [EDITIONS[1]!, USERS.broker]] as const) {
      const sent = await call('admin', 'PUT', `/api/auth/v1/passwords/${encodeURIComponent(email)}/reset`);
      expect(sent.statusCode, sent.body).toBe(200);
      const [mail] = await messagesTo(t, email);
      expect(mail!.body).toMatch(new RegExp(`${edition.address.replace(/\./g, '\\.')}/confirmPasswordReset/[A-Za-z0-9_-]+`));
      expect(mail!.body).not.toContain(`${edition.otherAddress}/`);
    }
  });
});

describe('the insured of an issued policy is linked to a page they can open', () => {
  for (const edition of EDITIONS) {
    it(`${edition.edition}: without a sign-in, a set-password link at the edition's address that then opens the policy`, async () => {
      await travelTo(TODAY);
      const insured = `insured-${edition.edition}@harbour.example`;
      const quoteId = await boundBinder(t, call, edition.agent, await clientIn(edition, 'Insured'), { edition: edition.edition, state: edition.client.state ?? 'ENG', product: edition.product, today: TODAY, host: edition.host });
      await t.db.query('UPDATE quotes SET customer_email = $2 WHERE id = $1', [quoteId, insured]);
      const policyId = await issueBinder(call, edition.agent, quoteId, edition.host);
      const policy = (await call(edition.agent, 'GET', `/api/policy/v1/${policyId}`, undefined, edition.host)).json() as Json;

      const [mail] = await messagesTo(t, insured);
      expect(mail!.body).toContain(`${edition.day(policy.effectiveDate.slice(0, 10))} to ${edition.day(policy.endDate.slice(0, 10))}`);
      expect(mail!.body).toMatch(new RegExp(`${edition.address.replace(/\./g, '\\.')}/confirmUser/[A-Za-z0-9_-]+`));
      expect(mail!.body).toContain(`${edition.address}/customer/policies/${policyId}`);

      const set = await t.inject({ method: 'POST', url: `/api/auth/v1/validateUserInvited/${linkTokenIn(mail!.body, 'confirmUser')}`, payload: { password: 'Insured-Sets-1-Password!' } });
      expect(set.statusCode, set.body).toBe(200);
      const opened = await t.inject({ method: 'GET', url: `/api/policy/v1/${policyId}`, headers: { authorization: `Bearer ${set.json().accessToken}`, ...(edition.host ? { host: edition.host } : {}) } });
      expect(opened.statusCode, opened.body).toBe(200);
    });
  }

  it('an address of another organisation gets no link it could not open, and is told whom to ask', async () => {
    const edition = EDITIONS[0]!;
    const quoteId = await boundBinder(t, call, edition.agent, await clientIn(edition, 'Stranger'), { edition: edition.edition, state: 'CO', product: edition.product, today: TODAY });
    await t.db.query('UPDATE quotes SET customer_email = $2 WHERE id = $1', [quoteId, USERS.broker]);
    const before = (await messagesTo(t, USERS.broker)).length;
    const policyId = await issueBinder(call, edition.agent, quoteId);
    const mails = await messagesTo(t, USERS.broker);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.body).not.toContain(policyId);
    expect(mails[0]!.body).not.toMatch(/https?:\/\//);
    expect(mails[0]!.body).toContain(edition.agency);
  });
});

describe('a record is rated, looked up and shown in its own edition, whichever host opens it', () => {
  /** A Scottish client of the UK brokerage (an Edinburgh postcode), and a US client, as provider staff on either host quote them. */
  const SCOTTISH = { edition: 'uk' as const, state: null, zip: 'EH1 1YZ', industry: '62020', revenue: 5_000_000 };

  it('provider staff on the US host quote a Scottish account: its nation, its products, rated in pounds; a US product is refused', async () => {
    await travelTo(TODAY);
    const accountId = await clientOf(t, 'Thames Cyber Brokers', 'Loch Fyne Analytics Ltd', SCOTTISH);
    const account = await call('admin', 'GET', `/api/quote/v1/account/${accountId}`);
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json()).toMatchObject({ edition: 'uk', riskState: 'SCT', canRequestQuote: true });

    const request = p250Request(accountId, 'uk', 'SCT', TODAY, 'P_ONE');
    const rated = await call('admin', 'POST', '/api/rater/v1/calculator', request);
    expect(rated.statusCode, rated.body).toBe(200);
    const created = await call('admin', 'POST', '/api/quote/v1/create', request);
    expect(created.statusCode, created.body).toBe(201);
    const quote = (await call('admin', 'GET', `/api/quote/v1/${created.json().id}`)).json() as Json;
    expect(quote).toMatchObject({ product: 'P_ONE', currency: 'GBP' });
    expect(Number(quote.totalPremium)).toBeGreaterThan(0);

    const usProduct = await call('admin', 'POST', '/api/quote/v1/create', p250Request(accountId, 'us', 'NY', TODAY, 'P250'));
    expect(usProduct.statusCode, usProduct.body).toBeGreaterThanOrEqual(400);
    expect(usProduct.statusCode).toBeLessThan(500);
  });

  it('the licence lookup of a quoted account goes by the account\'s edition: none for a UK account, a US account\'s from the UK host too', async () => {
    const scottish = await clientOf(t, 'Thames Cyber Brokers', 'Glenmorangie Data Ltd', SCOTTISH);
    const american = await clientIn(EDITIONS[0]!, 'Licensed');
    const forScottish = await call('admin', 'GET', `/api/agency/v1/agent/license/NY?accountId=${scottish}`);
    expect(forScottish.statusCode, forScottish.body).toBe(404);
    expect(forScottish.json().message).toMatch(/US edition only/);
    for (const host of [undefined, UK_HOST]) {
      const forAmerican = await call('admin', 'GET', `/api/agency/v1/agent/license/CO?accountId=${american}`, undefined, host);
      expect(forAmerican.statusCode, forAmerican.body).toBe(200);
      expect(Array.isArray(forAmerican.json())).toBe(true);
    }
    // Without an account, the host still decides; an account out of reach answers 404.
    expect((await call('admin', 'GET', '/api/agency/v1/agent/license/CO', undefined, UK_HOST)).statusCode).toBe(404);
    expect((await call('agent', 'GET', `/api/agency/v1/agent/license/CO?accountId=${scottish}`)).statusCode).toBe(404);
  });

  it('a UK user\'s record says its edition, and provider staff on the US host store its phone as the UK writes it', async () => {
    const [broker] = await t.db.query<{ id: string; account_id: string; role_id: string }>('SELECT id, account_id, role_id FROM users WHERE email = $1', [USERS.broker]);
    const read = await call('admin', 'GET', `/api/auth/v1/users/${broker!.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().edition).toBe('uk');
    const updated = await call('admin', 'PUT', `/api/auth/v1/users/${broker!.id}`, {
      id: broker!.id, accountId: broker!.account_id, roleId: broker!.role_id, firstName: 'Ben', lastName: 'Broker', email: USERS.broker, phone: '7700900045',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ edition: 'uk', phone: '07700900045' });
    const [agent] = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [USERS.agent]);
    expect((await call('admin', 'GET', `/api/auth/v1/users/${agent!.id}`, undefined, UK_HOST)).json().edition).toBe('us');
    // The brokerage's users, as its page lists them to provider staff on the US host.
    const users = await call('admin', 'GET', `/api/account/v1/agency/users?agencyId=${broker!.account_id}`);
    expect(users.statusCode, users.body).toBe(200);
    expect((users.json().content as Json[]).find((user) => user.email === USERS.broker)).toMatchObject({ edition: 'uk', phone: '07700900045' });
  });
});
