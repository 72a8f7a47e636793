import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MFA_RESET_ERRORS } from '../../api/error-catalogue.ts';
import { codeIn, linkTokenIn, messagesTo, nextAddress } from './support/mail.ts';
import { startTestApp, DEMO_PASSWORD, type TestApp } from './support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  for (const email of ['totp@agency.example', 'mailcode@agency.example', 'nophone@agency.example', 'resetme@agency.example']) {
    await t.createUser({ email, accountOf: 'agent@agency.example' });
  }
  await t.createUser({ email: 'texter@agency.example', accountOf: 'agent@agency.example', phone: '3035550177' });
  await t.createUser({ email: 'resender@agency.example', accountOf: 'agent@agency.example', mfaType: 'EMAIL' });
}, 60_000);
afterAll(() => t.close());

const epoch = () => Math.floor(t.clock.now().getTime() / 1000);
const totpAt = (secret: string, seconds: number) => generate({ secret, epoch: seconds });

async function as(email: string) {
  const { accessToken } = await t.tokensFor(email);
  return {
    update: (mfaType: string) => t.inject({ method: 'PUT', url: `/api/auth/v1/mfa/update?mfaType=${mfaType}`, headers: { authorization: `Bearer ${accessToken}` } }),
    verify: (payload: Record<string, string>) =>
      t.inject({ method: 'POST', url: '/api/auth/v1/mfa/verify', headers: { authorization: `Bearer ${accessToken}` }, payload }),
    get: (url: string) => t.getAs(accessToken, url),
  };
}

describe('authenticator app (GOOGLE)', () => {
  test('enrol with two consecutive codes, then sign in with the app code; a code cannot be replayed', async () => {
    const user = await as('totp@agency.example');
    const started = await user.update('GOOGLE');
    expect(started.statusCode, started.body).toBe(200);
    const { authenticator, status } = started.json();
    expect(status).toBe('PENDING');
    expect(authenticator.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(authenticator.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect((await user.get('/api/auth/v1/mfa/authenticator')).json().secret).toBe(authenticator.secret);
    const { secret } = authenticator as { secret: string };

    const now = epoch();
    expect((await user.verify({ mfa1: await totpAt(secret, now) })).json().message).toBe('Enter two consecutive codes from your authenticator app.');
    const notConsecutive = await user.verify({ mfa1: await totpAt(secret, now), mfa2: await totpAt(secret, now + 60) });
    expect(notConsecutive.statusCode).toBe(400);
    const enabled = await user.verify({ mfa1: await totpAt(secret, now), mfa2: await totpAt(secret, now + 30) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({ mfaType: 'GOOGLE', status: 'ENABLED' });
    expect((await user.get('/api/auth/v1/me')).json().mfaType).toBe('GOOGLE');
    const stored = await t.db.query<{ totp_secret: string }>(`SELECT totp_secret FROM users WHERE email = 'totp@agency.example'`);
    expect(stored[0]?.totp_secret).not.toContain(secret);

    const address = nextAddress();
    const asked = await t.login('totp@agency.example', DEMO_PASSWORD, {}, address);
    expect(asked.statusCode).toBe(307);
    expect(asked.json()).toEqual({ mfaType: 'GOOGLE', message: 'Enter the code from your authenticator app.' });
    expect(await messagesTo(t, 'totp@agency.example')).toEqual([]);
    t.clock.advance(60_000);
    const code = await totpAt(secret, epoch());
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await t.login('totp@agency.example', DEMO_PASSWORD, { mfaCode: wrong, mfaType: 'GOOGLE' }, address)).statusCode).toBe(401);
    const signedIn = await t.login('totp@agency.example', DEMO_PASSWORD, { mfaCode: code, mfaType: 'GOOGLE' }, address);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await t.login('totp@agency.example', DEMO_PASSWORD, { mfaCode: code }, address)).statusCode).toBe(401);
  });
});

describe('codes by e-mail and text', () => {
  test('EMAIL: the code sent confirms the change; a wrong one does not', async () => {
    const user = await as('mailcode@agency.example');
    expect((await user.update('EMAIL')).json()).toMatchObject({ mfaType: 'EMAIL', status: 'PENDING' });
    const code = codeIn((await messagesTo(t, 'mailcode@agency.example'))[0]?.body);
    const wrong = await user.verify({ mfa1: code === '123456' ? '654321' : '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The verification code is incorrect. Please try again.');
    expect((await user.verify({ mfa1: code })).json()).toMatchObject({ mfaType: 'EMAIL', status: 'ENABLED' });
    const login = await t.login('mailcode@agency.example', DEMO_PASSWORD, {}, nextAddress());
    expect(login.statusCode).toBe(307);
    expect(login.json().mfaType).toBe('EMAIL');
  });

  test('SMS: needs a phone number; the code goes by text', async () => {
    const noPhone = await (await as('nophone@agency.example')).update('SMS');
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toBe('Add a phone number to your profile before choosing text messages.');
    const user = await as('texter@agency.example');
    expect((await user.update('SMS')).json().message).toMatch(/sent to your phone/);
    const code = codeIn((await messagesTo(t, '3035550177'))[0]?.body);
    expect((await user.verify({ mfa1: code })).json()).toMatchObject({ mfaType: 'SMS', status: 'ENABLED' });
    const address = nextAddress();
    expect((await t.login('texter@agency.example', DEMO_PASSWORD, {}, address)).json().mfaType).toBe('SMS');
    const loginCode = codeIn((await messagesTo(t, '3035550177'))[0]?.body);
    expect((await t.login('texter@agency.example', DEMO_PASSWORD, { mfaCode: loginCode }, address)).statusCode).toBe(200);
  });

  test('verify without a change in progress is a 400; NONE is refused where the account enforces MFA', async () => {
    const user = await as('nophone@agency.example');
    expect((await user.verify({ mfa1: '123456' })).statusCode).toBe(400);
    await t.db.query(`UPDATE accounts SET enforce_mfa = true WHERE name = 'Thames Cyber Brokers'`);
    const refused = await (await as('broker@brokerage.example')).update('NONE');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/requires multi-factor authentication/);
    expect((await user.update('NONE')).json()).toMatchObject({ mfaType: 'NONE', status: 'DISABLED' });
  });

  test('a new sign-in code can be asked for during sign-in, with the credentials', async () => {
    const address = nextAddress();
    const resend = (password: string) =>
      t.inject({ method: 'POST', url: '/api/auth/v1/mfa/resend', payload: { username: 'resender@agency.example', password }, remoteAddress: address });
    expect((await resend('Wrong-Password-1!')).statusCode).toBe(401);
    const sent = await resend(DEMO_PASSWORD);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ mfaType: 'EMAIL' });
    const code = codeIn((await messagesTo(t, 'resender@agency.example'))[0]?.body);
    expect((await t.login('resender@agency.example', DEMO_PASSWORD, { mfaCode: code }, address)).statusCode).toBe(200);
    const noMfa = await t.inject({ method: 'POST', url: '/api/auth/v1/mfa/resend', payload: { username: 'agent@agency.example', password: DEMO_PASSWORD } });
    expect(noMfa.statusCode).toBe(400);
  });
});

describe('MFA reset', () => {
  test('by username and password: wrong credentials get the spec text; right ones e-mail a link that resets MFA once', async () => {
    const user = await as('resetme@agency.example');
    await user.update('EMAIL');
    await user.verify({ mfa1: codeIn((await messagesTo(t, 'resetme@agency.example'))[0]?.body) });
    const reset = (password: string) =>
      t.inject({ method: 'POST', url: '/api/auth/v1/mfa/reset', payload: { username: 'resetme@agency.example', password }, remoteAddress: nextAddress() });

    const wrong = await reset('Wrong-Password-1!');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MFA_RESET_ERRORS.invalidCredentials);
    const unknown = await t.inject({ method: 'POST', url: '/api/auth/v1/mfa/reset', payload: { username: 'ghost@nowhere.example', password: DEMO_PASSWORD } });
    expect(unknown.json().message).toBe(MFA_RESET_ERRORS.invalidCredentials);

    const sent = await reset(DEMO_PASSWORD);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('An email has been sent to you. Please follow the instructions to reset your MFA.');
    const token = linkTokenIn((await messagesTo(t, 'resetme@agency.example'))[0]?.body, 'confirmMfaReset');
    expect((await t.login('resetme@agency.example', DEMO_PASSWORD, {}, nextAddress())).statusCode).toBe(307);

    const done = await t.inject({ method: 'POST', url: `/api/auth/v1/validateMFAReset/${token}` });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toMatch(/sign in without it/);
    expect((await t.login('resetme@agency.example', DEMO_PASSWORD, {}, nextAddress())).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: `/api/auth/v1/validateMFAReset/${token}` })).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: '/api/auth/v1/validateMFAReset/unknown' })).statusCode).toBe(404);
    const audit = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE action LIKE 'mfa.%'`);
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['mfa.enabled', 'mfa.reset-requested', 'mfa.reset']));
  });
});
