import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MINUTE, HOUR, DAY } from '../../server/clock.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const refresh = (refreshToken: string) =>
  t.inject({ method: 'POST', url: '/api/auth/v1/token/refresh', payload: { refreshToken } });

describe('access tokens', () => {
  test('a token works until it expires after 15 minutes, then answers 401', async () => {
    const { accessToken } = await t.tokensFor('agent@agency.example');
    t.clock.advance(14 * MINUTE);
    expect((await t.getAs(accessToken, '/api/auth/v1/me')).statusCode).toBe(200);
    t.clock.advance(MINUTE + 1000);
    const expired = await t.getAs(accessToken, '/api/auth/v1/me');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your session has expired. Please sign in again.');
  });

  test('no token, a malformed token or a forged token answers 401', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/auth/v1/me' })).statusCode).toBe(401);
    expect((await t.getAs('not-a-jwt', '/api/auth/v1/me')).statusCode).toBe(401);
    const { accessToken } = await t.tokensFor('agent@agency.example');
    const [header, payload] = accessToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await t.getAs(forged, '/api/auth/v1/me')).statusCode).toBe(401);
  });

  test('GET /api/auth/v1/me answers the user with their account', async () => {
    const { accessToken } = await t.tokensFor('broker@brokerage.example');
    const me = (await t.getAs(accessToken, '/api/auth/v1/me')).json();
    expect(me).toMatchObject({
      email: 'broker@brokerage.example', firstName: 'Ben', lastName: 'Broker', initials: 'BB', mfaType: 'NONE',
      account: { accountType: 'AGENCY', edition: 'uk', name: 'Thames Cyber Brokers', fullName: 'Thames Cyber Brokers - London' },
    });
    expect(me).not.toHaveProperty('password_hash');
    expect(me).not.toHaveProperty('passwordHash');
  });
});

describe('refresh tokens rotate', () => {
  test('a refresh answers a new access token and a new refresh token; the old refresh token is spent', async () => {
    const first = await t.tokensFor('agent@agency.example');
    t.clock.advance(20 * MINUTE);
    expect((await t.getAs(first.accessToken, '/api/auth/v1/me')).statusCode).toBe(401);
    const rotated = await refresh(first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect((await t.getAs(second.accessToken, '/api/auth/v1/me')).statusCode).toBe(200);
    const third = await refresh(second.refreshToken);
    expect(third.statusCode).toBe(200);
  });

  test('reusing a spent refresh token revokes the whole family', async () => {
    const first = await t.tokensFor('agent@agency.example');
    const second = (await refresh(first.refreshToken)).json();
    const third = (await refresh(second.refreshToken)).json();
    // A stolen copy of the first token is presented again.
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toMatch(/sign in again/);
    // The legitimate holder's newest token is now dead too.
    expect((await refresh(third.refreshToken)).statusCode).toBe(401);
    // Other sign-ins of the same user are not affected.
    const other = await t.tokensFor('agent@agency.example');
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  test('an unknown refresh token answers 401', async () => {
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
  });

  test('a session refresh token lasts 12 hours; a remembered device keeps it for 30 days', async () => {
    const session = await t.tokensFor('carrier@carrier.example');
    const remembered = await t.tokensFor('carrier@carrier.example', { rememberDevice: true });
    t.clock.advance(13 * HOUR);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    const kept = await refresh(remembered.refreshToken);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ rememberDevice: true, refreshExpiresIn: 30 * 24 * 3600 });
    t.clock.advance(31 * DAY);
    expect((await refresh(kept.json().refreshToken)).statusCode).toBe(401);
  });

  test('log-out ends the session its refresh token belongs to', async () => {
    const tokens = await t.tokensFor('vendor@vendor.example');
    const out = await t.inject({ method: 'POST', url: '/api/auth/v1/logout', payload: { refreshToken: tokens.refreshToken } });
    expect(out.statusCode).toBe(204);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
  });

  test('a deactivated user cannot refresh, and their access token stops working at once', async () => {
    const id = await t.createUser({ email: 'leaver@agency.example', accountOf: 'agent@agency.example' });
    const tokens = await t.tokensFor('leaver@agency.example');
    await t.db.query(`UPDATE users SET status = 'DISABLED' WHERE id = $1`, [id]);
    expect((await t.getAs(tokens.accessToken, '/api/auth/v1/me')).statusCode).toBe(401);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
  });
});
