import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GATE_MESSAGES } from '../../server/auth/session-gate.ts';
import { codeIn, linkTokenIn, messagesTo, nextAddress } from './support/mail.ts';
import { startTestApp, DEMO_PASSWORD, type TestApp } from './support/test-app.ts';

/**
 * Finding 3: MFA enforcement lived only in the browser. A user of an account that enforces MFA who has no
 * MFA (new, or after an MFA reset) now gets a session that the server limits to MFA enrolment and the
 * shell's own calls until MFA is on.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.createUser({ email: 'newcomer@secure.example', accountOf: 'mfa@agency.example' });
  await t.createUser({ email: 'lostphone@secure.example', accountOf: 'mfa@agency.example', mfaType: 'EMAIL' });
}, 60_000);
afterAll(() => t.close());

const as = (token: string) => ({
  get: (url: string) => t.getAs(token, url),
  put: (url: string) => t.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${token}` } }),
  post: (url: string, payload: unknown) => t.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: payload as object }),
});

/** Data the attack read with a password alone, and the shell calls that must keep working. */
const REFUSED = ['/api/claims/v1/search', '/api/auth/v1/users', '/api/definitions/v1/documents'];
const ALLOWED = ['/api/auth/v1/me', '/api/auth/v1/permissions/map', '/api/auth/v1/teams/search', '/api/definitions/v1/bundle'];

describe('a session that must turn MFA on first', () => {
  test('signs in with the password, sees the shell, is refused data (403 MFA_REQUIRED, audited) until MFA is on', async () => {
    const login = await t.login('newcomer@secure.example', DEMO_PASSWORD, {}, nextAddress());
    expect(login.statusCode).toBe(200);
    const user = as(login.json().accessToken);
    for (const url of ALLOWED) expect((await user.get(url)).statusCode, url).toBe(200);
    for (const url of REFUSED) {
      const refused = await user.get(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ message: GATE_MESSAGES.mfaRequired, errors: [{ code: 'MFA_REQUIRED' }] });
    }
    const denials = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'access.denied' AND detail->>'reason' = 'mfa-required'`,
    );
    expect(denials[0]?.n).toBeGreaterThanOrEqual(REFUSED.length);

    // Enrolment is open to the session; once MFA is on, the same token reaches the data.
    expect((await user.put('/api/auth/v1/mfa/update?mfaType=EMAIL')).statusCode).toBe(200);
    const code = codeIn((await messagesTo(t, 'newcomer@secure.example'))[0]?.body);
    expect((await user.post('/api/auth/v1/mfa/verify', { mfa1: code })).statusCode).toBe(200);
    for (const url of REFUSED.slice(0, 2)) expect((await user.get(url)).statusCode, url).toBe(200);
  });

  test('the attack of the finding: after an MFA reset, the password alone no longer reads claims', async () => {
    const reset = await t.inject({
      method: 'POST', url: '/api/auth/v1/mfa/reset', payload: { username: 'lostphone@secure.example', password: DEMO_PASSWORD }, remoteAddress: nextAddress(),
    });
    expect(reset.statusCode).toBe(200);
    const token = linkTokenIn((await messagesTo(t, 'lostphone@secure.example'))[0]?.body, 'confirmMfaReset');
    expect((await t.inject({ method: 'POST', url: `/api/auth/v1/validateMFAReset/${token}` })).statusCode).toBe(200);
    const login = await t.login('lostphone@secure.example', DEMO_PASSWORD, {}, nextAddress());
    expect(login.statusCode).toBe(200);
    const claims = await as(login.json().accessToken).get('/api/claims/v1/search');
    expect(claims.statusCode).toBe(403);
    expect(claims.json().errors[0].code).toBe('MFA_REQUIRED');
  });

  test('users of accounts that do not enforce MFA are not affected', async () => {
    const { accessToken } = await t.tokensFor('agent@agency.example');
    expect((await as(accessToken).get('/api/claims/v1/search')).statusCode).toBe(200);
  });
});
