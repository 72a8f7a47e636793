import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The per-caller request limit (issue 9 §1 and §2): every answer says the limit and what is left; past it a
 * caller gets 429 with Retry-After and a sentence to read, while another caller (another token, another
 * address) goes on.
 */
const LIMIT = 5;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ requestsPerMinute: LIMIT });
});

afterAll(async () => {
  await t?.close();
});

describe('rate limit', () => {
  it('counts an address, says what is left, then answers 429 with Retry-After; another address goes on', async () => {
    const ask = (remoteAddress: string) => t.inject({ method: 'GET', url: '/api/console-version', remoteAddress });
    const first = await ask('198.51.100.7');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe(String(LIMIT));
    expect(first.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    for (let index = 1; index < LIMIT; index++) expect((await ask('198.51.100.7')).statusCode).toBe(200);
    const refused = await ask('198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect((await ask('198.51.100.8')).statusCode).toBe(200);
  });

  it('counts a signed-in caller by token, not by the address it shares', async () => {
    const address = '198.51.100.20';
    const ask = (token: string) => t.inject({ method: 'GET', url: '/api/console-version', remoteAddress: address, headers: { authorization: `Bearer ${token}` } });
    for (let index = 0; index < LIMIT; index++) expect((await ask('token-one')).statusCode).toBe(200);
    expect((await ask('token-one')).statusCode).toBe(429);
    expect((await ask('token-two')).statusCode).toBe(200);
  });
});
