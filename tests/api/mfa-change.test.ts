import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { codeIn, messagesTo } from './support/mail.ts';
import { startTestApp, DEMO_PASSWORD, type TestApp } from './support/test-app.ts';

/**
 * Finding 9: MFA could be switched off (or moved to another device) with an access token alone. While MFA
 * is on, every change now needs the password or a current authenticator code.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.createUser({ email: 'mailmfa@agency.example', accountOf: 'agent@agency.example', mfaType: 'EMAIL' });
  await t.createUser({ email: 'appmfa@agency.example', accountOf: 'agent@agency.example' });
  await t.createUser({ email: 'plain@agency.example', accountOf: 'agent@agency.example' });
}, 60_000);
afterAll(() => t.close());

async function signedIn(email: string) {
  const asked = await t.login(email, DEMO_PASSWORD, {}, '10.66.0.1');
  const tokens = asked.statusCode === 307
    ? (await t.login(email, DEMO_PASSWORD, { mfaCode: codeIn((await messagesTo(t, email))[0]?.body) }, '10.66.0.1')).json()
    : asked.json();
  const headers = { authorization: `Bearer ${tokens.accessToken as string}` };
  return {
    update: (mfaType: string, payload?: Record<string, string>) =>
      t.inject({ method: 'PUT', url: `/api/auth/v1/mfa/update?mfaType=${mfaType}`, headers, ...(payload ? { payload } : {}) }),
    verify: (payload: Record<string, string>) => t.inject({ method: 'POST', url: '/api/auth/v1/mfa/verify', headers, payload }),
  };
}

const mfaTypeOf = async (email: string) =>
  (await t.db.query<{ mfa_type: string }>('SELECT mfa_type FROM users WHERE email = $1', [email]))[0]?.mfa_type;

describe('changing MFA while it is on', () => {
  test.each([
    ['switching it off with the token alone', 'NONE', undefined, /confirm it is you/],
    ['moving it to an authenticator app with the token alone', 'GOOGLE', undefined, /confirm it is you/],
    ['switching it off with a wrong password', 'NONE', { password: 'Wrong-Password-1!' }, /not correct/],
    ['switching it off with a made-up app code', 'NONE', { mfaCode: '123456' }, /not correct/],
  ])('%s is refused (400) and MFA stays on', async (_, mfaType, proof, message) => {
    const user = await signedIn('mailmfa@agency.example');
    const refused = await user.update(mfaType, proof);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(message);
    expect(await mfaTypeOf('mailmfa@agency.example')).toBe('EMAIL');
  });

  test('with the password it is switched off, audited', async () => {
    const user = await signedIn('mailmfa@agency.example');
    const done = await user.update('NONE', { password: DEMO_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(await mfaTypeOf('mailmfa@agency.example')).toBe('NONE');
  });

  test('an authenticator user confirms with a current app code', async () => {
    const user = await signedIn('appmfa@agency.example');
    const { secret } = (await user.update('GOOGLE')).json().authenticator as { secret: string };
    const now = Math.floor(t.clock.now().getTime() / 1000);
    expect((await user.verify({ mfa1: await generate({ secret, epoch: now }), mfa2: await generate({ secret, epoch: now + 30 }) })).statusCode).toBe(200);
    t.clock.advance(90_000);
    const later = Math.floor(t.clock.now().getTime() / 1000);
    const off = await user.update('NONE', { mfaCode: await generate({ secret, epoch: later }) });
    expect(off.statusCode, off.body).toBe(200);
    expect(await mfaTypeOf('appmfa@agency.example')).toBe('NONE');
  });

  test('turning MFA on needs no password (the session already proved the only factor there is)', async () => {
    const user = await signedIn('plain@agency.example');
    expect((await user.update('EMAIL')).statusCode).toBe(200);
  });
});
