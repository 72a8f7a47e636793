import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { clientOf, p250Request } from './support/quote-fixtures.ts';

/**
 * Every range the P250 editor shows, held by the server just outside its bound (issue 35; spec 002 section 9
 * 'Upload limits and P250 quote defaults', section 5 'Risk modifier and event exclusion'): a value just inside is
 * accepted, one just outside answers 400 naming the field, through the real API in both editions. The dates and
 * the modifier carry the words the editor and the dialog show; the options name the value refused.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Body = ReturnType<typeof p250Request>;

let t: TestApp;
const tokens: Record<string, string> = {};
const UK = 'console.example.uk';
const TODAY = '2026-11-23';

// Spec 002 section 9 from TODAY: the start window 7 days back (2026-11-16) to 75 ahead (2027-02-06); the
// editor's default start 14 days ahead (2026-12-07), its end 6 (2027-06-07) to 18 months (2028-06-07) later.
const WINDOW = 'The effective date must be between 2026-11-16 and 2027-02-06.';
const TERM = 'The end date must be between 2027-06-07 and 2028-06-07.';

interface EditionCase {
  edition: 'us' | 'uk';
  caller: 'agent' | 'broker';
  host?: string;
  agency: string;
  state: string;
  risk: Parameters<typeof clientOf>[3];
  product: string;
  /** The product's lowest and highest limit and retention, the step beyond each, and its waiting periods' ends. */
  limit: { min: number; below: number; max: number; above: number };
  retention: { min: number; below: number; max: number; above: number };
  waiting: { min: number; below: number; max: number; above: number };
}

const EDITIONS: EditionCase[] = [
  {
    // Spec 002 section 9: limit 1M to 5M in steps of 500k; waiting period 6, 8, 12 or 24 hours.
    edition: 'us', caller: 'agent', agency: 'Summit Risk Partners', state: 'NY', product: 'P250',
    risk: { edition: 'us', state: 'NY', zip: '10001', industry: '541512', revenue: 5_000_000 },
    limit: { min: 1_000_000, below: 500_000, max: 5_000_000, above: 5_500_000 },
    retention: { min: 1_000, below: 500, max: 100_000, above: 250_000 },
    waiting: { min: 6, below: 5, max: 24, above: 25 },
  },
  {
    // Prime One's own ladder (the spec gives the US one only).
    edition: 'uk', caller: 'broker', host: UK, agency: 'Thames Cyber Brokers', state: 'ENG', product: 'P_ONE',
    risk: { edition: 'uk', state: null, zip: 'SE1 9GF', industry: '62020', revenue: 3_000_000 },
    limit: { min: 100_000, below: 50_000, max: 2_000_000, above: 2_500_000 },
    retention: { min: 1_000, below: 500, max: 10_000, above: 25_000 },
    waiting: { min: 8, below: 6, max: 24, above: 25 },
  },
];

interface RangeCase {
  field: string;
  bound: string;
  inside: (body: Body, edition: EditionCase) => Body;
  outside: (body: Body, edition: EditionCase) => Body;
  /** The words of the refusal: exactly, or a pattern when they name the value and the offered ones. */
  message: string | RegExp;
}

const withCoverage = (body: Body, id: string, change: Record<string, number>): Body =>
  ({ ...body, coverages: { ...body.coverages, [id]: { ...body.coverages[id], selected: true, ...change } } });

const REQUEST_RANGES: RangeCase[] = [
  { field: 'effectiveDate', bound: '7 days back', inside: (b) => ({ ...b, effectiveDate: '2026-11-16', endDate: '2027-11-16' }), outside: (b) => ({ ...b, effectiveDate: '2026-11-15', endDate: '2027-11-15' }), message: WINDOW },
  { field: 'effectiveDate', bound: '75 days ahead', inside: (b) => ({ ...b, effectiveDate: '2027-02-06', endDate: '2028-02-06' }), outside: (b) => ({ ...b, effectiveDate: '2027-02-07', endDate: '2028-02-07' }), message: WINDOW },
  { field: 'endDate', bound: '6 months', inside: (b) => ({ ...b, endDate: '2027-06-07' }), outside: (b) => ({ ...b, endDate: '2027-06-06' }), message: TERM },
  { field: 'endDate', bound: '18 months', inside: (b) => ({ ...b, endDate: '2028-06-07' }), outside: (b) => ({ ...b, endDate: '2028-06-08' }), message: TERM },
  { field: 'aggLimit', bound: 'lowest limit', inside: (b, e) => ({ ...b, aggLimit: e.limit.min, coverages: {} }), outside: (b, e) => ({ ...b, aggLimit: e.limit.below, coverages: {} }), message: /^Limit [\d,]+ is not offered/ },
  { field: 'aggLimit', bound: 'highest limit', inside: (b, e) => ({ ...b, aggLimit: e.limit.max }), outside: (b, e) => ({ ...b, aggLimit: e.limit.above }), message: /^Limit [\d,]+ is not offered/ },
  { field: 'deductible', bound: 'lowest retention', inside: (b, e) => ({ ...b, deductible: e.retention.min, coverages: {} }), outside: (b, e) => ({ ...b, deductible: e.retention.below, coverages: {} }), message: /^(Retention|Excess) [\d,]+ is not offered/ },
  { field: 'deductible', bound: 'highest retention', inside: (b, e) => ({ ...b, deductible: e.retention.max, coverages: {} }), outside: (b, e) => ({ ...b, deductible: e.retention.above, coverages: {} }), message: /^(Retention|Excess) [\d,]+ is not offered/ },
  { field: 'waitingPeriod', bound: 'shortest waiting period', inside: (b, e) => ({ ...b, waitingPeriod: e.waiting.min, coverages: {} }), outside: (b, e) => ({ ...b, waitingPeriod: e.waiting.below, coverages: {} }), message: /^Waiting period \d+ is not offered/ },
  { field: 'waitingPeriod', bound: 'longest waiting period', inside: (b, e) => ({ ...b, waitingPeriod: e.waiting.max, coverages: {} }), outside: (b, e) => ({ ...b, waitingPeriod: e.waiting.above, coverages: {} }), message: /^Waiting period \d+ is not offered/ },
  // A coverage's own limit: Business Impersonation (8) offers 50,000 to 250,000 in both editions.
  { field: 'coverages.8.limit', bound: 'coverage limit', inside: (b) => withCoverage(b, '8', { limit: 250_000 }), outside: (b) => withCoverage(b, '8', { limit: 500_000 }), message: /^Limit 500,000 is not offered for Business Impersonation/ },
];

// The risk modifier's characteristics, -15% to 15% each in both editions' irpm-bounds tables.
const MODIFIER_RANGES = ['companyStability', 'managementOfContent'].flatMap((field) => [
  { field, bound: 'min', inside: -15, outside: -15.01 },
  { field, bound: 'max', inside: 15, outside: 15.01 },
]);

function call(caller: string, method: InjectOptions['method'], url: string, payload: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const accounts: Record<string, string> = {};
const requestOf = (edition: EditionCase) => p250Request(accounts[edition.edition]!, edition.edition, edition.state, TODAY, edition.product);
const storedQuotes = async (edition: EditionCase) =>
  Number((await t.db.query<{ count: string }>('SELECT count(*) AS count FROM quotes WHERE account_id = $1', [accounts[edition.edition]]))[0]!.count);

function expectRefusal(answer: Awaited<ReturnType<typeof call>>, field: string, message: string | RegExp) {
  expect(answer.statusCode, answer.body).toBe(400);
  const errors = (answer.json() as Json).errors as Json[];
  expect(errors.map((error) => error.field)).toContain(field);
  const text = errors.find((error) => error.field === field)!.message as string;
  if (typeof message === 'string') expect(text).toBe(message);
  else expect(text).toMatch(message);
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  const users = { agent: 'agent@agency.example', broker: 'broker@brokerage.example', underwriter: 'underwriter@provider.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  for (const edition of EDITIONS) accounts[edition.edition] = await clientOf(t, edition.agency, `Range Check ${edition.edition.toUpperCase()} Ltd`, edition.risk);
});

afterAll(async () => {
  await t?.close();
});

describe.each(EDITIONS)('$edition: every editor range refused by the server just outside its bound', (edition) => {
  it.each(REQUEST_RANGES)('$field at its $bound: inside rated, outside refused by rating, Quote Now and Add to List, nothing stored', async (range) => {
    const before = await storedQuotes(edition);
    const inside = await call(edition.caller, 'POST', '/api/rater/v1/calculator', range.inside(requestOf(edition), edition), edition.host);
    expect(inside.statusCode, inside.body).toBe(200);
    for (const path of ['/api/rater/v1/calculator', '/api/quote/v1/create', '/api/quote/v1/cart']) {
      expectRefusal(await call(edition.caller, 'POST', path, range.outside(requestOf(edition), edition), edition.host), range.field, range.message);
    }
    expect(await storedQuotes(edition)).toBe(before);
  });

  it('an underwriter updating the terms is held to the same ranges; the date a quote already has is kept', async () => {
    const created = await call(edition.caller, 'POST', '/api/quote/v1/create', requestOf(edition), edition.host);
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as Json).id as string;
    for (const range of REQUEST_RANGES) {
      expectRefusal(await call('underwriter', 'PUT', `/api/quote/v1/P250/uw/${id}`, range.outside(requestOf(edition), edition), edition.host), range.field, range.message);
      const inside = await call('underwriter', 'PUT', `/api/quote/v1/P250/uw/${id}`, range.inside(requestOf(edition), edition), edition.host);
      expect(inside.statusCode, `${range.field} ${range.bound}: ${inside.body}`).toBe(200);
    }
    // A quote whose start has since left the window keeps it when other terms change.
    await t.db.query(`UPDATE quotes SET effective_date = '2026-11-01', request_data = request_data || '{"effectiveDate":"2026-11-01"}' WHERE id = $1`, [id]);
    const kept = await call('underwriter', 'PUT', `/api/quote/v1/P250/uw/${id}`, { ...requestOf(edition), effectiveDate: '2026-11-01', endDate: '2027-11-01' }, edition.host);
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it.each(MODIFIER_RANGES)('risk modifier $field at its $bound: inside taken, outside refused with the spec’s Invalid', async (range) => {
    const created = await call(edition.caller, 'POST', '/api/quote/v1/create', requestOf(edition), edition.host);
    const id = (created.json() as Json).id as string;
    expectRefusal(await call('underwriter', 'PUT', `/api/rater/v1/irpm/${id}`, { [range.field]: range.outside }, edition.host), range.field, 'Invalid');
    const inside = await call('underwriter', 'PUT', `/api/rater/v1/irpm/${id}`, { [range.field]: range.inside }, edition.host);
    expect(inside.statusCode, inside.body).toBe(200);
    expect((inside.json() as Json).quote.irpm).toMatchObject({ [range.field]: range.inside });
  });
});
