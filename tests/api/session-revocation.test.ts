import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { solveChallenge } from '../../server/auth/captcha.ts';
import { linkTokenIn, messagesTo, nextAddress } from './support/mail.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Finding 8: access tokens outlived log-out, refresh-token reuse and password reset for up to 15 minutes.
 * Every request now checks the token's session (its refresh-token family), so each of these ends it at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  for (const email of ['leaver@agency.example', 'stolen@agency.example', 'resetter@agency.example', 'twodevices@agency.example']) {
    await t.createUser({ email, accountOf: 'agent@agency.example' });
  }
}, 60_000);
afterAll(() => t.close());

const me = (accessToken: string) => t.getAs(accessToken, '/api/auth/v1/me');
const refresh = (refreshToken: string) => t.inject({ method: 'POST', url: '/api/auth/v1/token/refresh', payload: { refreshToken } });

describe('access tokens end with their session', () => {
  test('log-out: the access token of the ended session answers 401 at once; another session of the user goes on', async () => {
    const ended = await t.tokensFor('leaver@agency.example');
    const other = await t.tokensFor('leaver@agency.example');
    expect((await me(ended.accessToken)).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: '/api/auth/v1/logout', payload: { refreshToken: ended.refreshToken } })).statusCode).toBe(204);
    expect((await me(ended.accessToken)).statusCode).toBe(401);
    expect((await me(other.accessToken)).statusCode).toBe(200);
  });

  test('refresh-token reuse: the family is revoked and every access token of it stops working; the audit names the user', async () => {
    const first = await t.tokensFor('stolen@agency.example');
    const rotation = await refresh(first.refreshToken);
    expect(rotation.statusCode, rotation.body).toBe(200);
    const rotated = rotation.json();
    expect((await me(rotated.accessToken)).statusCode).toBe(200);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await me(first.accessToken)).statusCode).toBe(401);
    expect((await me(rotated.accessToken)).statusCode).toBe(401);
    const [entry] = await t.db.query<{ email: string }>(
      `SELECT u.email FROM audit_log a JOIN users u ON u.id = a.actor_user_id WHERE a.action = 'session.refresh-reuse' ORDER BY a.id DESC LIMIT 1`,
    );
    expect(entry?.email).toBe('stolen@agency.example');
  });

  test('password reset: every earlier access token of the user answers 401', async () => {
    const before = await t.tokensFor('resetter@agency.example');
    const challenge = (await t.inject({ method: 'GET', url: '/api/auth/v1/captcha/challenge' })).json();
    const captcha = { challenge: challenge.challenge as string, nonce: solveChallenge(challenge.salt, challenge.difficulty) };
    await t.inject({ method: 'POST', url: '/api/auth/v1/passwords/forgot', payload: { email: 'resetter@agency.example', captcha }, remoteAddress: nextAddress() });
    const token = linkTokenIn((await messagesTo(t, 'resetter@agency.example'))[0]?.body, 'confirmPasswordReset');
    const set = await t.inject({ method: 'POST', url: `/api/auth/v1/validatePasswordReset/${token}`, payload: { password: 'A-New-Password-42!' } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await me(before.accessToken)).statusCode).toBe(401);
    expect((await me(set.json().accessToken)).statusCode).toBe(200);
  });
});

describe('the demo password cannot be chosen', () => {
  test('a reset to the published demo password is refused, so only seeded demo users ever carry it', async () => {
    const challenge = (await t.inject({ method: 'GET', url: '/api/auth/v1/captcha/challenge' })).json();
    const captcha = { challenge: challenge.challenge as string, nonce: solveChallenge(challenge.salt, challenge.difficulty) };
    await t.inject({ method: 'POST', url: '/api/auth/v1/passwords/forgot', payload: { email: 'twodevices@agency.example', captcha }, remoteAddress: nextAddress() });
    const token = linkTokenIn((await messagesTo(t, 'twodevices@agency.example'))[0]?.body, 'confirmPasswordReset');
    const refused = await t.inject({ method: 'POST', url: `/api/auth/v1/validatePasswordReset/${token}`, payload: { password: 'Demo-Password-2026!' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/published with the demo data/);
  });
});
