import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Webhooks (spec 001 sections 3, 5, 7 and 8): an organisation creates a webhook by company name and the
 * server generates its 32-character client id and secret; the edit is checked by definitions/forms/webhook.json
 * (32, 32 and 16 characters) in both editions; the secret is stored sealed, never in clear, and only the
 * edit's load opens it (audited); the list pages, sorts and searches within the tenant rule; a foreign id
 * answers like a missing one; every change is audited without the secret.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const UK_HOST = 'console.example.uk';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const URL_16 = 'https://hook.io/';

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function create(caller: string, companyName: string, host?: string): Promise<Json> {
  const response = await call(caller, 'POST', '/api/webhook/v1/createHook', { companyName }, host);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function list(caller: string, query = ''): Promise<{ content: Json[]; totalElements: number }> {
  const response = await call(caller, 'GET', `/api/webhook/v1?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await startTestApp();
  const users = {
    admin: 'admin@provider.example', agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example',
    broker: 'broker@brokerage.example', policyholder: 'policyholder@insured.example', da: 'da@aggregator.example',
  };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
});

afterAll(async () => {
  await t?.close();
});

describe('creating a webhook', () => {
  it('generates a 32-character client id and secret; the answer and the list never carry the secret', async () => {
    const created = await create('agent', '  Summit Risk Partners  ');
    expect(created).toMatchObject({ companyName: 'Summit Risk Partners', webhookUrl: null, accountName: 'Summit Risk Partners' });
    expect(created.clientId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(created).not.toHaveProperty('clientSecret');
    const listed = (await list('agent')).content.find((row) => row.id === created.id)!;
    expect(listed).toMatchObject({ clientId: created.clientId });
    expect(listed).not.toHaveProperty('clientSecret');
    expect(JSON.stringify((await list('agent')).content)).not.toMatch(/secret/i);

    const loaded = await call('agent', 'GET', `/api/webhook/v1/${created.id}`);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json().clientSecret).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(loaded.json().clientSecret).not.toBe(created.clientId);
  });

  it('stores the secret sealed, not in clear', async () => {
    const created = await create('agent', 'Sealed Co');
    const secret = (await call('agent', 'GET', `/api/webhook/v1/${created.id}`)).json().clientSecret as string;
    const [row] = await t.db.query<Json>('SELECT * FROM webhooks WHERE id = $1', [created.id]);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row!.client_secret_sealed).toMatch(/^v1\./);
  });

  it.each([
    ['US', 'agent', undefined],
    ['UK', 'broker', UK_HOST],
  ])('a company name the form refuses answers 400 with its message (%s)', async (_, caller, host) => {
    const empty = await call(caller, 'POST', '/api/webhook/v1/createHook', { companyName: '  ' }, host);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Failed to create webhook', errors: [{ field: 'companyName', message: 'Company Name is a required field', code: 'required' }] });
  });
});

describe('editing a webhook', () => {
  const valid = (id: string) => ({ id, clientId: 'A'.repeat(32), clientSecret: 'b'.repeat(32), webhookUrl: URL_16 });

  it("saves the id, secret and URL; the answer is 'WebHook Updated successfully!' material and the secret is read back only through the edit's load", async () => {
    const created = await create('agent', 'Editable Co');
    const saved = await call('agent', 'PUT', '/api/webhook/v1', valid(created.id));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: created.id, clientId: 'A'.repeat(32), webhookUrl: URL_16, companyName: 'Editable Co' });
    expect(saved.json()).not.toHaveProperty('clientSecret');
    expect((await call('agent', 'GET', `/api/webhook/v1/${created.id}`)).json()).toMatchObject({ clientSecret: 'b'.repeat(32), webhookUrl: URL_16 });
  });

  it.each([
    ['US', 'agent', undefined],
    ['UK', 'broker', UK_HOST],
  ])('refuses lengths other than 32, 32 and 16 with the form messages (%s)', async (_, caller, host) => {
    const created = await create(caller, `Lengths ${caller}`, host);
    const cases: Array<[Json, string, string, string]> = [
      [{ clientId: 'A'.repeat(31) }, 'clientId', 'Client ID must be exactly 32 characters', 'minLength'],
      [{ clientId: 'A'.repeat(33) }, 'clientId', 'Client ID must be exactly 32 characters', 'maxLength'],
      [{ clientSecret: 'b'.repeat(12) }, 'clientSecret', 'Client Secret must be exactly 32 characters', 'minLength'],
      [{ webhookUrl: 'https://hook.io/x' }, 'webhookUrl', 'Webhook URL must be exactly 16 characters', 'maxLength'],
      [{ webhookUrl: 'https://h.io/' }, 'webhookUrl', 'Webhook URL must be exactly 16 characters', 'minLength'],
      [{ clientSecret: '   ' }, 'clientSecret', 'Client Secret is a required field', 'required'],
    ];
    for (const [change, field, message, code] of cases) {
      const refused = await call(caller, 'PUT', '/api/webhook/v1', { ...valid(created.id), ...change }, host);
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json()).toMatchObject({ message: 'Failed to update webhook', errors: [{ field, message, code }] });
    }
    const missing = await call(caller, 'PUT', '/api/webhook/v1', { id: created.id, clientId: 'A'.repeat(32) }, host);
    expect(missing.statusCode).toBe(400);
  });

  it("another webhook's client id of the same organisation is refused with 409; another organisation may use it", async () => {
    const first = await create('agent', 'First Co');
    const second = await create('agent', 'Second Co');
    const taken = await call('agent', 'PUT', '/api/webhook/v1', { ...valid(second.id), clientId: first.clientId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Another webhook already uses this Client ID.');
    const foreign = await create('otherAgent', 'Other Co');
    expect((await call('otherAgent', 'PUT', '/api/webhook/v1', { ...valid(foreign.id), clientId: first.clientId })).statusCode).toBe(200);
  });
});

describe('deleting a webhook', () => {
  it("answers 'WebHook Removed Successfully!' and the webhook is gone; every change is audited without a secret", async () => {
    const created = await create('agent', 'Short Lived Co');
    const secret = (await call('agent', 'GET', `/api/webhook/v1/${created.id}`)).json().clientSecret as string;
    await call('agent', 'PUT', '/api/webhook/v1', { id: created.id, clientId: created.clientId, clientSecret: 'c'.repeat(32), webhookUrl: URL_16 });
    const deleted = await call('agent', 'DELETE', `/api/webhook/v1/${created.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('WebHook Removed Successfully!');
    expect((await call('agent', 'GET', `/api/webhook/v1/${created.id}`)).statusCode).toBe(404);

    const entries = await t.db.query<{ action: string; detail: Json }>(`SELECT action, detail FROM audit_log WHERE target = $1 ORDER BY id`, [created.id]);
    expect(entries.map((entry) => entry.action)).toEqual(['webhook.create', 'webhook.secret.read', 'webhook.update', 'webhook.delete']);
    expect(entries[2]!.detail).toMatchObject({ secretChanged: true, webhookUrl: { from: null, to: URL_16 } });
    const text = JSON.stringify(entries);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('c'.repeat(32));
  });
});

describe('the tenant rule', () => {
  it("an organisation lists only its own webhooks; provider staff list every organisation's", async () => {
    const mine = await create('agent', 'Tenant Mine Co');
    const theirs = await create('otherAgent', 'Tenant Theirs Co');
    const own = await list('agent', 'size=100');
    expect(own.content.map((row) => row.id)).toContain(mine.id);
    expect(own.content.map((row) => row.id)).not.toContain(theirs.id);
    expect(new Set(own.content.map((row) => row.accountName))).toEqual(new Set(['Summit Risk Partners']));
    const all = await list('admin', 'size=100');
    expect(all.content.map((row) => row.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it('a webhook of another organisation answers like a missing one, for reads and writes', async () => {
    const theirs = await create('otherAgent', 'Untouchable Co');
    for (const id of [theirs.id, MISSING_ID]) {
      const what = id === MISSING_ID ? 'missing' : 'foreign';
      const read = await call('agent', 'GET', `/api/webhook/v1/${id}`);
      expect(read.statusCode, `GET ${what}`).toBe(404);
      expect(read.json().message).toBe('Webhook not found.');
      const edit = await call('agent', 'PUT', '/api/webhook/v1', { id, clientId: 'A'.repeat(32), clientSecret: 'b'.repeat(32), webhookUrl: URL_16 });
      expect(edit.statusCode, `PUT ${what}`).toBe(404);
      expect(edit.json().message).toBe('Webhook not found.');
      const remove = await call('agent', 'DELETE', `/api/webhook/v1/${id}`);
      expect(remove.statusCode, `DELETE ${what}`).toBe(404);
    }
    expect((await call('otherAgent', 'GET', `/api/webhook/v1/${theirs.id}`)).json().companyName).toBe('Untouchable Co');
  });

  it('a policyholder has no webhooks; a digital agency has its own', async () => {
    expect((await call('policyholder', 'GET', '/api/webhook/v1')).statusCode).toBe(403);
    expect((await call('policyholder', 'POST', '/api/webhook/v1/createHook', { companyName: 'Acme' })).statusCode).toBe(403);
    const created = await create('da', 'Aggregator Co');
    expect((await list('da')).content.map((row) => row.id)).toEqual([created.id]);
  });
});

describe('the list', () => {
  it('pages, sorts, searches and refuses a sort it does not declare', async () => {
    for (const name of ['Alpha Sort Co', 'beta Sort Co', 'Gamma Sort Co']) await create('agent', name);
    const sorted = (await list('agent', 'search=sort%20co&sort=companyName,asc')).content.map((row) => row.companyName);
    expect(sorted).toEqual(['Alpha Sort Co', 'beta Sort Co', 'Gamma Sort Co']);
    const reversed = (await list('agent', 'search=SORT%20CO&sort=companyName,desc')).content.map((row) => row.companyName);
    expect(reversed).toEqual(['Gamma Sort Co', 'beta Sort Co', 'Alpha Sort Co']);
    const first = await list('agent', 'search=sort%20co&size=2&page=0&sort=companyName,asc');
    const second = await list('agent', 'search=sort%20co&size=2&page=1&sort=companyName,asc');
    expect(first.totalElements).toBe(3);
    expect(second.content.map((row) => row.companyName)).toEqual(['Gamma Sort Co']);
    expect((await call('agent', 'GET', '/api/webhook/v1?sort=clientSecret,asc')).statusCode).toBe(400);
  });
});
