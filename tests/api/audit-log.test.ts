import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Finding 11: the application's own database role could rewrite the audit log and nothing read it. The log
 * is now append-only in the database, and provider staff search it through one operation.
 */
interface Entry { id: number; at: string; actorUserId: string | null; actorEmail: string | null; action: string; target: string | null }
interface Page { content: Entry[]; totalElements: number; page: number; size: number }

/** More refusals than one page of 25 holds, so the search has a second page. */
const DENIALS = 26;
/** Failed sign-ins written: three of a known user, one of an unknown address. */
const FAILURES = 4;
let t: TestApp;
let admin: string;
let agentId: string;
/** The test clock's time when the entries of beforeAll were written; one minute later comes one more. */
let written: Date;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.tokensFor('admin@provider.example')).accessToken;
  // A few known entries: failed sign-ins of one address, an agent refused the audit log (every 403 is audited).
  for (let i = 0; i < 3; i += 1) await t.login('cluster@cluster.example', 'Wrong-Password-1!', {}, '10.31.0.1');
  await t.login('nobody@nowhere.example', 'Wrong-Password-1!', {}, '10.31.0.2');
  const agent = (await t.tokensFor('agent@agency.example')).accessToken;
  for (let i = 0; i < DENIALS; i += 1) expect((await search('', agent)).statusCode).toBe(403);
  [{ id: agentId }] = await t.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'agent@agency.example'`) as [{ id: string }];
  written = t.clock.now();
  t.clock.advance(60_000);
  await t.tokensFor('carrier@carrier.example');
}, 60_000);
afterAll(() => t.close());

const search = (query: string, token = admin) => t.getAs(token, `/api/audit/v1/entries${query}`);
async function page(query: string): Promise<Page> {
  const answer = await search(query);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}
const atPlus = (ms: number) => encodeURIComponent(new Date(written.getTime() + ms).toISOString());

describe('the audit log is append-only in the database', () => {
  test.each([
    ['UPDATE', `UPDATE audit_log SET action = 'nothing.happened'`],
    ['UPDATE of one row', `UPDATE audit_log SET detail = NULL WHERE id = (SELECT min(id) FROM audit_log)`],
    ['DELETE', 'DELETE FROM audit_log'],
    ['DELETE of one row', 'DELETE FROM audit_log WHERE id = (SELECT max(id) FROM audit_log)'],
    ['TRUNCATE', 'TRUNCATE audit_log'],
  ])('%s through the application\'s own connection is refused and changes nothing', async (_, sql) => {
    const snapshot = `SELECT count(*)::int AS n, string_agg(id || ':' || action || ':' || coalesce(detail::text, ''), ',' ORDER BY id) AS rows FROM audit_log`;
    const before = await t.db.query(snapshot);
    await expect(t.db.query(sql)).rejects.toThrow(/audit_log is append-only/);
    expect(await t.db.query(snapshot)).toEqual(before);
  });

  test('adding entries still works', async () => {
    const before = (await page('?action=login.success')).totalElements;
    await t.tokensFor('vendor@vendor.example');
    expect((await page('?action=login.success')).totalElements).toBe(before + 1);
  });
});

describe('searching the audit log (provider staff)', () => {
  test('pages newest first with the total, the actor\'s e-mail and the detail', async () => {
    const first = await page('?size=100');
    expect(first).toMatchObject({ page: 0, size: 100 });
    expect(await page('')).toMatchObject({ page: 0, size: 25 });
    expect(first.totalElements).toBeGreaterThan(DENIALS + 3);
    const times = first.content.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    const failure = first.content.find((entry) => entry.action === 'login.failure' && entry.target === 'cluster@cluster.example');
    expect(failure).toMatchObject({ target: 'cluster@cluster.example', address: '10.31.0.1', detail: { reason: 'credentials' } });
    const success = first.content.find((entry) => entry.action === 'login.success');
    expect(success?.actorEmail).toMatch(/@/);
  });

  test('pages are disjoint and follow one another; a page after the last is empty', async () => {
    const first = await page('?action=access.denied&size=25&page=0');
    expect(first.totalElements).toBeGreaterThanOrEqual(DENIALS);
    expect(first.content).toHaveLength(25);
    const second = await page('?action=access.denied&size=25&page=1');
    expect(second).toMatchObject({ page: 1, size: 25, totalElements: first.totalElements });
    expect(second.content).toHaveLength(first.totalElements - 25);
    const ids = [...first.content, ...second.content].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect((await page('?action=access.denied&size=25&page=2')).content).toEqual([]);
    expect((await page('?action=access.denied&size=50')).content).toHaveLength(first.totalElements);
  });

  test('filters by exact action and by actor', async () => {
    const failures = await page('?action=login.failure');
    expect(failures.totalElements).toBe(FAILURES);
    expect(failures.content.every((entry) => entry.action === 'login.failure')).toBe(true);
    expect((await page('?action=login')).totalElements).toBe(0);

    const byAgent = await page(`?actor=${agentId}&size=100`);
    expect(byAgent.totalElements).toBeGreaterThanOrEqual(DENIALS + 1);
    expect(new Set(byAgent.content.map((entry) => entry.actorEmail))).toEqual(new Set(['agent@agency.example']));
    expect((await page('?actor=00000000-0000-4000-8000-000000000000')).totalElements).toBe(0);
    expect((await page(`?actor=${agentId}&action=access.denied`)).totalElements).toBeGreaterThanOrEqual(DENIALS);
  });

  test('searches action, target and the actor\'s e-mail, case-insensitively, with the user\'s text taken literally', async () => {
    const byTarget = await page(`?search=${encodeURIComponent('CLUSTER@Cluster')}`);
    expect(byTarget.totalElements).toBeGreaterThanOrEqual(3);
    expect(byTarget.content.every((entry) => /cluster@cluster/i.test(`${entry.target} ${entry.actorEmail}`))).toBe(true);
    // The refusals name the operation as their target: only the actor's e-mail matches.
    const byActor = await page(`?search=${encodeURIComponent('agent@AGENCY')}&size=100`);
    expect(byActor.content.filter((entry) => entry.action === 'access.denied')).toHaveLength(DENIALS);
    const byAction = await page('?search=DENIED&size=100');
    expect(byAction.totalElements).toBeGreaterThanOrEqual(DENIALS);
    expect(byAction.content.every((entry) => entry.action === 'access.denied')).toBe(true);
    // % and _ are the user's characters, not SQL wildcards.
    expect((await page(`?search=${encodeURIComponent('cluster%example')}`)).totalElements).toBe(0);
    expect((await page(`?search=${encodeURIComponent('login_failure')}`)).totalElements).toBe(0);
    expect((await page('?search=cluster&action=login.failure')).totalElements).toBe(3);
  });

  test('keeps to the date range: from and to are inclusive instants', async () => {
    const later = await page(`?from=${atPlus(30_000)}`);
    expect(later.content.map((entry) => entry.target)).toContain('carrier@carrier.example');
    expect(later.content.every((entry) => new Date(entry.at).getTime() >= written.getTime() + 30_000)).toBe(true);
    const earlier = await page(`?to=${atPlus(30_000)}&size=100`);
    expect(earlier.content.map((entry) => entry.target)).not.toContain('carrier@carrier.example');
    expect(earlier.totalElements + later.totalElements).toBe((await page('')).totalElements);
    expect((await page(`?to=${atPlus(0)}&action=login.failure`)).totalElements).toBe(FAILURES);
    expect((await page(`?from=${atPlus(1)}&action=login.failure`)).totalElements).toBe(0);
    expect(await page('?from=2001-01-01T00:00:00Z&to=2001-12-31T00:00:00Z')).toMatchObject({ totalElements: 0, content: [] });
  });

  test('sorts by the declared fields, in either direction', async () => {
    const ascending = (await page('?sort=at,asc&size=100')).content;
    const order = ascending.map((entry) => [entry.at, entry.id] as const);
    expect([...order].sort(([a, x], [b, y]) => a.localeCompare(b) || x - y)).toEqual(order);
    expect((await page('?sort=action,asc')).content[0]?.action).toBe('access.denied');
    expect((await page('?sort=action,desc')).content[0]?.action).not.toBe('access.denied');
    const byActor = (await page('?sort=actor,asc&size=100')).content;
    expect(byActor[0]?.actorEmail).toBe('admin@provider.example');
    // Entries without an actor (a sign-in of an unknown address) come last either way.
    expect(byActor.at(-1)).toMatchObject({ actorEmail: null, target: 'nobody@nowhere.example' });
    expect((await page('?sort=actor,desc')).content[0]?.actorEmail).not.toBeNull();
  });

  test('refuses undeclared sorts and values outside the bounds of each parameter', async () => {
    for (const query of [
      '?sort=password_hash,asc', '?sort=target,asc', '?sort=at,sideways', '?size=1000', '?size=26', '?size=0', '?page=-1',
      `?search=${'a'.repeat(201)}`, `?action=${'a'.repeat(101)}`, '?actor=not-a-user', '?from=yesterday', '?to=2026-13-45T00:00:00Z',
    ]) {
      expect((await search(query)).statusCode, query).toBe(400);
    }
  });

  test('reading the audit log is not itself audited', async () => {
    const before = (await page('')).totalElements;
    await page('?search=anything');
    await page('?action=login.failure&page=1');
    expect((await page('')).totalElements).toBe(before);
  });

  test('is for provider staff with audit:read only: 403 for others, 401 anonymous', async () => {
    for (const email of ['agent@agency.example', 'operator@provider.example', 'policyholder@insured.example']) {
      expect((await search('', (await t.tokensFor(email)).accessToken)).statusCode, email).toBe(403);
    }
    expect((await t.inject({ method: 'GET', url: '/api/audit/v1/entries' })).statusCode).toBe(401);
  });
});
