import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { TEST_HASH_COST } from '../../server/auth/password.ts';
import { HSTS_VALUE } from '../../server/http/security-headers.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Finding 5: no response carried a security header. Every kind of answer is checked: API, errors, 404s,
 * static files and the SPA's index.html.
 */
let t: TestApp;
let withClient: FastifyInstance;
let behindProxy: FastifyInstance;
const clientDir = mkdtempSync(join(tmpdir(), 'client-'));

beforeAll(async () => {
  t = await startTestApp();
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Cyber Console</title><div id="root"></div>');
  writeFileSync(join(clientDir, 'app.js'), 'console.log(1);');
  withClient = await buildApp({ db: t.db, clock: t.clock, hashCost: TEST_HASH_COST, prepare: false, clientDir, config: { production: false } });
  behindProxy = await buildApp({ db: t.db, clock: t.clock, hashCost: TEST_HASH_COST, prepare: false, config: { trustProxy: true } });
}, 60_000);
afterAll(async () => {
  await withClient.close();
  await behindProxy.close();
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const ANSWERS: Array<[string, InjectOptions, number]> = [
  ['a public API answer', { method: 'GET', url: '/api/console-version' }, 200],
  ['a 401', { method: 'GET', url: '/api/auth/v1/me' }, 401],
  ['a 404 of an unknown API path', { method: 'GET', url: '/api/nothing/here' }, 404],
  ['a validation 400', { method: 'POST', url: '/api/auth/v1/login', payload: { username: 'x' } }, 400],
  ['the SPA fallback (index.html)', { method: 'GET', url: '/agency/dashboard' }, 200],
  ['a static file', { method: 'GET', url: '/app.js' }, 200],
];

describe('security headers on every answer', () => {
  test.each(ANSWERS)('%s', async (_, request, status) => {
    const response = await withClient.inject(request);
    expect(response.statusCode).toBe(status);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self'[^;]*(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(response.headers['x-powered-by']).toBeUndefined();
    // Over plain http, no HSTS (it would pin a development host to https).
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  test('HSTS is sent when the request arrived over TLS (behind a trusted proxy)', async () => {
    const response = await behindProxy.inject({ method: 'GET', url: '/api/console-version', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBe(HSTS_VALUE);
  });

  test('an untrusted X-Forwarded-Proto does not switch HSTS on', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/console-version', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
