import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * API activity (spec 001 section 7): every request made with an API key is recorded (refused ones of a
 * known key too) with its time, key, method, route template, status and duration, never a body, query or
 * secret; the search pages by number or cursor, sorts, searches and filters by key, outcome and window
 * (dateFilter presets, after/before days); the graph buckets the window by hour or day; the totals add up;
 * an organisation sees only its own keys' requests.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const keys: Record<string, Json> = {};
const DAY = 24 * 60 * 60 * 1000;

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.inject({ method, url, headers: { authorization: `Bearer ${tokens[caller]}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

function withKey(apiKey: string, method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.inject({ method, url, headers: { authorization: `ApiKey ${apiKey}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function search(caller: string, query = ''): Promise<{ content: Json[]; totalElements: number; page: number; size: number; searchAfter: string | null }> {
  const response = await call(caller, 'GET', `/api/apiactivity/v1/search?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function get(caller: string, url: string): Promise<Json> {
  const response = await call(caller, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await startTestApp();
  const users = { admin: 'admin@provider.example', agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', policyholder: 'policyholder@insured.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  for (const [name, caller] of [['sync', 'agent'], ['reports', 'agent'], ['theirs', 'otherAgent']] as const) {
    const created = await call(caller, 'POST', '/api/auth/v1/api', { name: `Key ${name}` });
    expect(created.statusCode, created.body).toBe(201);
    keys[name] = created.json();
  }
  // sync: three good reads (one with a query string that must not be kept), a missing claim, a refused
  // write, a body that must not be kept, and a wrong secret; reports: two reads; theirs: one read.
  const { sync, reports, theirs } = keys as Record<string, Json>;
  expect((await withKey(sync!.apiKey, 'GET', '/api/auth/v1/teams/all')).statusCode).toBe(200);
  expect((await withKey(sync!.apiKey, 'GET', '/api/auth/v1/teams/all?search=Confidential-Query')).statusCode).toBe(200);
  expect((await withKey(sync!.apiKey, 'GET', '/api/claims/v1/search')).statusCode).toBe(200);
  expect((await withKey(sync!.apiKey, 'GET', '/api/claims/v1/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  expect((await withKey(sync!.apiKey, 'POST', '/api/auth/v1/teams', { name: 'Confidential-Body' })).statusCode).toBe(403);
  expect((await withKey(`${sync!.keyId}.${'x'.repeat(40)}`, 'GET', '/api/auth/v1/teams/all')).statusCode).toBe(401);
  expect((await withKey(reports!.apiKey, 'GET', '/api/claims/v1/search')).statusCode).toBe(200);
  expect((await withKey(reports!.apiKey, 'GET', '/api/auth/v1/teams/all')).statusCode).toBe(200);
  expect((await withKey(theirs!.apiKey, 'GET', '/api/auth/v1/teams/all')).statusCode).toBe(200);
  // An unknown key names no organisation: nothing to record.
  expect((await withKey(`ck_AAAAAAAAAAAAAAAAAAAA.${'x'.repeat(40)}`, 'GET', '/api/auth/v1/teams/all')).statusCode).toBe(401);
  // Two of the reports key's requests and one of sync's happened days ago (the clock of the test app stands still).
  await t.db.query(`UPDATE api_activity SET at = at - interval '3 days' WHERE api_client_id = $1`, [reports!.keyId]);
  await t.db.query(`UPDATE api_activity SET at = at - interval '40 days' WHERE api_client_id = $1 AND status = 404`, [sync!.keyId]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('what is recorded', () => {
  it('each request of a known key, refused ones too: time, key, method, route template, status and duration; no query, body or secret', async () => {
    const rows = (await search('agent', 'size=100')).content;
    expect(rows).toHaveLength(8);
    const sync = rows.filter((row) => row.apiClientId === keys.sync!.keyId);
    expect(sync.map((row) => `${row.method} ${row.path} ${row.status}`).sort()).toEqual([
      'GET /api/auth/v1/teams/all 200',
      'GET /api/auth/v1/teams/all 200',
      'GET /api/auth/v1/teams/all 401',
      'GET /api/claims/v1/search 200',
      'GET /api/claims/v1/{claimId} 404',
      'POST /api/auth/v1/teams 403',
    ]);
    expect(sync.find((row) => row.status === 404)).toMatchObject({ operationId: 'getClaim', keyName: 'Key sync', accountName: 'Summit Risk Partners' });
    for (const row of rows) expect(row.durationMs).toBeGreaterThanOrEqual(0);
    const stored = JSON.stringify(await t.db.query('SELECT * FROM api_activity'));
    for (const secret of ['Confidential-Query', 'Confidential-Body', keys.sync!.secret, 'xxxxxxxx']) expect(stored).not.toContain(secret);
  });

  it("an organisation sees only its own keys' requests; provider staff every organisation's", async () => {
    expect(new Set((await search('agent', 'size=100')).content.map((row) => row.apiClientId))).toEqual(new Set([keys.sync!.keyId, keys.reports!.keyId]));
    expect((await search('otherAgent', 'size=100')).content.map((row) => row.apiClientId)).toEqual([keys.theirs!.keyId]);
    expect((await search('admin', 'size=100')).totalElements).toBe(9);
    expect((await search('agent', `apiClientId=${keys.theirs!.keyId}`)).totalElements).toBe(0);
    expect((await call('policyholder', 'GET', '/api/apiactivity/v1/search')).statusCode).toBe(403);
    const stats = await get('otherAgent', '/api/apiactivity/v1/agg/stats?dateFilter=LAST_90_DAYS');
    expect(stats.total).toBe(1);
  });
});

describe('the search', () => {
  it('is newest first by default and sorts by the declared fields only', async () => {
    const rows = (await search('agent', 'size=100')).content;
    const times = rows.map((row) => row.at);
    expect(times).toEqual([...times].sort().reverse());
    const byStatus = (await search('agent', 'size=100&sort=status,asc')).content.map((row) => row.status);
    expect(byStatus).toEqual([...byStatus].sort((a, b) => a - b));
    expect(new Set(byStatus).size).toBeGreaterThan(1);
    expect((await call('agent', 'GET', '/api/apiactivity/v1/search?sort=address,asc')).statusCode).toBe(400);
  });

  it('filters by key, outcome and search text', async () => {
    expect((await search('agent', `apiClientId=${keys.reports!.keyId}`)).totalElements).toBe(2);
    expect((await search('agent', 'filter=SUCCESS')).content.every((row) => row.status < 400)).toBe(true);
    expect((await search('agent', 'filter=SUCCESS')).totalElements).toBe(5);
    expect((await search('agent', 'filter=CLIENT_ERROR')).totalElements).toBe(3);
    expect((await search('agent', 'filter=SERVER_ERROR')).totalElements).toBe(0);
    expect((await search('agent', 'search=CLAIMS')).totalElements).toBe(3);
    expect((await search('agent', 'search=key%20reports')).totalElements).toBe(2);
    expect((await search('agent', 'search=post')).content.map((row) => row.path)).toEqual(['/api/auth/v1/teams']);
  });

  it('takes a window: the dateFilter presets and after/before days (UTC, both inclusive)', async () => {
    const now = t.clock.now();
    const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
    expect((await search('agent', 'dateFilter=LAST_24_HOURS')).totalElements).toBe(5);
    expect((await search('agent', 'dateFilter=LAST_7_DAYS')).totalElements).toBe(7);
    expect((await search('agent', 'dateFilter=LAST_90_DAYS')).totalElements).toBe(8);
    expect((await search('agent', `after=${day(-3)}&before=${day(-3)}`)).totalElements).toBe(2);
    expect((await search('agent', `before=${day(-1)}`)).totalElements).toBe(3);
    expect((await search('agent', `after=${day(0)}`)).totalElements).toBe(5);
    expect((await search('agent', `after=${day(-3)}&dateFilter=LAST_24_HOURS`)).totalElements).toBe(5);
    const reversed = await call('agent', 'GET', `/api/apiactivity/v1/search?after=${day(0)}&before=${day(-1)}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('after must not be later than before.');
    expect((await call('agent', 'GET', '/api/apiactivity/v1/search?dateFilter=LAST_YEAR')).statusCode).toBe(400);
    expect((await call('agent', 'GET', '/api/apiactivity/v1/search?after=yesterday')).statusCode).toBe(400);
  });

  it('pages by number (page or pageRequested) and by cursor (searchAfter), the same rows either way', async () => {
    const all = (await search('agent', 'size=100')).content.map((row) => row.id);
    const byNumber = [...(await search('agent', 'size=4&page=0')).content, ...(await search('agent', 'size=4&page=1')).content, ...(await search('agent', 'size=4&page=2')).content];
    expect(byNumber.map((row) => row.id)).toEqual(all);
    expect((await search('agent', 'size=4&pageRequested=1')).content.map((row) => row.id)).toEqual(all.slice(4, 8));

    const byCursor: string[] = [];
    let cursor: string | null = null;
    for (let turn = 0; turn < 5; turn += 1) {
      const page = await search('agent', `size=4${cursor ? `&searchAfter=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.totalElements).toBe(8);
      byCursor.push(...page.content.map((row) => row.id));
      cursor = page.searchAfter;
      if (!cursor) break;
    }
    expect(byCursor).toEqual(all);
    const refused = await call('agent', 'GET', `/api/apiactivity/v1/search?sort=status,asc&searchAfter=${encodeURIComponent('2026-03-02T09:00:00.000Z_5')}`);
    expect(refused.statusCode).toBe(400);
  });
});

describe('the graph and the totals', () => {
  it('buckets the last 24 hours by hour and longer windows by UTC day, every bucket present, the counts adding up', async () => {
    const hourly = await get('agent', '/api/apiactivity/v1/graph?dateFilter=LAST_24_HOURS');
    expect(hourly.interval).toBe('HOUR');
    expect(hourly.buckets.length).toBeGreaterThanOrEqual(24);
    expect(hourly.buckets.length).toBeLessThanOrEqual(25);
    const sum = (buckets: Json[], field: string) => buckets.reduce((total, bucket) => total + bucket[field], 0);
    expect(sum(hourly.buckets, 'total')).toBe(5);
    expect(sum(hourly.buckets, 'success')).toBe(3);
    expect(sum(hourly.buckets, 'clientError')).toBe(2);

    const daily = await get('agent', '/api/apiactivity/v1/graph');
    expect(daily.interval).toBe('DAY');
    expect(daily.buckets).toHaveLength(8);
    expect(sum(daily.buckets, 'total')).toBe(7);
    const starts = daily.buckets.map((bucket: Json) => bucket.start);
    expect(starts.every((start: string) => start.endsWith('T00:00:00.000Z'))).toBe(true);
    expect(daily.buckets.find((bucket: Json) => bucket.total === 2)?.start.slice(0, 10)).toBe(new Date(t.clock.now().getTime() - 3 * DAY).toISOString().slice(0, 10));

    const oneKey = await get('agent', `/api/apiactivity/v1/graph?dateFilter=LAST_90_DAYS&apiClientId=${keys.sync!.keyId}&filter=CLIENT_ERROR`);
    expect(sum(oneKey.buckets, 'total')).toBe(3);
    expect(sum(oneKey.buckets, 'success')).toBe(0);
    const tooLong = await call('agent', 'GET', '/api/apiactivity/v1/graph?after=2024-01-01&before=2026-03-01');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('The graph covers at most 366 days.');
  });

  it('totals the window by outcome, with durations and the busiest keys and routes', async () => {
    const stats = await get('agent', '/api/apiactivity/v1/agg/stats?dateFilter=LAST_90_DAYS');
    expect(stats).toMatchObject({ total: 8, success: 5, clientError: 3, serverError: 0, keysUsed: 2 });
    expect(stats.averageDurationMs).toBeGreaterThanOrEqual(0);
    expect(stats.p95DurationMs).toBeGreaterThanOrEqual(0);
    expect(stats.byKey).toEqual([
      { apiClientId: keys.sync!.keyId, keyName: 'Key sync', total: 6, failed: 3 },
      { apiClientId: keys.reports!.keyId, keyName: 'Key reports', total: 2, failed: 0 },
    ]);
    expect(stats.byPath[0]).toEqual({ method: 'GET', path: '/api/auth/v1/teams/all', total: 4 });
    const week = await get('agent', '/api/apiactivity/v1/agg/stats');
    expect(week.total).toBe(7);
    const none = await get('agent', '/api/apiactivity/v1/agg/stats?filter=SERVER_ERROR');
    expect(none).toMatchObject({ total: 0, averageDurationMs: null, p95DurationMs: null, byKey: [], byPath: [] });
  });
});
