import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Finding 11: the application's own database role could rewrite the audit log and nothing read it. The log
 * is now append-only in the database, and provider staff search it through one operation.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.tokensFor('admin@provider.example')).accessToken;
  // A few known entries: failed sign-ins of one address, and the sign-ins above.
  for (let i = 0; i < 3; i += 1) await t.login('cluster@cluster.example', 'Wrong-Password-1!', {}, '10.31.0.1');
}, 60_000);
afterAll(() => t.close());

const search = (query: string, token = admin) => t.getAs(token, `/api/audit/v1/entries${query}`);

describe('the audit log is append-only in the database', () => {
  test.each([
    ['UPDATE', `UPDATE audit_log SET action = 'nothing.happened'`],
    ['DELETE', 'DELETE FROM audit_log'],
    ['TRUNCATE', 'TRUNCATE audit_log'],
  ])('%s through the application\'s own connection is refused and changes nothing', async (_, sql) => {
    const before = await t.db.query<{ n: number; actions: string }>(`SELECT count(*)::int AS n, string_agg(action, ',' ORDER BY id) AS actions FROM audit_log`);
    await expect(t.db.query(sql)).rejects.toThrow(/append-only/);
    expect(await t.db.query(`SELECT count(*)::int AS n, string_agg(action, ',' ORDER BY id) AS actions FROM audit_log`)).toEqual(before);
  });

  test('adding entries still works', async () => {
    const before = (await search('?action=login.success')).json().totalElements as number;
    await t.tokensFor('vendor@vendor.example');
    expect((await search('?action=login.success')).json().totalElements).toBe(before + 1);
  });
});

describe('searching the audit log (provider staff)', () => {
  test('pages newest first with the total, the actor\'s e-mail and the detail', async () => {
    const first = await search('?size=25');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page).toMatchObject({ page: 0, size: 25 });
    expect(page.totalElements).toBeGreaterThanOrEqual(page.content.length);
    const times = page.content.map((entry: { at: string }) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    const failure = page.content.find((entry: { action: string }) => entry.action === 'login.failure');
    expect(failure).toMatchObject({ target: 'cluster@cluster.example', address: '10.31.0.1', detail: { reason: 'credentials' } });
    const success = page.content.find((entry: { action: string }) => entry.action === 'login.success');
    expect(success.actorEmail).toMatch(/@/);
  });

  test('filters by action, searches text, sorts, and a date range outside the entries finds none', async () => {
    const failures = (await search('?action=login.failure')).json();
    expect(failures.totalElements).toBe(3);
    expect(failures.content.every((entry: { action: string }) => entry.action === 'login.failure')).toBe(true);
    const found = (await search(`?search=${encodeURIComponent('cluster@')}`)).json();
    expect(found.totalElements).toBeGreaterThanOrEqual(3);
    const ascending = (await search('?sort=at,asc&size=25')).json().content.map((entry: { id: number }) => entry.id);
    expect([...ascending].sort((a, b) => a - b)).toEqual(ascending);
    const none = (await search('?from=2001-01-01T00:00:00Z&to=2001-12-31T00:00:00Z')).json();
    expect(none).toMatchObject({ totalElements: 0, content: [] });
    const second = (await search('?action=login.failure&size=25&page=1')).json();
    expect(second.content).toEqual([]);
  });

  test('refuses an undeclared sort field and a page size outside 25, 50, 100', async () => {
    expect((await search('?sort=password_hash,asc')).statusCode).toBe(400);
    expect((await search('?size=1000')).statusCode).toBe(400);
  });

  test('is for provider staff with audit:read only: 403 for others, 401 anonymous', async () => {
    for (const email of ['agent@agency.example', 'operator@provider.example', 'policyholder@insured.example']) {
      expect((await search('', (await t.tokensFor(email)).accessToken)).statusCode, email).toBe(403);
    }
    expect((await t.inject({ method: 'GET', url: '/api/audit/v1/entries' })).statusCode).toBe(401);
  });
});
