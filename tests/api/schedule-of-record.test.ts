import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { formatDate, formatMoney } from '../../engine/index.ts';
import { registry } from '../support/registry.ts';
import { EDITION_AGENCIES, EDITION_USERS, editionClient, type EditionAgency } from './support/edition-agencies.ts';
import { p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The schedule of record from quote to invoice (issue: 'what is quoted is what is printed, billed, paid and
 * seen'), in both editions: a quote with a broker fee is rated, bound and issued, and at every step the money
 * adds up to the penny and every document's extracted text carries the schedule's coverages, fees, taxes and
 * total. Public relations expense is its share of the aggregate (spec 002 section 9: 'fixed 50,000 in NY and
 * WA, else 5% of the limit'), never the aggregate.
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

/** The cases: the edition's agency and what spec 002 says public relations expense is for its risk. */
const CASES = EDITION_AGENCIES.map((edition) => ({
  ...edition,
  // The US agency's clients are in NY (a fixed 50,000); the UK has no fixed region, so 5% of the aggregate.
  publicRelations: (aggLimit: number) => (edition.edition === 'us' ? 50_000 : aggLimit * 0.05),
  brokerFee: 125.5,
  taxName: edition.edition === 'uk' ? 'Insurance Premium Tax' : undefined,
}));

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(EDITION_USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const minorOf = (amount: string) => Math.round(Number(amount) * 100);

/** The schedule's own arithmetic: its lines add up to its total, and its charges are those lines. */
function expectAddsUp(schedule: Json, totalPremium: string): void {
  expect(schedule.premiumMinor + sum(schedule.fees.map((line: Json) => line.amountMinor)) + sum(schedule.taxes.map((line: Json) => line.amountMinor))).toBe(schedule.totalMinor);
  expect(schedule.totalMinor).toBe(minorOf(totalPremium));
  const charges = schedule.charges as Json[];
  expect(charges[0]).toMatchObject({ kind: 'premium', name: 'Premium' });
  expect(charges.at(-1)).toMatchObject({ kind: 'total', amount: totalPremium });
  expect(sum(charges.slice(0, -1).map((charge) => minorOf(charge.amount)))).toBe(minorOf(totalPremium));
}

/** A document prints every coverage with its limit and every charge with its amount, as the schedule has them. */
function expectPrints(text: string, schedule: Json, edition: EditionAgency['edition']): void {
  const settings = registry.edition(edition);
  for (const coverage of schedule.coverages as Json[]) {
    expect(text, coverage.label).toContain(`${coverage.label} ${formatMoney(coverage.limit, settings)} ${formatMoney(coverage.retention, settings)}`);
    if (coverage.retroActiveDate) expect(text).toContain(formatDate(coverage.retroActiveDate, settings.locale));
  }
  for (const charge of schedule.charges as Json[]) expect(text, charge.name).toContain(`${charge.name} ${formatMoney(Number(charge.amount), settings)}`);
}

describe.each(CASES)('the schedule of record, $edition', (edition) => {
  const ids: Record<string, string> = {};
  let schedule: Json;

  it('a quote is rated to a schedule: public relations at its share, the broker fee a line of its own, and it adds up', async () => {
    ids.client = await editionClient(t, edition, `Schedule Clinics ${edition.edition.toUpperCase()}`);
    const request = p250Request(ids.client, edition.edition, edition.state ?? 'ENG', TODAY, edition.product);
    const created = await call(edition.agent, 'POST', '/api/quote/v1/create', request, edition.host);
    expect(created.statusCode, created.body).toBe(201);
    ids.quote = (created.json() as Json).id;
    const fee = await call(edition.agent, 'PUT', `/api/quote/v1/broker-fees/${ids.quote}`, { brokerFee: edition.brokerFee, additionalBrokerFee: 0 }, edition.host);
    expect(fee.statusCode, fee.body).toBe(200);

    const quote = (await call(edition.agent, 'GET', `/api/quote/v1/${ids.quote}`, undefined, edition.host)).json() as Json;
    schedule = quote.schedule;
    expectAddsUp(schedule, quote.totalPremium);
    expect(schedule.currency).toBe(quote.currency);
    const publicRelations = schedule.coverages.find((coverage: Json) => coverage.key === 'PUBLIC_RELATIONS');
    expect(publicRelations).toMatchObject({ label: 'Public Relations Expense', limit: edition.publicRelations(Number(quote.aggLimit)) });
    expect(schedule.fees).toContainEqual({ name: 'Broker Fee', amountMinor: 12550 });
    expect(schedule.taxes.map((line: Json) => line.name)).toEqual(edition.taxName ? [edition.taxName] : []);
  });

  it('the review page and the proposal print that schedule', async () => {
    const review = (await call(edition.agent, 'GET', `/api/quote/v1/${ids.quote}/review`, undefined, edition.host)).json() as Json;
    expect(review.coverages).toEqual(schedule.coverages);
    expect(review.schedule.charges).toEqual(schedule.charges);
    expectPrints(await pdfText(await call(edition.agent, 'GET', `/api/quote/v1/${ids.quote}/proposal`, undefined, edition.host)), schedule, edition.edition);
  });

  it('the binder prints the bound quote\'s schedule', async () => {
    await t.db.query(`UPDATE quotes SET status = 'READY' WHERE id = $1`, [ids.quote]);
    const contact = { customerFirstName: 'Paula', customerLastName: 'Holder', customerEmail: `holder.${edition.edition}@insured.example`, customerPhone: edition.edition === 'us' ? '3035550175' : '02079460321' };
    const bound = await call(edition.agent, 'PUT', `/api/quote/v1/${ids.quote}/bind`, contact, edition.host);
    expect(bound.statusCode, bound.body).toBe(200);
    expect((bound.json() as Json).quote.schedule).toEqual(schedule);
    expectPrints(await pdfText(await call(edition.agent, 'GET', `/api/quote/v1/${ids.quote}/binder`, undefined, edition.host)), schedule, edition.edition);
  });

  it('the issued policy carries the same schedule, and its declarations and invoice print it', async () => {
    const issued = await call(edition.agent, 'POST', `/api/policy/v1/generate/${ids.quote}`, undefined, edition.host);
    expect(issued.statusCode, issued.body).toBe(200);
    const policy = (issued.json() as Json).policy as Json;
    expect(policy.schedule).toEqual(schedule);
    expectAddsUp(policy.schedule, policy.totalPremium);
    expectPrints(await pdfText(await call(edition.agent, 'GET', `/api/policy/v1/${policy.id}/document`, undefined, edition.host)), schedule, edition.edition);
    const invoice = await pdfText(await call(edition.agent, 'GET', `/api/billing/v1/invoice/${policy.id}`, undefined, edition.host));
    for (const charge of schedule.charges as Json[]) expect(invoice, charge.name).toContain(`${charge.name} ${formatMoney(Number(charge.amount), registry.edition(edition.edition))}`);
    // Nothing paid yet: the balance due is the schedule's total.
    expect(invoice).toContain(`Balance Due ${formatMoney(schedule.totalMinor / 100, registry.edition(edition.edition))}`);
  });
});
