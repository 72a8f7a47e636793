import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRegistry, rateQuote, raterDefinitionsOf, type DefinitionSourceDocuments, type RatingInput } from '../../engine/index.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.tokensFor('admin@provider.example')).accessToken;
});
afterAll(() => t.close());

const BASE = '/api/definitions/v1';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const get = (url: string) => t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
const publish = (key: string, document: unknown, baseVersion: number, note: string) =>
  t.inject({ method: 'POST', url: `${BASE}/documents/${key}/versions`, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, payload: JSON.stringify({ document, note, baseVersion }) });

/** The browser's view: the bundle loaded into the engine's registry, and the rater gathered from it. */
async function raterFromBundle(edition: 'us' | 'uk') {
  const sources = (await get(`${BASE}/bundle`)).json() as DefinitionSourceDocuments;
  return raterDefinitionsOf(createRegistry(sources), edition);
}

describe('rater definitions through the definitions API', () => {
  test('products, the catalogue, rating tables, presets and sample risks are listed with their kinds', async () => {
    const response = await get(`${BASE}/documents`);
    expect(response.statusCode).toBe(200);
    const kinds = new Map((response.json().content as { key: string; kind: string }[]).map((entry) => [entry.key, entry.kind]));
    expect(kinds.get('product-p250')).toBe('product');
    expect(kinds.get('coverage-catalogue')).toBe('coverage-catalogue');
    expect(kinds.get('rating-us-base-rate-2027')).toBe('rating-table');
    expect(kinds.get('rater-presets-p250')).toBe('rater-presets');
    expect(kinds.get('rater-sample-risks')).toBe('rater-sample-risks');
    expect(kinds.get('overlay:uk:product-p250')).toBe('overlay');
  });

  test('a published rating table version takes effect for quotes effective on its date, without a rebuild', async () => {
    const key = 'rating-us-base-rate-2027';
    const current = (await get(`${BASE}/documents/${key}`)).json() as { version: number; document: Json };
    const before = await raterFromBundle('us');
    const input = { ...(before.sampleRisks.find((risk) => risk.id === 'p250-popular-ny')!.input as unknown as RatingInput), effectiveDate: '2027-02-01' };
    const premiumBefore = rateQuote(input, before);
    expect(premiumBefore).toMatchObject({ ok: true, tableVersions: { 'us-base-rate': 'rating-us-base-rate-2027@1' } });

    // Class C, revenue 1,000,000-5,000,000: raise the band's premium from 1,219 to 1,300.
    const rows = current.document.rows as Json[];
    const row = rows.find((candidate) => candidate.class === 'C' && candidate.revenueFrom === 1000000)!;
    expect(row.premium).toBe(1219);
    row.premium = 1300;
    const response = await publish(key, current.document, current.version, 'Class C 1M-5M base premium 1,300 from 2027');
    expect(response.statusCode, response.body).toBe(201);

    const after = rateQuote(input, await raterFromBundle('us'));
    expect(after.ok && after.trace[0]).toMatchObject({ step: 'Base premium', factor: '1893.60', source: { table: 'rating-us-base-rate-2027@1' } }); // 1,300 + 169.60 (160 x 1.06) x 3.5
    const in2026 = rateQuote({ ...input, effectiveDate: '2026-12-01' }, await raterFromBundle('us'));
    expect(in2026.ok && in2026.trace[0]!.factor).toBe('1710.00');
  });

  test('a rating table that breaks its meta-schema is refused with the JSON pointer of the fault', async () => {
    const key = 'rating-us-limit-factor';
    const current = (await get(`${BASE}/documents/${key}`)).json() as { version: number; document: Json };
    current.document.rows[1].factor = -1;
    const response = await publish(key, current.document, current.version, 'A negative factor');
    expect(response.statusCode).toBe(422);
    expect(response.json().faults).toContainEqual(expect.objectContaining({ key, pointer: '/rows/1/factor', check: 'meta-schema' }));
  });

  test('a table with a gap is refused: the sample risks it rates no longer rate', async () => {
    const key = 'rating-us-region-factor';
    const current = (await get(`${BASE}/documents/${key}`)).json() as { version: number; document: Json };
    current.document.rows = (current.document.rows as Json[]).filter((row) => row.region !== 'NY');
    const response = await publish(key, current.document, current.version, 'New York removed');
    expect(response.statusCode).toBe(422);
    expect(response.json().faults).toContainEqual(expect.objectContaining({ key: 'rater-sample-risks', check: 'sample-risk-refused', message: expect.stringContaining('Prime 250 has no rates for NY') }));
  });
});
