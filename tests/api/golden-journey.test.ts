import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { formatDate, formatMoney, minorToDecimalText } from '../../engine/index.ts';
import { registry } from '../support/registry.ts';
import { EDITION_AGENCIES, EDITION_USERS, editionClient, type EditionAgency } from './support/edition-agencies.ts';
import { p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The golden journey of a policy, from quote to commission (issue 35 'what is quoted is what is printed,
 * billed, paid and seen'), in both editions, as data: quote → refer → risk modifier → release → request to bind
 * → bind → issue → invoice → pay → receipt → commission, each step done by whoever does it in the console
 * (the agency's agent, the provider's underwriter, provider billing). After every step the record's schedule
 * of record adds up to the penny, the record's own figures are the schedule's, and every document the step
 * makes prints the schedule's coverages, fees, taxes and total. Public relations expense is its share of the
 * aggregate ('fixed 50,000 in NY and WA, else 5% of the limit'), never the aggregate.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const TODAY = '2026-11-23';

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function pdfText(response: { rawPayload: Buffer; statusCode: number; body: string }): Promise<string> {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  // One space between cells and lines, so a table row reads as 'Label $1,000,000.00 ...'.
  return (await new PDFParse({ data: new Uint8Array(response.rawPayload) }).getText()).text.replace(/\s+/g, ' ');
}

/** The cases: the edition's agency and what the spec says public relations expense is for its risk. */
const CASES = EDITION_AGENCIES.map((edition) => ({
  ...edition,
  // The US agency's clients are in NY (a fixed 50,000); the UK has no fixed region, so 5% of the aggregate.
  publicRelations: (aggLimit: number) => (edition.edition === 'us' ? 50_000 : aggLimit * 0.05),
  brokerFee: 125.5,
  taxName: edition.edition === 'uk' ? 'Insurance Premium Tax' : undefined,
  holder: edition.edition === 'us'
    ? { customerFirstName: 'Paula', customerLastName: 'Holder', customerEmail: 'holder.us@insured.example', customerPhone: '3035550175' }
    : { customerFirstName: 'Paula', customerLastName: 'Holder', customerEmail: 'holder.uk@insured.example', customerPhone: '02079460321' },
}));
type Case = (typeof CASES)[number];

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(EDITION_USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const minorOf = (amount: string | number) => Math.round(Number(amount) * 100);

/** The schedule's own arithmetic: its lines add up to its total, and its charges are those lines. */
function expectAddsUp(schedule: Json, totalPremium: string): void {
  expect(schedule.premiumMinor + sum(schedule.fees.map((line: Json) => line.amountMinor)) + sum(schedule.taxes.map((line: Json) => line.amountMinor))).toBe(schedule.totalMinor);
  expect(schedule.totalMinor).toBe(minorOf(totalPremium));
  const charges = schedule.charges as Json[];
  expect(charges[0]).toMatchObject({ kind: 'premium', name: 'Premium' });
  expect(charges.at(-1)).toMatchObject({ kind: 'total', amount: totalPremium });
  expect(sum(charges.slice(0, -1).map((charge) => minorOf(charge.amount)))).toBe(minorOf(totalPremium));
}

const money = (value: number | string, edition: EditionAgency['edition']) => formatMoney(Number(value), registry.edition(edition));

/** A document prints every coverage with its limit and every charge with its amount, as the schedule has them. */
function expectPrints(text: string, schedule: Json, edition: EditionAgency['edition'], what: { coverages: boolean }): void {
  const settings = registry.edition(edition);
  if (what.coverages) {
    for (const coverage of schedule.coverages as Json[]) {
      expect(text, coverage.label).toContain(`${coverage.label} ${money(coverage.limit, edition)} ${money(coverage.retention, edition)}`);
      if (coverage.retroActiveDate) expect(text).toContain(formatDate(coverage.retroActiveDate, settings.locale));
    }
  }
  for (const charge of schedule.charges as Json[]) expect(text, charge.name).toContain(`${charge.name} ${money(charge.amount, edition)}`);
}

/** What the journey knows as it goes: the ids it made and the schedule of record so far. */
interface Journey {
  client: string;
  quote: string;
  policy?: string;
  transaction?: string;
  schedule?: Json;
}

interface Step {
  name: string;
  /** Who does it: the edition's agent, the provider's underwriter, provider billing (admin). */
  actor: 'agent' | 'underwriter' | 'admin';
  /** The request the step makes (the quote's creation is the journey's start, not a step). */
  request: (journey: Journey, edition: Case) => { method: InjectOptions['method']; url: string; body?: object };
  /** The quote's status after it, or the policy's once there is one. */
  status?: string;
  /** Whether the step prices the quote again (the schedule changes) or must leave the schedule as it was. */
  rerates?: boolean;
  /** The documents the step makes, each of which prints the schedule. */
  documents?: (journey: Journey) => { name: string; url: string; coverages: boolean }[];
  /** Anything else the step must show, beyond the schedule. */
  check?: (journey: Journey, edition: Case) => Promise<void>;
}

const STEPS: Step[] = [
  {
    name: 'refer', actor: 'agent', status: 'REFERRED',
    request: (j) => ({ method: 'PUT', url: `/api/quote/v1/request-review/${j.quote}`, body: { reason: 'The client asks for a closer look at its controls' } }),
    documents: (j) => [{ name: 'proposal', url: `/api/quote/v1/${j.quote}/proposal`, coverages: true }],
  },
  {
    name: 'risk modifier', actor: 'underwriter', status: 'REFERRED', rerates: true,
    request: (j) => ({ method: 'PUT', url: `/api/rater/v1/irpm/${j.quote}`, body: { companyStability: 10 } }),
  },
  { name: 'release', actor: 'underwriter', status: 'READY', request: (j) => ({ method: 'PUT', url: `/api/quote/v1/P250/release/${j.quote}` }) },
  {
    name: 'request to bind', actor: 'agent', status: 'REQUESTED',
    request: (j, e) => ({ method: 'PUT', url: `/api/quote/v1/${j.quote}/request-to-bind`, body: e.holder }),
    documents: (j) => [{ name: 'proposal', url: `/api/quote/v1/${j.quote}/proposal`, coverages: true }],
    check: async (j, e) => {
      const review = (await call(e.agent, 'GET', `/api/quote/v1/${j.quote}/review`, undefined, e.host)).json() as Json;
      expect(review.coverages).toEqual(j.schedule!.coverages);
      expect(review.schedule.charges).toEqual(j.schedule!.charges);
      const inbox = await call('underwriter', 'GET', `/api/quote/v1/uw-inbox?size=100`, undefined, e.host);
      expect((inbox.json().content as Json[]).map((row) => row.id)).toContain(j.quote);
    },
  },
  {
    name: 'bind', actor: 'underwriter', status: 'BOUND',
    request: (j, e) => ({ method: 'PUT', url: `/api/quote/v1/${j.quote}/bind`, body: e.holder }),
    documents: (j) => [{ name: 'binder', url: `/api/quote/v1/${j.quote}/binder`, coverages: true }],
  },
  {
    name: 'issue', actor: 'underwriter', status: 'ISSUED',
    request: (j) => ({ method: 'POST', url: `/api/policy/v1/generate/${j.quote}` }),
    documents: (j) => [
      { name: 'declarations', url: `/api/policy/v1/${j.policy}/document`, coverages: true },
      { name: 'invoice', url: `/api/billing/v1/invoice/${j.policy}`, coverages: false },
    ],
    check: async (j, e) => {
      // Nothing paid yet: the invoice's balance due is the schedule's total.
      const invoice = await pdfText(await call(e.agent, 'GET', `/api/billing/v1/invoice/${j.policy}`, undefined, e.host));
      expect(invoice).toContain(`Balance Due ${money(j.schedule!.totalMinor / 100, e.edition)}`);
      const payment = (await call(e.agent, 'GET', `/api/billing/v1/policy/${j.policy}/payment`, undefined, e.host)).json() as Json;
      expect(minorOf(payment.amountDue)).toBe(j.schedule!.totalMinor);
    },
  },
  {
    // Billing applies the client's cheque for the invoice's total.
    name: 'pay', actor: 'admin', status: 'ISSUED',
    request: (j) => ({
      method: 'POST', url: '/api/billing/v1/external/applyPayment',
      body: { policyId: j.policy, amountPaid: j.schedule!.totalMinor / 100, paymentMethod: 'Check', paymentDate: TODAY, transactionId: null, paymentDesc: 'Cheque 1042' },
    }),
    documents: (j) => [{ name: 'receipt', url: `/api/billing/v1/transactions/${j.transaction}/receipt`, coverages: false }],
    check: async (j, e) => {
      const payment = (await call(e.agent, 'GET', `/api/billing/v1/policy/${j.policy}/payment`, undefined, e.host)).json() as Json;
      expect(payment).toMatchObject({ status: 'Paid', amountPaid: minorToDecimalText(j.schedule!.totalMinor) });
      expect(minorOf(payment.amountDue)).toBe(0);
      const receipt = await pdfText(await call(e.agent, 'GET', `/api/billing/v1/transactions/${j.transaction}/receipt`, undefined, e.host));
      expect(receipt).toContain(`Amount ${money(j.schedule!.totalMinor / 100, e.edition)}`);
      expect(receipt).toContain(`Balance Due ${money(0, e.edition)}`);
    },
  },
  {
    // The agency's commission: the statement's line earns the rate on the schedule's premium (not its fees or taxes).
    name: 'commission', actor: 'agent', status: 'ISSUED',
    request: () => ({ method: 'GET', url: '/api/commissions/v1/statements?size=100' }),
    check: async (j, e) => {
      const lines = (await call(e.agent, 'GET', '/api/commissions/v1/statements?size=100', undefined, e.host)).json().content as Json[];
      const line = lines.find((row) => row.policyId === j.policy)!;
      expect(line, 'a statement line for the policy').toBeDefined();
      expect(minorOf(line.commissionablePremium)).toBe(j.schedule!.premiumMinor);
      expect(minorOf(line.totalPremium)).toBe(j.schedule!.totalMinor);
      expect(minorOf(line.commissionsAmount)).toBe(Math.round((j.schedule!.premiumMinor * Number(line.commissionRate)) / 100));
      const [year, month] = TODAY.split('-');
      const statement = await pdfText(await call(e.agent, 'GET', `/api/docs/v1/commissions/download?year=${year}&month=${Number(month)}&kind=commissionStatement`, undefined, e.host));
      const policy = (await call(e.agent, 'GET', `/api/policy/v1/${j.policy}`, undefined, e.host)).json() as Json;
      expect(statement).toContain(policy.policyNumber);
      expect(statement).toContain(money(line.commissionsAmount, e.edition));
    },
  },
];

describe.each(CASES)('the golden journey, $edition', (edition) => {
  const journey = {} as Journey;

  it('quote: rated to a schedule with public relations at its share and the broker fee a line of its own, and it adds up', async () => {
    journey.client = await editionClient(t, edition, `Golden Clinics ${edition.edition.toUpperCase()}`);
    // The agent checked the account's details with the client: a request to bind needs it.
    expect((await call(edition.agent, 'PUT', `/api/account/v1/account/${journey.client}/verify`, undefined, edition.host)).statusCode).toBe(200);
    const created = await call(edition.agent, 'POST', '/api/quote/v1/create', p250Request(journey.client, edition.edition, edition.state ?? 'ENG', TODAY, edition.product), edition.host);
    expect(created.statusCode, created.body).toBe(201);
    journey.quote = (created.json() as Json).id;
    const fee = await call(edition.agent, 'PUT', `/api/quote/v1/broker-fees/${journey.quote}`, { brokerFee: edition.brokerFee, additionalBrokerFee: 0 }, edition.host);
    expect(fee.statusCode, fee.body).toBe(200);

    const quote = (await call(edition.agent, 'GET', `/api/quote/v1/${journey.quote}`, undefined, edition.host)).json() as Json;
    expect(quote.status).toBe('READY');
    journey.schedule = quote.schedule;
    expectAddsUp(quote.schedule, quote.totalPremium);
    expect(quote.schedule.currency).toBe(quote.currency);
    const publicRelations = quote.schedule.coverages.find((coverage: Json) => coverage.key === 'PUBLIC_RELATIONS');
    expect(publicRelations).toMatchObject({ label: 'Public Relations Expense', limit: edition.publicRelations(Number(quote.aggLimit)) });
    expect(quote.schedule.fees).toContainEqual({ name: 'Broker Fee', amountMinor: 12550 });
    expect(quote.schedule.taxes.map((line: Json) => line.name)).toEqual(edition.taxName ? [edition.taxName] : []);
  });

  it.each(STEPS)('$name ($actor)', async (step) => {
    const { method, url, body } = step.request(journey, edition);
    const actor = step.actor === 'agent' ? edition.agent : step.actor;
    const answer = await call(actor, method, url, body, edition.host);
    expect(answer.statusCode, answer.body).toBe(200);
    if (step.name === 'issue') journey.policy = (answer.json() as Json).policy.id;
    if (step.name === 'pay') journey.transaction = (answer.json() as Json).transaction.id;

    // The record as its next reader opens it: the quote until there is a policy, then the policy.
    const record = (await call(edition.agent, 'GET', journey.policy ? `/api/policy/v1/${journey.policy}` : `/api/quote/v1/${journey.quote}`, undefined, edition.host)).json() as Json;
    if (step.status) expect(record.status).toBe(step.status);
    expectAddsUp(record.schedule, record.totalPremium);
    expect(minorOf(record.premium)).toBe(record.schedule.premiumMinor);
    if (step.rerates) {
      // Priced again: a 10% risk modifier moves the premium, and the fee stays a line of its own.
      expect(record.schedule.premiumMinor).not.toBe(journey.schedule!.premiumMinor);
      expect(record.schedule.fees).toContainEqual({ name: 'Broker Fee', amountMinor: 12550 });
      journey.schedule = record.schedule;
    } else {
      expect(record.schedule).toEqual(journey.schedule);
    }
    for (const document of step.documents?.(journey) ?? []) {
      const text = await pdfText(await call(edition.agent, 'GET', document.url, undefined, edition.host));
      expectPrints(text, journey.schedule!, edition.edition, document);
    }
    await step.check?.(journey, edition);
  });
});
