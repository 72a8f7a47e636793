import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { TEST_HASH_COST } from '../../server/auth/password.ts';
import { loadContract } from '../../server/contract/contract.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.inject({
    method: 'POST', url, headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('requests that break the contract get a 400 with a readable message', () => {
  test.each([
    ['missing fields', {}, 'username is a required field; password is a required field'],
    ['a field of the wrong type', { username: 'agent@agency.example', password: 12345 }, 'password must be string'],
    ['an e-mail that is not one', { username: 'agent', password: 'x' }, 'username must be a valid email address'],
    ['an unknown field', { username: 'agent@agency.example', password: 'x', admin: true }, "The request body has an unknown field 'admin'"],
    ['an MFA code that is not 6 digits', { username: 'agent@agency.example', password: 'x', mfaCode: '12ab' }, 'mfaCode is not in the expected format'],
    ['an array for a body', [], 'The request body must be object'],
    ['a JSON null', null, 'The request body must be object'],
  ])('%s', async (_name, payload, message) => {
    const response = await post('/api/auth/v1/login', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  test('malformed JSON', async () => {
    const response = await post('/api/auth/v1/login', '{"username": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  test('an empty body', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/auth/v1/token/refresh', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });

  test('a path parameter that is not a UUID', async () => {
    const { accessToken } = await t.tokensFor('admin@provider.example');
    const response = await t.getAs(accessToken, '/api/account/v1/accounts/not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('id must be a valid identifier (UUID)');
  });

  test('a query parameter that is not a UUID', async () => {
    const { accessToken } = await t.tokensFor('admin@provider.example');
    const response = await t.getAs(accessToken, "/api/auth/v1/users?accountId=1'%20or%201=1");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('accountId must be a valid identifier (UUID)');
  });

  test('a body that is not JSON at all', async () => {
    const text = await t.inject({ method: 'POST', url: '/api/auth/v1/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('The request body must be object');
    const xml = await t.inject({ method: 'POST', url: '/api/auth/v1/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toMatch(/Unsupported Media Type/i);
  });

  test('an unknown API path answers 404 in the error shape', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'The requested resource was not found.' });
  });

  test('authentication is checked before the request shape', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/account/v1/accounts/not-a-uuid' });
    expect(response.statusCode).toBe(401);
  });
});

describe('the contract drives the routes', () => {
  test('every operation has a lower camel case operationId and a route', async () => {
    const operations = await loadContract();
    expect(operations.length).toBeGreaterThanOrEqual(14);
    for (const operation of operations) {
      expect(operation.operationId).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(t.app.hasRoute({ method: operation.method, url: operation.url }), operation.operationId).toBe(true);
    }
  });

  test('public operations answer without a token', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/console-version' })).json()).toEqual({ v: '2.467.1' });
    expect((await t.inject({ method: 'GET', url: '/api/auth/v1/env' })).json()).toEqual({ envName: 'dev', prod: false, edition: 'us' });
    const uk = await t.inject({ method: 'GET', url: '/api/auth/v1/env', headers: { host: 'console.example.co.uk' } });
    expect(uk.json().edition).toBe('uk');
    const flags = await t.inject({ method: 'GET', url: '/api/auth/v1/feature-flags', headers: { host: 'console.example.co.uk' } });
    expect(flags.json().flags).toMatchObject({ 'uk-environment': true, 'remember-device': true });
  });

  test('password constraints and validation come from the server', async () => {
    const constraints = (await t.inject({ method: 'GET', url: '/api/auth/v1/password-constraints' })).json();
    expect(constraints.length).toBeGreaterThan(3);
    expect(constraints[0]).toEqual({ errorCode: 'PASSWORD_TOO_SHORT', displayText: 'At least 8 characters' });
    const weak = (await post('/api/auth/v1/validate-password', { password: 'abc' })).json();
    expect(weak.errors.map((error: { code: string }) => error.code)).toEqual(
      expect.arrayContaining(['PASSWORD_TOO_SHORT', 'PASSWORD_NO_UPPERCASE', 'PASSWORD_NO_DIGIT', 'PASSWORD_NO_SPECIAL']),
    );
    expect((await post('/api/auth/v1/validate-password?token=abc', { password: 'Demo-Password-2026!' })).json()).toEqual({ errors: [] });
  });

  test('the dev outbox does not exist in production, not even for provider staff', async () => {
    const { accessToken } = await t.tokensFor('admin@provider.example');
    const production = await buildApp({ db: t.db, clock: t.clock, hashCost: TEST_HASH_COST, prepare: false, config: { production: true } });
    try {
      const outbox = await production.inject({ method: 'GET', url: '/api/dev/outbox', headers: { authorization: `Bearer ${accessToken}` } });
      expect(outbox.statusCode).toBe(404);
      expect((await production.inject({ method: 'GET', url: '/api/auth/v1/env' })).json().prod).toBe(true);
    } finally {
      await production.close();
    }
  });

  test('an unexpected failure answers 500 with the generic text and no stack', async () => {
    const broken = await buildApp({ db: t.db, clock: t.clock, hashCost: TEST_HASH_COST, prepare: false });
    broken.services.db = { ...t.db, query: () => Promise.reject(new Error('connection reset at pg/lib/client.js:123')) };
    try {
      const response = await broken.inject({ method: 'GET', url: '/api/auth/v1/feature-flags' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'An error has occurred. Please try again later.' });
      expect(response.body).not.toMatch(/pg\/lib|stack|at /);
    } finally {
      await broken.close();
    }
  });

  test('the built client is served, with index.html for any non-API page path', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'client-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>console</title>');
    await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    const served = await buildApp({ db: t.db, clock: t.clock, hashCost: TEST_HASH_COST, prepare: false, clientDir: dir });
    try {
      const page = await served.inject({ method: 'GET', url: '/agency/dashboard?x=1' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>console</title>');
      const asset = await served.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.headers['content-type']).toMatch(/javascript/);
      const api = await served.inject({ method: 'GET', url: '/api/nothing' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: 'The requested resource was not found.' });
      expect((await served.inject({ method: 'GET', url: '/api/console-version' })).json()).toEqual({ v: '2.467.1' });
    } finally {
      await served.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
