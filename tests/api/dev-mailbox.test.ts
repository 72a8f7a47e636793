import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { solveChallenge } from '../../server/auth/captcha.ts';
import { nextAddress } from './support/mail.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Finding 2: the development mailbox was public, so anyone could take over any account by asking for a
 * password reset and reading the link from it. It now needs a provider staff session and every read is
 * audited; production has no mailbox at all (contract.test.ts, production-start.test.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.createUser({ email: 'victim@agency.example', accountOf: 'agent@agency.example' });
}, 60_000);
afterAll(() => t.close());

const outbox = (to: string, token?: string) =>
  t.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}`, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });

describe('the development mailbox', () => {
  test('the takeover chain stops at the mailbox: a reset link is sent, but an anonymous caller cannot read it', async () => {
    const challenge = (await t.inject({ method: 'GET', url: '/api/auth/v1/captcha/challenge' })).json();
    const captcha = { challenge: challenge.challenge as string, nonce: solveChallenge(challenge.salt, challenge.difficulty) };
    const forgot = await t.inject({
      method: 'POST', url: '/api/auth/v1/passwords/forgot', payload: { email: 'victim@agency.example', captcha }, remoteAddress: nextAddress(),
    });
    expect(forgot.statusCode).toBe(200);
    const read = await outbox('victim@agency.example');
    expect(read.statusCode).toBe(401);
    expect(read.body).not.toMatch(/confirmPasswordReset/);
  });

  test.each([
    ['agent@agency.example'],
    ['policyholder@insured.example'],
    ['operator@provider.example'],
    ['underwriter@provider.example'],
  ])('%s (no mailbox:read) gets 403, and the refusal is audited', async (email) => {
    const { accessToken } = await t.tokensFor(email);
    const read = await outbox('victim@agency.example', accessToken);
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toMatch(/confirmPasswordReset/);
    const denials = await t.db.query<{ detail: { reason: string } }>(
      `SELECT a.detail FROM audit_log a JOIN users u ON u.id = a.actor_user_id
       WHERE a.action = 'access.denied' AND a.target = 'listOutbox' AND u.email = $1`,
      [email],
    );
    expect(denials.map((row) => row.detail.reason)).toContain('permission');
  });

  test('the provider Super Admin reads it, and the read is audited with the address asked for', async () => {
    const { accessToken } = await t.tokensFor('admin@provider.example');
    const read = await outbox('victim@agency.example', accessToken);
    expect(read.statusCode).toBe(200);
    expect(read.json().content[0].body).toMatch(/confirmPasswordReset/);
    const [entry] = await t.db.query<{ action: string; target: string }>(
      `SELECT action, target FROM audit_log WHERE action = 'mailbox.read' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toEqual({ action: 'mailbox.read', target: 'victim@agency.example' });
  });
});
