import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * API keys (spec 001 sections 3, 7 and 8): a key is made with a name, its secret answered once and stored
 * only as a hash; `Authorization: ApiKey <keyId>.<secret>` then acts as the key's organisation within the
 * keys' bounded permissions and its maker's role; a regenerated key's old secret and a deleted key are
 * refused at once; names are checked by definitions/forms/api-key.json in both editions; the tenant rule
 * holds and every change is audited without a secret.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const UK_HOST = 'console.example.uk';
const MISSING_KEY = 'ck_AAAAAAAAAAAAAAAAAAAA';

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A request made with an API key instead of a session. */
function withKey(apiKey: string, method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.inject({ method, url, headers: { authorization: `ApiKey ${apiKey}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function create(caller: string, body: Json = { name: 'Integration' }, host?: string): Promise<Json> {
  const response = await call(caller, 'POST', '/api/auth/v1/api', body, host);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function list(caller: string, query = ''): Promise<{ content: Json[]; totalElements: number }> {
  const response = await call(caller, 'GET', `/api/auth/v1/api?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await startTestApp();
  const users = {
    admin: 'admin@provider.example', agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example',
    broker: 'broker@brokerage.example', policyholder: 'policyholder@insured.example',
  };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
});

afterAll(async () => {
  await t?.close();
});

describe('making a key', () => {
  it('answers the key with its secret once; the list and the key never show it again', async () => {
    const created = await create('agent', { name: '  Agency management system  ', description: 'Nightly sync' });
    expect(created).toMatchObject({ name: 'Agency management system', description: 'Nightly sync', accountName: 'Summit Risk Partners', createdBy: 'agent@agency.example', lastUsedAt: null });
    expect(created.keyId).toMatch(/^ck_[A-Za-z0-9]{20}$/);
    expect(created.secret).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(created.apiKey).toBe(`${created.keyId}.${created.secret}`);
    const listed = (await list('agent')).content.find((key) => key.keyId === created.keyId)!;
    expect(listed).toMatchObject({ name: 'Agency management system' });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const read = await call('agent', 'GET', `/api/auth/v1/api/${created.keyId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).not.toHaveProperty('secret');
    expect(read.body).not.toContain(created.secret);
  });

  it('stores the secret only as a hash: nothing in the table holds it in clear', async () => {
    const created = await create('agent', { name: 'Hashed' });
    const [row] = await t.db.query<Json>('SELECT * FROM api_keys WHERE key_id = $1', [created.keyId]);
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(created.secret);
    expect(row!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['US', 'agent', undefined],
    ['UK', 'broker', UK_HOST],
  ])('a name the form refuses answers 400 with its messages (%s)', async (_, caller, host) => {
    const empty = await call(caller, 'POST', '/api/auth/v1/api', { name: ' ' }, host);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Failed to save API key', errors: [{ field: 'name', message: 'Key name is required', code: 'required' }] });
    const long = await call(caller, 'POST', '/api/auth/v1/api', { name: 'x'.repeat(101), description: 'y'.repeat(501) }, host);
    expect(long.json().errors).toEqual([
      { field: 'name', message: 'Key name can be at most 100 characters', code: 'maxLength' },
      { field: 'description', message: 'Description can be at most 500 characters', code: 'maxLength' },
    ]);
  });
});

describe('using a key', () => {
  it("authenticates as the key's organisation: the agency's claims and teams, nothing of another organisation", async () => {
    const created = await create('agent', { name: 'Reader' });
    const teams = await withKey(created.apiKey, 'GET', '/api/auth/v1/teams/all');
    expect(teams.statusCode, teams.body).toBe(200);
    expect(new Set(teams.json().content.map((team: Json) => team.accountName))).toEqual(new Set(['Summit Risk Partners']));
    const claims = await withKey(created.apiKey, 'GET', '/api/claims/v1/search');
    expect(claims.statusCode, claims.body).toBe(200);
    // The same answer the agency's own session gets.
    expect(claims.json().totalElements).toBe((await call('agent', 'GET', '/api/claims/v1/search')).json().totalElements);
    const read = await call('agent', 'GET', `/api/auth/v1/api/${created.keyId}`);
    expect(read.json().lastUsedAt).not.toBeNull();
  });

  it("is bounded: no key administration, no user's own operations, nothing outside the keys' permissions", async () => {
    const created = await create('agent', { name: 'Bounded' });
    const mint = await withKey(created.apiKey, 'POST', '/api/auth/v1/api', { name: 'Minted by a key' });
    expect(mint.statusCode).toBe(403);
    expect((await withKey(created.apiKey, 'GET', '/api/auth/v1/api')).statusCode).toBe(403);
    expect((await withKey(created.apiKey, 'GET', '/api/webhook/v1')).statusCode).toBe(403);
    expect((await withKey(created.apiKey, 'POST', '/api/auth/v1/teams', { name: 'By a key' })).statusCode).toBe(403);
    const [denied] = await t.db.query<{ detail: Json }>(`SELECT detail FROM audit_log WHERE action = 'access.denied' AND detail->>'apiKey' = $1 ORDER BY id LIMIT 1`, [created.keyId]);
    expect(denied?.detail).toMatchObject({ apiKey: created.keyId, reason: 'permission' });
  });

  it('an operation open to every session (no permission) is refused to a key', async () => {
    const created = await create('agent', { name: 'Personal' });
    const { OPERATIONS } = await import('../../api/operations.ts');
    const personal = Object.values(OPERATIONS).find((operation) => !operation.public && operation.permission === null && operation.method === 'GET' && !operation.path.includes('{'));
    expect(personal, 'the contract has an operation any session may call').toBeDefined();
    const refused = await withKey(created.apiKey, 'GET', personal!.path);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('An API key cannot be used for this operation.');
  });

  it('a wrong secret, a malformed key or an unknown key is refused with 401', async () => {
    const created = await create('agent', { name: 'Guarded' });
    for (const wrong of [`${created.keyId}.${'a'.repeat(40)}`, `${created.keyId}.short`, 'garbage', '', `${MISSING_KEY}.${'a'.repeat(40)}`]) {
      const refused = await withKey(wrong, 'GET', '/api/auth/v1/teams/all');
      expect(refused.statusCode, wrong).toBe(401);
      expect(refused.json().message).toBe('The API key is not valid.');
    }
  });

  it("regenerating answers a new secret once; the old secret is refused at once and the new one works", async () => {
    const created = await create('agent', { name: 'Rotated' });
    expect((await withKey(created.apiKey, 'GET', '/api/auth/v1/teams/all')).statusCode).toBe(200);
    const regenerated = await call('agent', 'PUT', `/api/auth/v1/api/regenerate/${created.keyId}`);
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const fresh = regenerated.json();
    expect(fresh.keyId).toBe(created.keyId);
    expect(fresh.secret).not.toBe(created.secret);
    expect(fresh.regeneratedAt).not.toBeNull();
    expect((await withKey(created.apiKey, 'GET', '/api/auth/v1/teams/all')).statusCode).toBe(401);
    expect((await withKey(fresh.apiKey, 'GET', '/api/auth/v1/teams/all')).statusCode).toBe(200);
    const [row] = await t.db.query<Json>('SELECT * FROM api_keys WHERE key_id = $1', [created.keyId]);
    expect(JSON.stringify(row)).not.toContain(fresh.secret);
  });

  it("a deleted key is refused at once; 'Successfully removed the API Key'", async () => {
    const created = await create('agent', { name: 'Doomed' });
    expect((await withKey(created.apiKey, 'GET', '/api/auth/v1/teams/all')).statusCode).toBe(200);
    const deleted = await call('agent', 'DELETE', `/api/auth/v1/api/${created.keyId}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Successfully removed the API Key');
    expect((await withKey(created.apiKey, 'GET', '/api/auth/v1/teams/all')).statusCode).toBe(401);
    expect((await call('agent', 'GET', `/api/auth/v1/api/${created.keyId}`)).statusCode).toBe(404);
  });

  it("stops working when its maker can no longer sign in", async () => {
    const makerId = await t.createUser({ email: 'maker@agency.example', accountOf: 'agent@agency.example' });
    tokens.maker = (await t.tokensFor('maker@agency.example')).accessToken;
    const created = await create('maker', { name: 'Personal to the maker' });
    expect((await withKey(created.apiKey, 'GET', '/api/auth/v1/teams/all')).statusCode).toBe(200);
    await t.db.query(`UPDATE users SET status = 'DISABLED' WHERE id = $1`, [makerId]);
    const refused = await withKey(created.apiKey, 'GET', '/api/auth/v1/teams/all');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('The API key belongs to a user who can no longer sign in.');
  });
});

describe('renaming, the tenant rule and the audit', () => {
  it('renames a key and changes its description; the secret keeps working', async () => {
    const created = await create('agent', { name: 'Old name' });
    const renamed = await call('agent', 'PUT', `/api/auth/v1/api/${created.keyId}`, { name: 'New name', description: 'Now described' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'New name', description: 'Now described' });
    expect(renamed.json()).not.toHaveProperty('secret');
    expect((await withKey(created.apiKey, 'GET', '/api/auth/v1/teams/all')).statusCode).toBe(200);
  });

  it("an organisation sees only its own keys, provider staff every organisation's; a foreign key answers like a missing one", async () => {
    const mine = await create('agent', { name: 'Tenant mine' });
    const theirs = await create('otherAgent', { name: 'Tenant theirs' });
    expect((await list('agent', 'size=100')).content.map((key) => key.keyId)).not.toContain(theirs.keyId);
    expect((await list('admin', 'size=100')).content.map((key) => key.keyId)).toEqual(expect.arrayContaining([mine.keyId, theirs.keyId]));
    for (const keyId of [theirs.keyId, MISSING_KEY]) {
      for (const [method, url, body] of [
        ['GET', `/api/auth/v1/api/${keyId}`, undefined],
        ['PUT', `/api/auth/v1/api/${keyId}`, { name: 'Taken over' }],
        ['PUT', `/api/auth/v1/api/regenerate/${keyId}`, undefined],
        ['DELETE', `/api/auth/v1/api/${keyId}`, undefined],
      ] as const) {
        const response = await call('agent', method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().message).toBe('API key not found.');
      }
    }
    // Their key still works with its own secret.
    expect((await withKey(theirs.apiKey, 'GET', '/api/auth/v1/teams/all')).statusCode).toBe(200);
    expect((await call('policyholder', 'GET', '/api/auth/v1/api')).statusCode).toBe(403);
  });

  it('pages, sorts and searches the list', async () => {
    for (const name of ['Alpha sorted key', 'beta sorted key', 'Gamma sorted key']) await create('otherAgent', { name });
    const asc = (await list('otherAgent', 'search=sorted&sort=name,asc')).content.map((key) => key.name);
    expect(asc).toEqual(['Alpha sorted key', 'beta sorted key', 'Gamma sorted key']);
    const desc = (await list('otherAgent', 'search=SORTED&sort=name,desc&size=2')).content.map((key) => key.name);
    expect(desc).toEqual(['Gamma sorted key', 'beta sorted key']);
    expect((await call('otherAgent', 'GET', '/api/auth/v1/api?sort=secret,asc')).statusCode).toBe(400);
  });

  it('audits create, rename, regenerate and delete, never with a secret', async () => {
    const created = await create('agent', { name: 'Audited' });
    await call('agent', 'PUT', `/api/auth/v1/api/${created.keyId}`, { name: 'Audited renamed' });
    const regenerated = (await call('agent', 'PUT', `/api/auth/v1/api/regenerate/${created.keyId}`)).json();
    await call('agent', 'DELETE', `/api/auth/v1/api/${created.keyId}`);
    const entries = await t.db.query<{ action: string; detail: Json }>('SELECT action, detail FROM audit_log WHERE target = $1 ORDER BY id', [created.keyId]);
    expect(entries.map((entry) => entry.action)).toEqual(['api-key.create', 'api-key.update', 'api-key.regenerate', 'api-key.delete']);
    expect(entries[1]!.detail).toMatchObject({ name: { from: 'Audited', to: 'Audited renamed' } });
    const text = JSON.stringify(entries);
    expect(text).not.toContain(created.secret);
    expect(text).not.toContain(regenerated.secret);
  });
});
