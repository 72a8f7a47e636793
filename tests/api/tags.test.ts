import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Tags (spec 001 sections 2, 3, 8): an organisation's own tags, added, renamed and deleted ('Tag Deleted
 * Successfully!'), applied to the client accounts it manages ('Tag Applied Successfully!'), in both editions;
 * another organisation's tags and accounts answer like missing ones; names unique per organisation; audited.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const UK = 'console.example.uk';
const ids: Record<string, string> = {};

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function tags(caller: string, query = '', host?: string): Promise<{ content: Json[]; totalElements: number }> {
  const response = await call(caller, 'GET', `/api/account/v1/tags?${query}`, undefined, host);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function clientOf(agencyName: string, name: string, edition: 'us' | 'uk' = 'us'): Promise<string> {
  const [agency] = await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [agencyName]);
  const [row] = await t.db.query<{ id: string }>(
    `INSERT INTO accounts (name, account_type, edition, agency_id, created_at) VALUES ($1, 'CUSTOMER', $2, $3, now()) RETURNING id`,
    [name, edition, agency!.id],
  );
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  const users = { admin: 'admin@provider.example', agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example', policyholder: 'policyholder@insured.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  ids.client = await clientOf('Summit Risk Partners', 'Cedar Grove Logistics Inc');
  ids.otherClient = await clientOf('Harbor Insurance Group', 'Bayside Bakery LLC');
  ids.ukClient = await clientOf('Thames Cyber Brokers', 'Thameside Freight Ltd', 'uk');
});

afterAll(async () => {
  await t?.close();
});

describe('the tag setup', () => {
  it('adds, renames and deletes tags, each audited; a name taken in the organisation answers 409', async () => {
    expect((await tags('agent')).totalElements).toBe(0);
    const created = await call('agent', 'POST', '/api/account/v1/tags', { name: '  Renewal Q1 ' });
    expect(created.statusCode, created.body).toBe(201);
    const tag = created.json();
    expect(tag).toMatchObject({ name: 'Renewal Q1', accounts: 0 });
    const taken = await call('agent', 'POST', '/api/account/v1/tags', { name: 'renewal q1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A tag with this name already exists.');
    // Another agency may use the same name: tags are each organisation's own.
    expect((await call('otherAgent', 'POST', '/api/account/v1/tags', { name: 'Renewal Q1' })).statusCode).toBe(201);
    expect((await tags('agent')).content.map((row) => row.name)).toEqual(['Renewal Q1']);

    const renamed = await call('agent', 'PUT', `/api/account/v1/tags/${tag.id}`, { name: 'Renewal January' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Renewal January');
    const deleted = await call('agent', 'DELETE', `/api/account/v1/tags/${tag.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Tag Deleted Successfully!');
    const audit = await t.db.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1 ORDER BY id', [tag.id]);
    expect(audit.map((row) => row.action)).toEqual(['tag.create', 'tag.update', 'tag.delete']);
  });

  it.each([
    ['US', 'agent', undefined],
    ['UK', 'broker', UK],
  ])("%s: a name the tag form refuses answers 400 with the form's messages", async (_, caller, host) => {
    const empty = await call(caller, 'POST', '/api/account/v1/tags', { name: '  ' }, host);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Failed to save tag', errors: [{ field: 'name', message: 'Tag name is required' }] });
    const long = await call(caller, 'POST', '/api/account/v1/tags', { name: 'x'.repeat(51) }, host);
    expect(long.json().errors).toEqual([{ field: 'name', message: 'Tag name can be at most 50 characters', code: 'maxLength' }]);
  });

  it("another organisation's tag answers like a missing one; a policyholder cannot use tags", async () => {
    const foreign = (await tags('otherAgent')).content[0]!;
    for (const [method, body] of [['GET', undefined], ['PUT', { name: 'Taken over' }], ['DELETE', undefined]] as const) {
      const response = await call('agent', method, `/api/account/v1/tags/${foreign.id}`, body);
      expect(response.statusCode, method).toBe(404);
      expect(response.json().message).toBe('Tag not found.');
    }
    expect((await call('policyholder', 'GET', '/api/account/v1/tags')).statusCode).toBe(403);
  });
});

describe('applying tags to an account', () => {
  it("applies the organisation's tags to a client it manages, sorted by name; the tag counts follow", async () => {
    const healthcare = (await call('agent', 'POST', '/api/account/v1/tags', { name: 'Healthcare' })).json();
    const renewal = (await call('agent', 'POST', '/api/account/v1/tags', { name: 'Renewal March' })).json();
    expect((await call('agent', 'GET', `/api/account/v1/tags/account/${ids.client}`)).json()).toEqual({ accountId: ids.client, accountName: 'Cedar Grove Logistics Inc', tagIds: [], tags: [] });

    const applied = await call('agent', 'PUT', `/api/account/v1/tags/account/${ids.client}`, { tagIds: [renewal.id, healthcare.id] });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ message: 'Tag Applied Successfully!', tagIds: [healthcare.id, renewal.id], tags: [{ name: 'Healthcare' }, { name: 'Renewal March' }] });
    expect((await tags('agent', 'sort=accounts,desc')).content.slice(0, 2).map((row) => row.accounts)).toEqual([1, 1]);

    // The account holds exactly what is applied: one left out comes off.
    const narrowed = await call('agent', 'PUT', `/api/account/v1/tags/account/${ids.client}`, { tagIds: [healthcare.id] });
    expect(narrowed.json().tags.map((tag: Json) => tag.name)).toEqual(['Healthcare']);
    const audit = await t.db.query<{ detail: Json }>(`SELECT detail FROM audit_log WHERE action = 'tag.apply' AND target = $1 ORDER BY id`, [ids.client]);
    expect(audit.map((row) => row.detail.to)).toEqual([['Healthcare', 'Renewal March'], ['Healthcare']]);

    // Deleting a tag takes it off the account.
    await call('agent', 'DELETE', `/api/account/v1/tags/${healthcare.id}`);
    expect((await call('agent', 'GET', `/api/account/v1/tags/account/${ids.client}`)).json().tags).toEqual([]);
  });

  it("refuses another organisation's tag, and another agency's client answers like a missing account", async () => {
    const foreignTag = (await tags('otherAgent')).content[0]!;
    const refused = await call('agent', 'PUT', `/api/account/v1/tags/account/${ids.client}`, { tagIds: [foreignTag.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('One of the tags is not a tag of your organisation.');
    const own = (await tags('agent')).content[0]!;
    for (const method of ['GET', 'PUT'] as const) {
      const response = await call('agent', method, `/api/account/v1/tags/account/${ids.otherClient}`, method === 'PUT' ? { tagIds: [own.id] } : undefined);
      expect(response.statusCode, method).toBe(404);
      expect(response.json().message).toBe('Account not found.');
    }
    // The agency's own account is no client of its own.
    const [agency] = await t.db.query<{ id: string }>(`SELECT id FROM accounts WHERE name = 'Summit Risk Partners'`);
    expect((await call('agent', 'GET', `/api/account/v1/tags/account/${agency!.id}`)).statusCode).toBe(404);
  });

  it('works the same in the UK edition for a brokerage', async () => {
    const tag = (await call('broker', 'POST', '/api/account/v1/tags', { name: 'Logistics' }, UK)).json();
    const applied = await call('broker', 'PUT', `/api/account/v1/tags/account/${ids.ukClient}`, { tagIds: [tag.id] }, UK);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().message).toBe('Tag Applied Successfully!');
    expect((await tags('agent')).content.map((row) => row.name)).not.toContain('Logistics');
  });
});
