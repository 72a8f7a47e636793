import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Teams (spec 001 section 7): the list pages, sorts and searches on the server within the tenant rule (an
 * organisation's own teams; provider staff every organisation's), a team of another organisation answers
 * like a missing one, writes are checked by definitions/forms/team.json in both editions, names are unique
 * within an organisation, the default team stays, and every change is audited.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const UK_HOST = 'console.example.uk';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function list(caller: string, query = ''): Promise<{ content: Json[]; totalElements: number; page: number; size: number }> {
  const response = await call(caller, 'GET', `/api/auth/v1/teams/all?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await startTestApp();
  const users = { admin: 'admin@provider.example', agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example', policyholder: 'policyholder@insured.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
});

afterAll(async () => {
  await t?.close();
});

describe('the teams list', () => {
  it("an agency sees its own organisation's teams, sorted by name by default; provider staff see every organisation's", async () => {
    const own = await list('agent');
    expect(own.content.map((team) => team.name)).toEqual(['Default Team', 'East Coast', 'West Coast']);
    expect(new Set(own.content.map((team) => team.accountName))).toEqual(new Set(['Summit Risk Partners']));
    expect(own.content.find((team) => team.name === 'Default Team')).toMatchObject({ isDefault: true });
    const all = await list('admin', 'size=100');
    expect(all.totalElements).toBeGreaterThan(own.totalElements);
    expect(new Set(all.content.map((team) => team.accountName))).toContain('Harbor Insurance Group');
  });

  it.each([
    ['name,desc', (rows: Json[]) => rows.map((row) => row.name.toLowerCase()), 'desc'],
    ['name,asc', (rows: Json[]) => rows.map((row) => row.name.toLowerCase()), 'asc'],
    ['members,desc', (rows: Json[]) => rows.map((row) => row.members), 'desc'],
    ['accountName,asc', (rows: Json[]) => rows.map((row) => row.accountName.toLowerCase()), 'asc'],
  ] as const)('sorts by %s on the server', async (sort, values, direction) => {
    const rows = (await list('admin', `size=100&sort=${sort}`)).content;
    const got = values(rows);
    const sorted = [...got].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(got).toEqual(direction === 'asc' ? sorted : sorted.reverse());
    expect(new Set(got).size, 'the sort is tested over distinct values').toBeGreaterThan(1);
  });

  it('pages, searches (team or organisation name) and refuses a sort it does not declare', async () => {
    const first = await list('admin', 'size=2&page=0');
    const second = await list('admin', 'size=2&page=1');
    expect(first.content).toHaveLength(2);
    expect(first.content.map((team) => team.id)).not.toEqual(second.content.map((team) => team.id));
    expect((await list('admin', 'search=COAST')).content.map((team) => team.name).sort()).toEqual(['East Coast', 'West Coast']);
    expect((await list('admin', 'search=harbor')).content.every((team) => team.accountName === 'Harbor Insurance Group')).toBe(true);
    expect((await list('admin', 'search=%25')).totalElements).toBe(0);
    expect((await call('admin', 'GET', '/api/auth/v1/teams/all?sort=isDefault,asc')).statusCode).toBe(400);
  });
});

describe('writes', () => {
  it('creates, renames and deletes a team, each audited; a taken name is refused with 409', async () => {
    const created = await call('agent', 'POST', '/api/auth/v1/teams', { name: '  Gulf States  ' });
    expect(created.statusCode, created.body).toBe(201);
    const team = created.json();
    expect(team).toMatchObject({ name: 'Gulf States', isDefault: false, members: 0, accountName: 'Summit Risk Partners' });
    expect((await call('agent', 'GET', `/api/auth/v1/teams/${team.id}`)).json()).toMatchObject({ name: 'Gulf States' });

    const taken = await call('agent', 'POST', '/api/auth/v1/teams', { name: 'west coast' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A team with this name already exists.');
    // Another organisation may use the same name.
    expect((await call('otherAgent', 'POST', '/api/auth/v1/teams', { name: 'Gulf States' })).statusCode).toBe(201);

    const renamed = await call('agent', 'PUT', `/api/auth/v1/teams/${team.id}`, { name: 'Gulf Coast' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Gulf Coast');
    expect((await call('agent', 'PUT', `/api/auth/v1/teams/${team.id}`, { name: 'East Coast' })).statusCode).toBe(409);

    const deleted = await call('agent', 'DELETE', `/api/auth/v1/teams/${team.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('agent', 'GET', `/api/auth/v1/teams/${team.id}`)).statusCode).toBe(404);

    const actions = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 ORDER BY id`, [team.id]);
    expect(actions.map((row) => row.action)).toEqual(['team.create', 'team.update', 'team.delete']);
  });

  it("the default team cannot be deleted", async () => {
    const defaultTeam = (await list('agent')).content.find((team) => team.isDefault)!;
    const refused = await call('agent', 'DELETE', `/api/auth/v1/teams/${defaultTeam.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The default team cannot be deleted.');
  });

  it.each([
    ['US', undefined],
    ['UK', UK_HOST],
  ])("a body the team form refuses answers 400 with the form's messages (%s)", async (_, host) => {
    const caller = host ? 'broker' : 'agent';
    const empty = await call(caller, 'POST', '/api/auth/v1/teams', { name: '   ' }, host);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Failed to save team', errors: [{ field: 'name', message: 'Team name is required', code: 'required' }] });
    const long = await call(caller, 'POST', '/api/auth/v1/teams', { name: 'x'.repeat(101) }, host);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([{ field: 'name', message: 'Team name can be at most 100 characters', code: 'maxLength' }]);
  });

  it("a team of another organisation answers like a missing one, for reads and writes", async () => {
    const foreign = (await list('otherAgent')).content.find((team) => !team.isDefault) ?? (await list('otherAgent')).content[0]!;
    for (const id of [foreign.id, MISSING_ID]) {
      for (const [method, body] of [['GET', undefined], ['PUT', { name: 'Taken over' }], ['DELETE', undefined]] as const) {
        const response = await call('agent', method, `/api/auth/v1/teams/${id}`, body);
        expect(response.statusCode, `${method} ${id === MISSING_ID ? 'missing' : 'foreign'}`).toBe(404);
        expect(response.json().message).toBe('Team not found.');
      }
    }
    expect((await list('otherAgent')).content.map((team) => team.name)).not.toContain('Taken over');
  });

  it('a policyholder may read their teams but not change them', async () => {
    expect((await list('policyholder')).content.map((team) => team.name)).toEqual(['Default Team']);
    expect((await call('policyholder', 'POST', '/api/auth/v1/teams', { name: 'Finance' })).statusCode).toBe(403);
  });
});
