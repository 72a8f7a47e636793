import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOGIN_ERRORS } from '../../api/error-catalogue.ts';
import { MINUTE } from '../../server/clock.ts';
import { startTestApp, DEMO_PASSWORD, type TestApp } from './support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await t.createUser({ email: 'pending@agency.example', accountOf: 'agent@agency.example', status: 'PENDING_VALIDATION' });
  await t.createUser({ email: 'disabled@agency.example', accountOf: 'agent@agency.example', status: 'DISABLED' });
  await t.createUser({
    email: 'expired@agency.example', accountOf: 'agent@agency.example', passwordExpiresAt: new Date(t.clock.now().getTime() - MINUTE),
  });
  await t.createUser({ email: 'mfa2@agency.example', accountOf: 'agent@agency.example', mfaType: 'EMAIL' });
  await t.createUser({ email: 'sms@agency.example', accountOf: 'agent@agency.example', mfaType: 'SMS', phone: '3035550199' });
});
afterAll(() => t.close());

function codeIn(body: string | undefined): string {
  const match = /\b(\d{6})\b/.exec(body ?? '');
  if (!match?.[1]) throw new Error(`No 6-digit code in '${body}'`);
  return match[1];
}

describe('POST /api/auth/v1/login answers as the spec says', () => {
  test('200 with an access and a refresh token for every demo persona', async () => {
    const emails = [
      'admin@provider.example', 'underwriter@provider.example', 'agent@agency.example', 'agent@otheragency.example',
      'broker@brokerage.example', 'policyholder@insured.example', 'carrier@carrier.example', 'da@aggregator.example',
      'mssp@mssp.example', 'cluster@cluster.example', 'vendor@vendor.example', 'reinsurer@reinsurer.example',
      'processor@premium.example',
    ];
    for (const email of emails) {
      const response = await t.login(email);
      expect(response.statusCode, email).toBe(200);
      const body = response.json();
      expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.refreshToken).toMatch(/^[\w-]{40,}$/);
      expect(body.expiresIn).toBe(15 * 60);
    }
  });

  test('the e-mail is matched without regard to case', async () => {
    expect((await t.login('Agent@Agency.Example')).statusCode).toBe(200);
  });

  test('307 with mfaType for mfa@agency.example; the e-mailed code then signs in', async () => {
    const first = await t.login('mfa@agency.example');
    expect(first.statusCode).toBe(307);
    expect(first.json()).toMatchObject({ mfaType: 'EMAIL' });
    expect(first.headers.location).toBeUndefined();
    const mail = await t.latestMessageTo('mfa@agency.example');
    const code = codeIn(mail?.body);
    const second = await t.login('mfa@agency.example', DEMO_PASSWORD, { mfaCode: code, mfaType: 'EMAIL' });
    expect(second.statusCode).toBe(200);
    expect(second.json().accessToken).toBeTruthy();
    // A code works once.
    const again = await t.login('mfa@agency.example', DEMO_PASSWORD, { mfaCode: code });
    expect(again.statusCode).toBe(401);
  });

  test('an MFA code is refused when wrong, and once it is older than 5 minutes', async () => {
    await t.login('mfa@agency.example', DEMO_PASSWORD, {}, '10.1.0.1');
    const code = codeIn((await t.latestMessageTo('mfa@agency.example'))?.body);
    const wrong = await t.login('mfa@agency.example', DEMO_PASSWORD, { mfaCode: code === '000000' ? '111111' : '000000' }, '10.1.0.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The verification code is incorrect. Please try again.');
    t.clock.advance(5 * MINUTE + 1000);
    const late = await t.login('mfa@agency.example', DEMO_PASSWORD, { mfaCode: code }, '10.1.0.1');
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toMatch(/expired/);
  });

  test('MFA attempts are limited: after 3 wrong codes even the right one is refused', async () => {
    await t.login('mfa2@agency.example', DEMO_PASSWORD, {}, '10.1.0.2');
    const code = codeIn((await t.latestMessageTo('mfa2@agency.example'))?.body);
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 3; i += 1) {
      expect((await t.login('mfa2@agency.example', DEMO_PASSWORD, { mfaCode: wrongCode }, '10.1.0.2')).statusCode).toBe(401);
    }
    const right = await t.login('mfa2@agency.example', DEMO_PASSWORD, { mfaCode: code }, '10.1.0.2');
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe('Too many incorrect verification codes. Please sign in again to receive a new code.');
    // Signing in again sends a fresh code, which works.
    expect((await t.login('mfa2@agency.example', DEMO_PASSWORD, {}, '10.1.0.2')).statusCode).toBe(307);
    const fresh = codeIn((await t.latestMessageTo('mfa2@agency.example'))?.body);
    expect((await t.login('mfa2@agency.example', DEMO_PASSWORD, { mfaCode: fresh }, '10.1.0.2')).statusCode).toBe(200);
  });

  test('SMS users get their code by text, in the same outbox', async () => {
    const first = await t.login('sms@agency.example');
    expect(first.statusCode).toBe(307);
    expect(first.json().mfaType).toBe('SMS');
    const text = await t.latestMessageTo('3035550199');
    const second = await t.login('sms@agency.example', DEMO_PASSWORD, { mfaCode: codeIn(text?.body) });
    expect(second.statusCode).toBe(200);
  });

  test('412 for a user whose e-mail is not validated yet, with a message', async () => {
    const response = await t.login('pending@agency.example');
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toMatch(/validat/i);
  });

  test('418 for an expired password', async () => {
    const response = await t.login('expired@agency.example');
    expect(response.statusCode).toBe(418);
    expect(response.json().message).toBe('Your password has expired');
  });

  test('401 with the spec message for a wrong password, and the same for an unknown user', async () => {
    const wrong = await t.login('agent@agency.example', 'Not-The-Password-1!');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: LOGIN_ERRORS.invalidCredentials });
    const unknown = await t.login('nobody@agency.example', 'Whatever-1!');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: LOGIN_ERRORS.invalidCredentials });
  });

  test('account states are not revealed without the right password', async () => {
    expect((await t.login('pending@agency.example', 'Wrong-Password-1!')).statusCode).toBe(401);
    expect((await t.login('expired@agency.example', 'Wrong-Password-1!')).statusCode).toBe(401);
    expect((await t.login('disabled@agency.example', 'Wrong-Password-1!')).statusCode).toBe(401);
  });

  test('409 with a message for a deactivated user', async () => {
    const response = await t.login('disabled@agency.example');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/deactivated/);
  });

  test('passwords are stored as argon2id hashes', async () => {
    const rows = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users');
    expect(rows.length).toBeGreaterThanOrEqual(14);
    for (const row of rows) expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });
});
