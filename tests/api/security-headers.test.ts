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
 * answers Fastify gives before any route is found, static files and the SPA's index.html.
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
  behindProxy = await buildApp({ db: t.db, clock: t.clock, hashCost: TEST_HASH_COST, prepare: false, clientDir, config: { trustProxy: true } });
}, 60_000);
afterAll(async () => {
  await withClient.close();
  await behindProxy.close();
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const json = { 'content-type': 'application/json' };

/**
 * Who answers: a contract route or the 404 handler ('api'), the client's files ('client', an app with a
 * clientDir), or Fastify's router before any route is known ('router': no hook runs, see answerFrameworkError).
 */
type AnsweredBy = 'api' | 'client' | 'router';

/** [what, request, status, answered by]: one of every kind of answer the server gives. */
const ANSWERS: Array<[string, InjectOptions, number, AnsweredBy]> = [
  ['a public API answer', { method: 'GET', url: '/api/console-version' }, 200, 'api'],
  ['a 401', { method: 'GET', url: '/api/auth/v1/me' }, 401, 'api'],
  ['a 404 of an unknown API path', { method: 'GET', url: '/api/nothing/here' }, 404, 'api'],
  ['a validation 400', { method: 'POST', url: '/api/auth/v1/login', payload: { username: 'x' } }, 400, 'api'],
  ['a body that is not JSON', { method: 'POST', url: '/api/auth/v1/login', headers: json, payload: '{"username":' }, 400, 'api'],
  ['an unsupported media type', { method: 'POST', url: '/api/auth/v1/login', headers: { 'content-type': 'application/xml' }, payload: '<x/>' }, 415, 'api'],
  ['the SPA fallback (index.html)', { method: 'GET', url: '/agency/dashboard' }, 200, 'client'],
  ['a static file', { method: 'GET', url: '/app.js' }, 200, 'client'],
  ['an address Fastify cannot decode', { method: 'GET', url: '/api/claims/v1/%zz' }, 400, 'router'],
  ['a path parameter beyond its length limit', { method: 'GET', url: `/api/definitions/v1/documents/${'k'.repeat(200)}` }, 414, 'router'],
];

/** [directive, the value it must have]: the policy of finding 5, directive by directive. */
const POLICY: Array<[string, RegExp]> = [
  ['default-src', /^'self'$/],
  // No inline script ('unsafe-eval' is there for ajv in the browser; see server/http/security-headers.ts).
  ['script-src', /^'self'( 'unsafe-eval')?$/],
  ['style-src', /^'self' 'unsafe-inline'$/],
  ['img-src', /^'self' data: blob:$/],
  ['connect-src', /^'self'$/],
  ['object-src', /^'none'$/],
  ['base-uri', /^'self'$/],
  ['form-action', /^'self'$/],
  ['frame-ancestors', /^'none'$/],
];

function directivesOf(policy: string): Map<string, string> {
  return new Map(policy.split(';').map((part) => part.trim()).filter(Boolean).map((part) => {
    const [name = '', ...values] = part.split(/\s+/);
    return [name, values.join(' ')];
  }));
}

describe('security headers on every answer', () => {
  test.each(ANSWERS)('%s', async (_, request, status, answeredBy) => {
    // The client's wildcard route would take the over-long parameter as a file name (a 404 with headers).
    const response = await (answeredBy === 'client' ? withClient : t.app).inject(request);
    expect(response.statusCode, response.body).toBe(status);
    const directives = directivesOf(String(response.headers['content-security-policy']));
    for (const [directive, value] of POLICY) expect(directives.get(directive), directive).toMatch(value);
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
    // Failures answer with the contract's Error body, never Fastify's own { statusCode, code, error, message }.
    if (status >= 400) {
      expect(response.json()).toMatchObject({ message: expect.any(String) });
      expect(response.json()).not.toHaveProperty('code');
    }
  });

  // Fastify's router gives its own errors a request that ignores TRUST_PROXY, so they carry HSTS only on a
  // TLS socket of the server itself; a browser keeps HSTS from any other answer of the origin.
  const hooked = ANSWERS.filter(([, , , answeredBy]) => answeredBy !== 'router');
  test.each(hooked)('HSTS when %s arrived over TLS (behind a trusted proxy)', async (_, request, status) => {
    const response = await behindProxy.inject({ ...request, headers: { ...request.headers, 'x-forwarded-proto': 'https' } });
    expect(response.statusCode).toBe(status);
    expect(response.headers['strict-transport-security']).toBe(HSTS_VALUE);
  });

  test('an X-Forwarded-Proto from a client the server does not trust does not switch HSTS on', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/console-version', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
