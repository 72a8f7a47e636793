import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FORGOT_PASSWORD_ERRORS, TOKEN_LINK_ERRORS } from '../../api/error-catalogue.ts';
import { solveChallenge } from '../../server/auth/captcha.ts';
import { HOUR, MINUTE } from '../../server/clock.ts';
import { linkTokenIn, messagesTo, nextAddress } from './support/mail.ts';
import { startTestApp, DEMO_PASSWORD, type TestApp } from './support/test-app.ts';

let t: TestApp;
const NEW_PASSWORD = 'Brand-New-Secret-7!';

beforeAll(async () => {
  t = await startTestApp();
  await t.createUser({ email: 'forgetful@agency.example', accountOf: 'agent@agency.example' });
  await t.createUser({ email: 'invitee@agency.example', accountOf: 'agent@agency.example', status: 'PENDING_VALIDATION' });
  await t.createUser({ email: 'slow@agency.example', accountOf: 'agent@agency.example' });
  await t.createUser({ email: 'old@agency.example', accountOf: 'agent@agency.example', passwordExpiresAt: new Date(t.clock.now().getTime() - MINUTE) });
  await t.createUser({ email: 'aliased@agency.example', accountOf: 'agent@agency.example' });
}, 60_000);
afterAll(() => t.close());

async function solvedCaptcha() {
  const challenge = (await t.inject({ method: 'GET', url: '/api/auth/v1/captcha/challenge' })).json();
  return { challenge: challenge.challenge as string, nonce: solveChallenge(challenge.salt, challenge.difficulty) };
}

const forgot = (email: string, captcha: unknown) =>
  t.inject({ method: 'POST', url: '/api/auth/v1/passwords/forgot', payload: { email, captcha }, remoteAddress: nextAddress() });
const post = (url: string, payload?: Record<string, unknown>) => t.inject({ method: 'POST', url, payload });

describe('the proof-of-work captcha', () => {
  test('a challenge is signed, modest and short-lived', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/auth/v1/captcha/challenge' });
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json();
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', difficulty: 14 });
    expect(new Date(challenge.expiresAt).getTime() - t.clock.now().getTime()).toBe(5 * MINUTE);
    const started = performance.now();
    solveChallenge(challenge.salt, challenge.difficulty);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test('an absent, wrong, forged, expired or reused proof is refused with the catalogue texts', async () => {
    const absent = await t.inject({ method: 'POST', url: '/api/auth/v1/passwords/forgot', payload: { email: 'forgetful@agency.example' } });
    expect(absent.statusCode).toBe(400);
    expect(absent.json().message).toBe('captcha is a required field');

    const { challenge, nonce } = await solvedCaptcha();
    const salt = JSON.parse(Buffer.from(challenge.split('.')[0] ?? '', 'base64url').toString()).salt as string;
    // A nonce whose hash does not even start with a zero byte cannot reach 14 zero bits.
    let wrongNonce = 0;
    while (createHash('sha256').update(`${salt}${wrongNonce}`).digest()[0] === 0) wrongNonce += 1;
    const wrong = await forgot('forgetful@agency.example', { challenge, nonce: String(wrongNonce) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(FORGOT_PASSWORD_ERRORS.captchaVerify);

    const [payload] = challenge.split('.');
    const easier = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), difficulty: 0 })).toString('base64url');
    const forged = await forgot('forgetful@agency.example', { challenge: `${easier}.${challenge.split('.')[1]}`, nonce: '0' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(FORGOT_PASSWORD_ERRORS.captchaVerify);

    expect((await forgot('forgetful@agency.example', { challenge, nonce })).statusCode).toBe(200);
    const reused = await forgot('forgetful@agency.example', { challenge, nonce });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(FORGOT_PASSWORD_ERRORS.captchaRefresh);

    const late = await solvedCaptcha();
    t.clock.advance(5 * MINUTE + 1);
    const expired = await forgot('forgetful@agency.example', late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(FORGOT_PASSWORD_ERRORS.captchaRefresh);
  });
});

describe('forgot password, end to end', () => {
  test('the e-mailed link sets a new password, signs in, and the old password stops working', async () => {
    t.clock.advance(2 * MINUTE);
    const before = (await messagesTo(t, 'forgetful@agency.example')).length;
    const answer = await forgot('Forgetful@Agency.example', await solvedCaptcha());
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'An email has been sent to you. Please follow the instructions to reset your password.' });
    const mails = await messagesTo(t, 'forgetful@agency.example');
    expect(mails.length).toBe(before + 1);
    const token = linkTokenIn(mails[0]?.body, 'confirmPasswordReset');

    expect((await t.inject({ method: 'GET', url: `/api/auth/v1/checkPasswordReset/${token}` })).json()).toEqual({
      email: 'forgetful@agency.example', firstName: 'Test',
    });
    const weak = await post(`/api/auth/v1/validatePasswordReset/${token}`, { password: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.length).toBeGreaterThan(0);

    const { refreshToken: oldSession } = await t.tokensFor('forgetful@agency.example');
    const reset = await post(`/api/auth/v1/validatePasswordReset/${token}`, { password: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await t.getAs(reset.json().accessToken, '/api/auth/v1/me')).json().email).toBe('forgetful@agency.example');
    // Other sessions ended; the link is spent; the new password signs in, the old one does not.
    expect((await post('/api/auth/v1/token/refresh', { refreshToken: oldSession })).statusCode).toBe(401);
    const again = await post(`/api/auth/v1/validatePasswordReset/${token}`, { password: NEW_PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TOKEN_LINK_ERRORS.resetLinkExpired);
    expect((await t.login('forgetful@agency.example', NEW_PASSWORD, {}, nextAddress())).statusCode).toBe(200);
    expect((await t.login('forgetful@agency.example', DEMO_PASSWORD, {}, nextAddress())).statusCode).toBe(401);
    const audit = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE action LIKE 'password.%'`);
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['password.reset-requested', 'password.reset']));
  });

  test('an unknown address gets the same answer and no mail', async () => {
    const answer = await forgot('nobody@nowhere.example', await solvedCaptcha());
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe('An email has been sent to you. Please follow the instructions to reset your password.');
    expect(await messagesTo(t, 'nobody@nowhere.example')).toEqual([]);
  });

  test("the spec's path form: POST passwords/{email}/reset with captchaResponse", async () => {
    const { challenge, nonce } = await solvedCaptcha();
    const url = `/api/auth/v1/passwords/aliased@agency.example/reset?captchaResponse=${encodeURIComponent(`${challenge}~${nonce}`)}`;
    expect((await t.inject({ method: 'POST', url })).statusCode).toBe(200);
    expect((await messagesTo(t, 'aliased@agency.example'))[0]?.body).toMatch(/\/confirmPasswordReset\//);
    const bad = await t.inject({ method: 'POST', url: '/api/auth/v1/passwords/aliased@agency.example/reset?captchaResponse=abc' });
    expect(bad.statusCode).toBe(400);
  });

  test('a reset link expires after an hour', async () => {
    await forgot('slow@agency.example', await solvedCaptcha());
    const token = linkTokenIn((await messagesTo(t, 'slow@agency.example'))[0]?.body, 'confirmPasswordReset');
    t.clock.advance(HOUR + 1000);
    const check = await t.inject({ method: 'GET', url: `/api/auth/v1/checkPasswordReset/${token}` });
    expect(check.statusCode).toBe(400);
    expect(check.json().message).toBe(TOKEN_LINK_ERRORS.resetLinkExpired);
    expect((await post(`/api/auth/v1/validatePasswordReset/${token}`, { password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/auth/v1/checkPasswordReset/unknown-token' })).statusCode).toBe(404);
  });
});

describe('confirm user, resend validation, expired password', () => {
  test('resend validation always answers 200 and mails only a user awaiting validation, who then confirms and signs in', async () => {
    const message = 'A validation email has been sent to your email address';
    for (const email of ['nobody@nowhere.example', 'agent@agency.example', 'invitee@agency.example']) {
      const response = await post(`/api/auth/v1/resendValidationEmail/${email}`);
      expect(response.statusCode, email).toBe(200);
      expect(response.json()).toEqual({ message });
    }
    expect(await messagesTo(t, 'nobody@nowhere.example')).toEqual([]);
    expect((await messagesTo(t, 'agent@agency.example')).some((mail) => /confirmUser/.test(mail.body))).toBe(false);
    const token = linkTokenIn((await messagesTo(t, 'invitee@agency.example'))[0]?.body, 'confirmUser');
    // A second request within a minute sends nothing more.
    await post('/api/auth/v1/resendValidationEmail/invitee@agency.example');
    expect((await messagesTo(t, 'invitee@agency.example')).length).toBe(1);

    expect((await t.login('invitee@agency.example', DEMO_PASSWORD, {}, nextAddress())).statusCode).toBe(412);
    expect((await t.inject({ method: 'GET', url: `/api/auth/v1/checkUserInvited/${token}` })).json().email).toBe('invitee@agency.example');
    const weak = await post(`/api/auth/v1/validateUserInvited/${token}`, { password: 'abc' });
    expect(weak.statusCode).toBe(400);
    const confirmed = await post(`/api/auth/v1/validateUserInvited/${token}`, { password: NEW_PASSWORD });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await t.getAs(confirmed.json().accessToken, '/api/auth/v1/me')).json().email).toBe('invitee@agency.example');
    expect((await t.login('invitee@agency.example', NEW_PASSWORD, {}, nextAddress())).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/auth/v1/checkUserInvited/${token}` })).statusCode).toBe(400);
  });

  test('a 418 sign-in e-mails a reset link, once a minute at most, which clears the expiry', async () => {
    const first = await t.login('old@agency.example', DEMO_PASSWORD, {}, nextAddress());
    expect(first.statusCode).toBe(418);
    await t.login('old@agency.example', DEMO_PASSWORD, {}, nextAddress());
    const mails = await messagesTo(t, 'old@agency.example');
    expect(mails.length).toBe(1);
    expect(mails[0]?.subject).toBe('Your password has expired');
    const token = linkTokenIn(mails[0]?.body, 'confirmPasswordReset');
    expect((await post(`/api/auth/v1/validatePasswordReset/${token}`, { password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await t.login('old@agency.example', NEW_PASSWORD, {}, nextAddress())).statusCode).toBe(200);
  });
});
