import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateQuote } from '../../engine/index.ts';
import { stateOfZip, UK_POSTCODE_AREAS, postcodeArea } from '../../server/resources/accounts/address-verifier.ts';
import { findQuotableAccount } from '../../server/lifecycle/quotes/account-risk.ts';
import { ratingInputOf, type QuoteRequestBody } from '../../server/lifecycle/quotes/quote-rating.ts';
import { seedDemoRecords } from '../../server/seed/demo-records.ts';
import { DEMO_SENT_QUOTE } from '../../server/seed/demo-sent-quote.ts';
import { shippedRaters } from '../../server/seed/demo-book.ts';
import type { Caller } from '../../server/services.ts';
import { startTestApp, type TestApp } from '../api/support/test-app.ts';

/**
 * The demo book of a development start (server/seed/demo-book.ts): a few hundred client accounts and a few
 * thousand quotes in both editions, the same on every run with the same clock, each premium what the rater
 * says for its stored request on its account, and the agency dashboard's list answering with them.
 */
const NOW = '2026-11-23T12:00:00.000Z';
let t: TestApp;
let seedMs = 0;

async function seeded(): Promise<TestApp> {
  const app = await startTestApp();
  app.clock.set(NOW);
  const started = performance.now();
  await app.db.transaction((tx) => seedDemoRecords(tx, app.clock));
  seedMs = performance.now() - started;
  return app;
}

async function digestOf(app: TestApp): Promise<string> {
  const rows = await app.db.query<{ quote_number: string; status: string; total_premium: string; product: string; company: string }>(
    `SELECT q.quote_number, q.status, q.total_premium::text AS total_premium, q.product, a.name AS company
     FROM quotes q JOIN accounts a ON a.id = q.account_id ORDER BY q.quote_number`);
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

beforeAll(async () => {
  t = await seeded();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo book', () => {
  it('holds a few hundred accounts and a few thousand quotes in both editions, seeded in seconds', async () => {
    console.info(`demo records with the book seeded in ${Math.round(seedMs)} ms`);
    const [counts] = await t.db.query<{ us: number; uk: number; quotes: number; events: number; usQuotes: number; ukQuotes: number }>(
      `SELECT (SELECT count(*)::int FROM accounts WHERE account_type = 'CUSTOMER' AND edition = 'us') AS us,
              (SELECT count(*)::int FROM accounts WHERE account_type = 'CUSTOMER' AND edition = 'uk') AS uk,
              (SELECT count(*)::int FROM quotes) AS quotes, (SELECT count(*)::int FROM quote_events) AS events,
              (SELECT count(*)::int FROM quotes WHERE edition = 'us' AND currency = 'USD') AS "usQuotes",
              (SELECT count(*)::int FROM quotes WHERE edition = 'uk' AND currency = 'GBP') AS "ukQuotes"`);
    expect(counts!.us).toBeGreaterThanOrEqual(200);
    expect(counts!.us).toBeLessThan(230);
    expect(counts!.uk).toBeGreaterThanOrEqual(100);
    expect(counts!.uk).toBeLessThan(115);
    expect(counts!.quotes).toBeGreaterThan(2500);
    expect(counts!.quotes).toBeLessThan(3500);
    expect(counts!.usQuotes + counts!.ukQuotes).toBe(counts!.quotes);
    expect(counts!.ukQuotes).toBeGreaterThan(600);
    expect(counts!.events).toBeGreaterThan(counts!.quotes);
    const agencies = await t.db.query<{ name: string; accounts: number; teams: number; agents: number }>(
      `SELECT ag.name, count(*)::int AS accounts, count(DISTINCT d.team_id)::int AS teams, count(DISTINCT d.agent_user_id)::int AS agents
       FROM accounts a JOIN accounts ag ON ag.id = a.agency_id JOIN account_details d ON d.account_id = a.id GROUP BY ag.name ORDER BY ag.name`);
    const byName = Object.fromEntries(agencies.map((row) => [row.name, row]));
    expect(byName['Summit Risk Partners']).toMatchObject({ teams: 3 });
    expect(byName['Summit Risk Partners']!.agents).toBeGreaterThanOrEqual(3);
    expect(byName['Thames Cyber Brokers']).toMatchObject({ teams: 2 });
    expect(byName['Harbor Insurance Group']!.accounts).toBeGreaterThan(40);
    expect(byName['Secure Agency']!.accounts).toBeGreaterThan(20);
  }, 60_000);

  it('spreads quotes over statuses, products and the last nine months, with events, carts and need-by dates', async () => {
    const statuses = await t.db.query<{ status: string; count: number }>('SELECT status, count(*)::int AS count FROM quotes GROUP BY status ORDER BY count DESC');
    const count = Object.fromEntries(statuses.map((row) => [row.status, row.count]));
    // Nine months of quotes offered for 30 days each: most have run out, and Ready is the commonest open status.
    expect(statuses.slice(0, 2).map((row) => row.status).sort()).toEqual(['EXPIRED', 'READY']);
    for (const status of ['READY', 'REFERRED', 'INDICATION', 'IN_REVIEW', 'REQUESTED', 'DECLINED', 'LOST', 'EXPIRED', 'INVALID', 'DRAFT', 'BOUND']) {
      expect(count[status], status).toBeGreaterThan(0);
    }
    const products = await t.db.query<{ edition: string; product: string }>('SELECT DISTINCT edition, product FROM quotes');
    expect(products.filter((row) => row.edition === 'us').map((row) => row.product)).toEqual(expect.arrayContaining(['P250', 'P100', 'P250_S', 'PRIME_TECH']));
    expect(products.filter((row) => row.edition === 'uk').map((row) => row.product)).toEqual(expect.arrayContaining(['P_ONE', 'P_ONE_PLUS', 'PRIME_ONE_TECH']));
    const [span] = await t.db.query<{ oldest: Date; newest: Date; presets: string[]; carts: number; needBy: number; badEvents: number; expiredOpen: number; readyLapsed: number }>(
      `SELECT min(created_at) FILTER (WHERE end_date > $1::date + 90) AS oldest, max(modified_at) AS newest, array_agg(DISTINCT preset) AS presets,
         (SELECT count(*)::int FROM quotes WHERE in_cart AND status = 'DRAFT') AS carts, (SELECT count(*)::int FROM quotes WHERE need_by_date IS NOT NULL) AS "needBy",
         (SELECT count(*)::int FROM quotes q WHERE q.status <> (SELECT e.to_status FROM quote_events e WHERE e.quote_id = q.id ORDER BY e.id DESC LIMIT 1)) AS "badEvents",
         (SELECT count(*)::int FROM quotes WHERE status = 'EXPIRED' AND expires_on >= $1::date) AS "expiredOpen",
         (SELECT count(*)::int FROM quotes WHERE status = 'READY' AND expires_on < $1::date) AS "readyLapsed"
       FROM quotes`, [NOW.slice(0, 10)]);
    const days = (date: Date) => (Date.parse(NOW) - new Date(date).getTime()) / 86_400_000;
    expect(days(span!.oldest)).toBeGreaterThan(240);
    expect(days(span!.oldest)).toBeLessThanOrEqual(271);
    expect(days(span!.newest)).toBeGreaterThanOrEqual(0);
    expect(span!.presets).toEqual(expect.arrayContaining(['BASIC', 'POPULAR', 'ELITE', 'CUSTOM']));
    expect(span!.carts).toBeGreaterThan(0);
    expect(span!.needBy).toBeGreaterThan(50);
    expect(span!.badEvents).toBe(0);
    expect(span!.expiredOpen).toBe(0);
    // No Ready quote is left past its offer: the calendar would expire it (policy-calendar.ts).
    expect(span!.readyLapsed).toBe(0);
    const [carts] = await t.db.query<{ most: number }>(`SELECT coalesce(max(n), 0)::int AS most FROM (SELECT count(*) AS n FROM quotes WHERE in_cart GROUP BY created_by) c`);
    expect(carts!.most).toBeLessThanOrEqual(3);
  });

  it('has clients in every agency whose policy, bound about a year ago, comes up for renewal in the next 20 to 85 days', async () => {
    const due = await t.db.query<{ agency: string; edition: string; status: string; open: boolean; endsIn: number; started: number; account: string }>(
      `SELECT ag.name AS agency, p.edition, p.status, p.is_open_for_renewal AS open, (p.end_date - $1::date) AS "endsIn",
         ($1::date - p.effective_date) AS started, ap.status AS account
       FROM policies p JOIN accounts ag ON ag.id = p.agency_id JOIN account_profiles ap ON ap.account_id = p.account_id
       WHERE p.end_date <= $1::date + 90 AND p.effective_date < $1::date - 271`, [NOW.slice(0, 10)]);
    const agencies = new Set(due.map((row) => row.agency));
    expect([...agencies]).toEqual(expect.arrayContaining(['Summit Risk Partners', 'Thames Cyber Brokers', 'Harbor Insurance Group']));
    expect(due.filter((row) => row.edition === 'uk').length).toBeGreaterThanOrEqual(2);
    for (const row of due) {
      expect(row.endsIn, row.agency).toBeGreaterThanOrEqual(20);
      expect(row.endsIn, row.agency).toBeLessThanOrEqual(85);
      expect(row.account).toBe('Active Policy');
      // In force policies are open for renewal; a cancelled one is not.
      expect(row.open).toBe(['ACTIVE', 'ISSUED'].includes(row.status));
    }
    expect(due.filter((row) => row.open).length).toBeGreaterThanOrEqual(6);
  });

  it('gives accounts addresses that fit their edition and statuses that follow their quotes', async () => {
    const accounts = await t.db.query<{ edition: string; state: string | null; zip_code: string; country: string; status: string; quotes: number; bound: number }>(
      `SELECT a.edition, d.state, d.zip_code, d.country, p.status,
         (SELECT count(*)::int FROM quotes q WHERE q.account_id = a.id) AS quotes, (SELECT count(*)::int FROM quotes q WHERE q.account_id = a.id AND q.status IN ('BOUND', 'ISSUED')) AS bound
       FROM accounts a JOIN account_details d ON d.account_id = a.id JOIN account_profiles p ON p.account_id = a.id
       WHERE a.account_type = 'CUSTOMER' AND EXISTS (SELECT 1 FROM quotes q WHERE q.account_id = a.id) OR p.status IN ('Inactive', 'Lost')`);
    for (const account of accounts) {
      if (account.edition === 'us') expect(stateOfZip(account.zip_code), account.zip_code).toBe(account.state);
      else expect(UK_POSTCODE_AREAS.has(postcodeArea(account.zip_code)), account.zip_code).toBe(true);
      if (account.quotes > 0 && account.bound > 0) expect(account.status).toBe('Active Policy');
      else if (account.quotes > 0 && account.status !== 'Declined' && account.status !== 'Open') expect(account.status).toBe('Quoted');
    }
    const [answers] = await t.db.query<{ share: number }>(
      `SELECT (count(s.account_id)::float / count(*))::float AS share FROM accounts a LEFT JOIN account_security_answers s ON s.account_id = a.id WHERE a.account_type = 'CUSTOMER'`);
    expect(answers!.share).toBeGreaterThan(0.6);
  });

  it('makes referred quotes and binders subject to conditions set by the underwriter, most of a binder\'s received, none before the quote', async () => {
    const rows = await t.db.query<{ status: string; quotes: number; open: number; received: number; early: number; by_others: number }>(
      `SELECT q.status, count(DISTINCT q.id)::int AS quotes, count(*) FILTER (WHERE s.received_at IS NULL)::int AS open,
         count(*) FILTER (WHERE s.received_at IS NOT NULL)::int AS received, count(*) FILTER (WHERE s.created_at < q.created_at)::int AS early,
         count(*) FILTER (WHERE u.role_id <> 'provider-underwriter')::int AS by_others
       FROM quote_subjectivities s JOIN quotes q ON q.id = s.quote_id JOIN users u ON u.id = s.created_by GROUP BY q.status`,
    );
    const by = Object.fromEntries(rows.map((row) => [row.status, row]));
    expect(by.REFERRED?.quotes).toBeGreaterThan(3);
    expect(by.REFERRED?.received).toBe(0);
    expect(by.BOUND?.received).toBeGreaterThan(by.BOUND?.open ?? 0);
    expect(rows.reduce((sum, row) => sum + row.early + row.by_others, 0)).toBe(0);
  });

  it('sends one Ready quote of the US agency to its policyholder, whose printed link leads to it', async () => {
    const [sent] = await t.db.query<{ status: string; redirect_url: string; flow: string; account_type: string; same_account: boolean; role_id: string }>(
      `SELECT q.status, w.redirect_url, w.flow, a.account_type, u.account_id = q.account_id AS same_account, u.role_id
       FROM workflows w JOIN users u ON u.id = w.user_id JOIN quotes q ON q.policyholder_user_id = u.id JOIN accounts a ON a.id = u.account_id
       WHERE w.id = $1`, [DEMO_SENT_QUOTE.workflowId]);
    expect(sent).toMatchObject({ status: 'READY', flow: 'QUOTE_REVIEW', account_type: 'CUSTOMER', same_account: true, role_id: 'customer-policy-holder' });
    expect(sent!.redirect_url).toMatch(/^\/quote\/[0-9a-f-]{36}\/request-to-bind\/P250$/);
  });

  it('stores premiums the rater gives for each stored request on its account', async () => {
    const raters = shippedRaters();
    // Provider staff reach every client account (the tenant rule only needs the account and its type).
    const [provider] = await t.db.query<{ accountId: string }>(`SELECT id AS "accountId" FROM accounts WHERE account_type = 'COWBELL'`);
    const staff = { accountId: provider!.accountId, accountType: 'COWBELL' } as Caller;
    const sample = await t.db.query<{ account_id: string; edition: 'us' | 'uk'; request_data: QuoteRequestBody; premium: string; total_premium: string; currency: string }>(
      `SELECT account_id, edition, request_data, premium::text AS premium, total_premium::text AS total_premium, currency FROM quotes ORDER BY quote_number`);
    const step = Math.floor(sample.length / 50);
    for (let index = 0; index < sample.length; index += step) {
      const quote = sample[index]!;
      const account = await findQuotableAccount(t.db, staff, quote.account_id);
      expect(account, quote.account_id).not.toBeNull();
      const outcome = rateQuote(ratingInputOf(quote.request_data, account!), raters[quote.edition]);
      expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
      if (!outcome.ok) continue;
      expect(Number(outcome.premium)).toBe(Number(quote.premium));
      expect(Number(outcome.totalPremium)).toBe(Number(quote.total_premium));
      expect(outcome.currency).toBe(quote.currency);
    }
  }, 30_000);

  it('answers the agency dashboard list with its own quotes only', async () => {
    const agent = (await t.tokensFor('agent@agency.example')).accessToken;
    const response = await t.inject({ method: 'GET', url: '/api/quote/v1/search?size=100', headers: { authorization: `Bearer ${agent}`, 'x-timezone': 'UTC' } });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    const [own] = await t.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM quotes q JOIN accounts ag ON ag.id = q.agency_id WHERE ag.name = 'Summit Risk Partners' AND q.status NOT IN ('DRAFT', 'DELETED', 'TEMPORARY')`);
    expect(page.totalElements).toBe(own!.count);
    expect(page.totalElements).toBeGreaterThan(800);
    expect(new Set(page.content.map((quote: { agencyName: string }) => quote.agencyName))).toEqual(new Set(['Summit Risk Partners']));
    expect(page.content[0].currency).toBe('USD');
  }, 30_000);

  it('binds the bound quotes as binders and issues most of them as policies, in every status, with their history', async () => {
    const statuses = await t.db.query<{ status: string; count: number }>('SELECT status, count(*)::int AS count FROM policies GROUP BY status');
    const count = Object.fromEntries(statuses.map((row) => [row.status, row.count]));
    for (const status of ['ACTIVE', 'CANCELLED', 'CANCEL PENDING']) expect(count[status], status).toBeGreaterThan(0);
    const [check] = await t.db.query<{ unbound: number; lateBinders: number; badEvents: number; badQuotes: number; binders: number; noContact: number }>(
      `SELECT (SELECT count(*)::int FROM quotes WHERE status IN ('BOUND', 'ISSUED') AND binder_number IS NULL) AS unbound,
         (SELECT count(*)::int FROM quotes WHERE status = 'BOUND' AND binder_expires_on < $1::date) AS "lateBinders",
         (SELECT count(*)::int FROM policies p WHERE p.status <> (SELECT e.to_status FROM policy_events e WHERE e.policy_id = p.id ORDER BY e.id DESC LIMIT 1)) AS "badEvents",
         (SELECT count(*)::int FROM policies p JOIN quotes q ON q.id = p.quote_id WHERE q.status <> 'ISSUED') AS "badQuotes",
         (SELECT count(*)::int FROM quotes WHERE status = 'BOUND') AS binders,
         (SELECT count(*)::int FROM policies WHERE contact_email = '' OR contact_phone = '') AS "noContact"`,
      [NOW.slice(0, 10)],
    );
    expect(check).toEqual({ unbound: 0, lateBinders: 0, badEvents: 0, badQuotes: 0, binders: expect.any(Number), noContact: 0 });
    expect(check!.binders).toBeGreaterThan(0);
    const agent = (await t.tokensFor('agent@agency.example')).accessToken;
    const response = await t.inject({ method: 'GET', url: '/api/policy/v1/search?size=100', headers: { authorization: `Bearer ${agent}`, 'x-timezone': 'UTC' } });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.totalElements).toBeGreaterThan(20);
    expect(new Set(page.content.map((policy: { agencyName: string }) => policy.agencyName))).toEqual(new Set(['Summit Risk Partners']));
    // The default sort: the policy ending first comes first (spec 002 section 9).
    const ends = page.content.map((policy: { endDate: string }) => policy.endDate);
    expect(ends).toEqual([...ends].sort());
  }, 30_000);

  it('leads the demo surplus notice link to a Ready surplus quote in Louisiana, rated as surplus', async () => {
    const [workflow] = await t.db.query<{ redirect_url: string }>(`SELECT redirect_url FROM workflows WHERE flow = 'SURPLUS_NOTICE'`);
    const quoteId = /^\/quote\/([0-9a-f-]{36})\/attest-surplus-notice$/.exec(workflow!.redirect_url)?.[1];
    expect(quoteId, workflow!.redirect_url).toBeDefined();
    const [quote] = await t.db.query<{ status: string; is_surplus: boolean; risk_state: string; surplus_line_tax: string }>(
      'SELECT status, is_surplus, risk_state, surplus_line_tax::text AS surplus_line_tax FROM quotes WHERE id = $1', [quoteId],
    );
    expect(quote).toMatchObject({ status: 'READY', is_surplus: true, risk_state: 'LA' });
    expect(Number(quote!.surplus_line_tax)).toBeGreaterThan(0);
  });

  it('leads the demo E_PAY link to the policyholder\'s unpaid policy, and pays the book\'s policies in every status', async () => {
    const [workflow] = await t.db.query<{ redirect_url: string }>(`SELECT redirect_url FROM workflows WHERE flow = 'E_PAY'`);
    const policyId = /^\/policy\/([0-9a-f-]{36})\/accountant-payment$/.exec(workflow!.redirect_url)?.[1];
    expect(policyId, workflow!.redirect_url).toBeDefined();
    const [policy] = await t.db.query<{ company: string; status: string; contact_email: string; payments: number; methods: number }>(
      `SELECT a.name AS company, p.status, p.contact_email, (SELECT count(*)::int FROM payment_transactions t WHERE t.policy_id = p.id) AS payments,
         (SELECT count(*)::int FROM payment_methods m WHERE m.account_id = p.account_id) AS methods
       FROM policies p JOIN accounts a ON a.id = p.account_id WHERE p.id = $1`, [policyId],
    );
    expect(policy).toMatchObject({ company: 'Acme Precision Manufacturing', contact_email: 'policyholder@insured.example', payments: 0, methods: 1 });
    expect(['ISSUED', 'ACTIVE']).toContain(policy!.status);
    const statuses = await t.db.query<{ status: string }>('SELECT DISTINCT status FROM payment_transactions ORDER BY status');
    expect(statuses.map((row) => row.status)).toEqual(['Failed', 'In Process', 'Paid']);
    const policyholder = (await t.tokensFor('policyholder@insured.example')).accessToken;
    const record = await t.inject({ method: 'GET', url: `/api/billing/v1/policy/${policyId}/payment`, headers: { authorization: `Bearer ${policyholder}`, 'x-timezone': 'UTC' } });
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json()).toMatchObject({ status: 'Unpaid', savedMethods: [{ label: 'Visa ending 4242' }], financing: { offered: true, financed: false } });
  });

  it('has binders paid, partly paid and unpaid, in both editions', async () => {
    const admin = (await t.tokensFor('admin@provider.example')).accessToken;
    for (const [currency, host] of [['USD', undefined], ['GBP', 'console.example.uk']] as const) {
      const seen = new Set<string>();
      for (const paymentStatus of ['Paid', 'Partially Paid', 'Unpaid']) {
        const response = await t.inject({
          method: 'GET', url: `/api/quote/v1/binders?status=BOUND&size=100&paymentStatus=${encodeURIComponent(paymentStatus)}`,
          headers: { authorization: `Bearer ${admin}`, ...(host ? { host } : {}) },
        });
        expect(response.statusCode, response.body).toBe(200);
        const binders = (response.json().content as { currency: string; paymentStatus: string; amountPaid: string; totalPremium: string }[]).filter((binder) => binder.currency === currency);
        for (const binder of binders) {
          expect(binder.paymentStatus).toBe(paymentStatus);
          if (paymentStatus === 'Paid') expect(binder.amountPaid).toBe(binder.totalPremium);
        }
        if (binders.length > 0) seen.add(paymentStatus);
      }
      expect([...seen].sort(), currency).toEqual(['Paid', 'Partially Paid', 'Unpaid']);
    }
  });

  it("fills each agency's shared inbox with what the desk and policyholders did, in every state, in both editions", async () => {
    const rows = await t.db.query<{ edition: string; agency: string; messages: number; quotes: number; submissions: number; seen: number; starred: number; archived: number; labelled: number; own: number }>(
      `SELECT ag.edition, ag.name AS agency, count(*)::int AS messages, count(m.quote_id)::int AS quotes, count(m.submission_id)::int AS submissions,
         count(*) FILTER (WHERE cardinality(m.seen_by) > 0)::int AS seen, count(*) FILTER (WHERE m.is_starred)::int AS starred,
         count(*) FILTER (WHERE m.is_archived)::int AS archived, count(*) FILTER (WHERE cardinality(m.labels) > 0)::int AS labelled,
         count(*) FILTER (WHERE q.agency_id IS NOT NULL AND q.agency_id <> m.agency_id)::int AS own
       FROM inbox_messages m JOIN accounts ag ON ag.id = m.agency_id LEFT JOIN quotes q ON q.id = m.quote_id
       GROUP BY ag.edition, ag.name ORDER BY ag.edition, ag.name`);
    for (const edition of ['us', 'uk']) {
      const ofEdition = rows.filter((row) => row.edition === edition);
      const sum = (key: keyof (typeof rows)[number]) => ofEdition.reduce((total, row) => total + Number(row[key]), 0);
      expect(sum('messages'), edition).toBeGreaterThan(20);
      for (const key of ['quotes', 'submissions', 'seen', 'starred', 'archived', 'labelled'] as const) expect(sum(key), `${edition} ${key}`).toBeGreaterThan(0);
      expect(sum('messages') - sum('archived'), edition).toBeGreaterThan(0);
    }
    // A message sits in the inbox of the agency whose quote it is about.
    expect(rows.every((row) => row.own === 0)).toBe(true);
    expect(Math.max(...rows.map((row) => row.messages))).toBeLessThanOrEqual(60 + 10);
  });

  it('is the same on every run with the same clock', async () => {
    const first = await digestOf(t);
    const again = await seeded();
    try {
      expect(await digestOf(again)).toBe(first);
    } finally {
      await again.close();
    }
  }, 120_000);
});
