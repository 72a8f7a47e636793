import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { JOIN_ERRORS, TOKEN_LINK_ERRORS } from '../../api/error-catalogue.ts';
import { DAY } from '../../server/clock.ts';
import { linkTokenIn, messagesTo } from './support/mail.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
const ids: Record<string, string> = {};
const NEW_PASSWORD = 'Fresh-Start-2026!';

beforeAll(async () => {
  t = await startTestApp();
  for (const row of await t.db.query<{ id: string; name: string }>('SELECT id, name FROM accounts')) ids[row.name] = row.id;
}, 60_000);
afterAll(() => t.close());

const AGENCY = 'Summit Risk Partners';

async function invite(payload: Record<string, unknown>, as = 'admin@provider.example') {
  const { accessToken } = await t.tokensFor(as);
  return t.inject({ method: 'POST', url: '/api/auth/v1/invitations', headers: { authorization: `Bearer ${accessToken}` }, payload });
}

/** Invites and returns the link token from the e-mail, with the answer. */
async function invited(payload: Record<string, unknown>) {
  const response = await invite(payload);
  expect(response.statusCode, response.body).toBe(201);
  const [mail] = await messagesTo(t, String(payload.email));
  return { token: linkTokenIn(mail?.body, 'signup-validation'), answer: response.json(), mail };
}

const tokenInfo = (token: string) => t.inject({ method: 'GET', url: `/api/auth/v1/validationTokens/${token}` });
const signUp = (token: string, payload: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: `/api/auth/v1/signup?validationToken=${token}`, payload });
const join = (token: string, payload: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: `/api/auth/v1/join?validationToken=${token}`, payload });

describe('invitations are created by provider staff only', () => {
  test('an agency admin (who may manage users) and an underwriter get 403; no token gets 401', async () => {
    const payload = { tokenType: 'NEW_ACCOUNT', email: 'nobody1@new.example', accountType: 'AGENCY' };
    expect((await invite(payload, 'agent@agency.example')).statusCode).toBe(403);
    expect((await invite(payload, 'underwriter@provider.example')).statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url: '/api/auth/v1/invitations', payload })).statusCode).toBe(401);
  });

  test('bad invitations are refused with a readable 400 or 409', async () => {
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ tokenType: 'NEW_ACCOUNT', email: 'x1@new.example' }, 400, /accountType is a required field/],
      [{ tokenType: 'NEW_ACCOUNT', email: 'x2@new.example', accountType: 'COWBELL' }, 400, /cannot be created by sign-up/],
      [{ tokenType: 'NEW_ACCOUNT', email: 'agent@agency.example', accountType: 'AGENCY' }, 409, /already exists/],
      [{ tokenType: 'EXISTING_ACCOUNT', email: 'x3@new.example' }, 400, /accountId is a required field/],
      [{ tokenType: 'EXISTING_USER', email: 'x4@new.example' }, 409, /No user has this email/],
      [{ tokenType: 'EXISTING_ACCOUNT', email: 'x5@new.example', accountId: ids[AGENCY], roleId: 'carrier-admin' }, 400, /does not belong/],
      [{ tokenType: 'QUOTE_SENT_NEW_USER', email: 'x6@new.example', accountId: ids[AGENCY], redirectURL: '//evil.example/x' }, 400, /redirectURL/],
      [{ tokenType: 'NEW_ACCOUNT', email: 'not-an-email', accountType: 'AGENCY' }, 400, /email must be a valid email address/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await invite(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toMatch(message);
    }
  });
});

describe('NEW_ACCOUNT: sign-up creates the organisation and its first user', () => {
  test('an agency signs up with the invitation code, is signed in, and can sign in again', async () => {
    const { token, answer, mail } = await invited({ tokenType: 'NEW_ACCOUNT', email: 'founder@newagency.example', accountType: 'AGENCY', firstName: 'Fay' });
    expect(answer.invitationCode).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(mail?.body).not.toContain(answer.invitationCode);
    expect((await tokenInfo(token)).json()).toEqual({
      tokenType: 'NEW_ACCOUNT', accountType: 'AGENCY', email: 'founder@newagency.example', firstName: 'Fay', lastName: null, redirectURL: null,
    });
    const form = { invitationCode: answer.invitationCode, password: NEW_PASSWORD, organization: 'Newco Insurance', firstName: 'Fay', lastName: 'Founder', npn: '12345678', accountType: 'AGENCY' };

    const wrongCode = await signUp(token, { ...form, invitationCode: 'WRONG-CODE1' });
    expect(wrongCode.statusCode).toBe(412);
    expect(wrongCode.json().message).toBe('The invitation code is not valid. Please contact support to get one.');
    // The sign-up definition's rule npn-for-producers answers, through the server's automatic form check.
    const noNpn = await signUp(token, { ...form, npn: '' });
    expect(noNpn.statusCode).toBe(400);
    expect(noNpn.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: [{ field: 'npn', message: 'Producer number is required', code: 'required' }],
    });
    const weak = await signUp(token, { ...form, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.map((error: { code: string }) => error.code)).toContain('PASSWORD_TOO_SHORT');
    const wrongType = await signUp(token, { ...form, accountType: 'CARRIER' });
    expect(wrongType.statusCode).toBe(412);

    const done = await signUp(token, { ...form, invitationCode: answer.invitationCode.toLowerCase() });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ accountType: 'AGENCY', redirectURL: null });
    const me = (await t.getAs(done.json().accessToken, '/api/auth/v1/me')).json();
    expect(me).toMatchObject({
      email: 'founder@newagency.example', firstName: 'Fay', npn: '12345678', role: { id: 'agency-admin' },
      account: { name: 'Newco Insurance', accountType: 'AGENCY', npn: '12345678' }, ghosting: false,
    });
    expect((await t.login('founder@newagency.example', NEW_PASSWORD, {}, '10.3.0.1')).statusCode).toBe(200);

    // The link works once.
    expect((await signUp(token, form)).json().message).toBe(TOKEN_LINK_ERRORS.linkExpired);
    expect((await tokenInfo(token)).statusCode).toBe(400);
    const actions = (await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action IN ('invitation.create', 'account.create', 'user.create')`,
    )).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['invitation.create', 'account.create', 'user.create']));
  });

  test('a CUSTOMER signs up without an NPN', async () => {
    const { token, answer } = await invited({ tokenType: 'NEW_ACCOUNT', email: 'owner@shop.example', accountType: 'CUSTOMER' });
    const done = await signUp(token, {
      invitationCode: answer.invitationCode, password: NEW_PASSWORD, organization: 'Corner Shop LLC', firstName: 'Cal', lastName: 'Owner',
    });
    expect(done.statusCode, done.body).toBe(200);
    const me = (await t.getAs(done.json().accessToken, '/api/auth/v1/me')).json();
    expect(me.account).toMatchObject({ accountType: 'CUSTOMER', npn: null, name: 'Corner Shop LLC' });
  });

  test("the NPN is required by the link's account type and the edition, not by what the body claims", async () => {
    const { token, answer } = await invited({ tokenType: 'NEW_ACCOUNT', email: 'producer@npn.example', accountType: 'AGENCY' });
    const form = { invitationCode: answer.invitationCode, password: NEW_PASSWORD, organization: 'Npn Agency', firstName: 'Nia', lastName: 'Producer' };
    const npnError = [{ field: 'npn', message: 'Producer number is required', code: 'required' }];
    // Left out, or the body claiming a policyholder's type: the link says AGENCY, so the NPN is asked for.
    for (const body of [form, { ...form, accountType: 'CUSTOMER' }, { ...form, npn: '   ' }]) {
      const refused = await signUp(token, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().errors).toEqual(npnError);
    }
    // The UK edition has no NPN: the form hides the field, and a number sent anyway is not stored.
    const uk = await t.inject({
      method: 'POST', url: `/api/auth/v1/signup?validationToken=${token}`, headers: { host: 'console.example.uk' }, payload: { ...form, npn: '555' },
    });
    expect(uk.statusCode, uk.body).toBe(200);
    const me = (await t.getAs(uk.json().accessToken, '/api/auth/v1/me')).json();
    expect(me.account).toMatchObject({ name: 'Npn Agency', accountType: 'AGENCY', npn: null });
  });

  test('five wrong invitation codes void the link', async () => {
    const { token, answer } = await invited({ tokenType: 'NEW_ACCOUNT', email: 'guesser@new.example', accountType: 'CUSTOMER' });
    const form = { password: NEW_PASSWORD, organization: 'Guess Inc', firstName: 'G', lastName: 'Uesser' };
    for (let i = 0; i < 4; i += 1) expect((await signUp(token, { ...form, invitationCode: `BAD${i}` })).statusCode).toBe(412);
    const last = await signUp(token, { ...form, invitationCode: 'BAD5' });
    expect(last.json().message).toBe('Too many incorrect invitation codes. Please contact support for a new invitation.');
    const right = await signUp(token, { ...form, invitationCode: answer.invitationCode });
    expect(right.statusCode).toBe(412);
    expect(right.json().message).toBe(TOKEN_LINK_ERRORS.linkExpired);
  });

  test('sign-up with a join link is refused', async () => {
    const { token } = await invited({ tokenType: 'EXISTING_ACCOUNT', email: 'joiner0@agency.example', accountId: ids[AGENCY] });
    const response = await signUp(token, { invitationCode: 'X', password: NEW_PASSWORD, organization: 'O', firstName: 'A', lastName: 'B', npn: '1' });
    expect(response.statusCode).toBe(412);
    expect(response.json().message).toBe(JOIN_ERRORS.authorizationFailed);
  });
});

describe('join links create a user in the invited account', () => {
  test('EXISTING_ACCOUNT: names and password, then signed in to the agency', async () => {
    const { token } = await invited({ tokenType: 'EXISTING_ACCOUNT', email: 'joiner@agency.example', accountId: ids[AGENCY] });
    expect((await tokenInfo(token)).json()).toMatchObject({ tokenType: 'EXISTING_ACCOUNT', accountType: 'AGENCY' });
    const noName = await join(token, { password: NEW_PASSWORD, lastName: 'Joiner' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('First name is required');
    const weak = await join(token, { firstName: 'Jo', lastName: 'Joiner', password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/^The password does not meet the requirements: /);
    expect(weak.json().errors.map((error: { detail: string }) => error.detail)).toEqual(
      expect.arrayContaining(['At least one uppercase letter', 'At least one number', 'At least one special character']),
    );
    const done = await join(token, { firstName: 'Jo', lastName: 'Joiner', password: NEW_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    const me = (await t.getAs(done.json().accessToken, '/api/auth/v1/me')).json();
    expect(me).toMatchObject({ email: 'joiner@agency.example', account: { name: AGENCY }, role: { id: 'agency-admin' } });
    const reused = await join(token, { firstName: 'Jo', lastName: 'Joiner', password: NEW_PASSWORD });
    expect(reused.statusCode).toBe(404);
    expect(reused.json().message).toBe(JOIN_ERRORS.setupLinkExpired);
  });

  test('QUOTE_SENT_NEW_USER: password only, and the answer carries the redirect URL', async () => {
    const { token } = await invited({
      tokenType: 'QUOTE_SENT_NEW_USER', email: 'insured2@client.example', accountId: ids['Acme Precision Manufacturing'],
      firstName: 'Quinn', lastName: 'Quote', redirectURL: '/quote/42/request-to-bind/P100',
    });
    expect((await tokenInfo(token)).json()).toMatchObject({ tokenType: 'QUOTE_SENT_NEW_USER', accountType: 'CUSTOMER', redirectURL: '/quote/42/request-to-bind/P100' });
    const done = await join(token, { password: NEW_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ redirectURL: '/quote/42/request-to-bind/P100', accountType: 'CUSTOMER' });
  });

  test('join errors: unknown link 404, a sign-up link 412, an expired link 404 (and 400 on lookup)', async () => {
    const unknown = await join('no-such-token', { firstName: 'A', lastName: 'B', password: NEW_PASSWORD });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(JOIN_ERRORS.setupLinkExpired);
    expect((await tokenInfo('no-such-token')).statusCode).toBe(404);

    const { token: signupToken } = await invited({ tokenType: 'NEW_ACCOUNT', email: 'wrongkind@new.example', accountType: 'AGENCY' });
    const wrongKind = await join(signupToken, { firstName: 'A', lastName: 'B', password: NEW_PASSWORD });
    expect(wrongKind.statusCode).toBe(412);
    expect(wrongKind.json().message).toBe(JOIN_ERRORS.authorizationFailed);

    const { token } = await invited({ tokenType: 'EXISTING_ACCOUNT', email: 'late@agency.example', accountId: ids[AGENCY] });
    t.clock.advance(8 * DAY);
    const late = await join(token, { firstName: 'La', lastName: 'Te', password: NEW_PASSWORD });
    expect(late.statusCode).toBe(404);
    const lookup = await tokenInfo(token);
    expect(lookup.statusCode).toBe(400);
    expect(lookup.json().message).toBe(TOKEN_LINK_ERRORS.linkExpired);
  });
});

describe('existing-user links send the user to sign in', () => {
  test('EXISTING_USER adds the account only when the user accepts it, then they can switch to it; join and sign-up refuse the link', async () => {
    const { token } = await invited({ tokenType: 'EXISTING_USER', email: 'agent@otheragency.example', accountId: ids[AGENCY] });
    expect((await tokenInfo(token)).json()).toMatchObject({ tokenType: 'EXISTING_USER', accountType: 'AGENCY' });
    expect((await join(token, { firstName: 'A', lastName: 'B', password: NEW_PASSWORD })).statusCode).toBe(412);
    const { accessToken } = await t.tokensFor('agent@otheragency.example');
    const names = async () => (await t.getAs(accessToken, '/api/auth/v1/my-accounts')).json().content.map((account: { name: string }) => account.name);
    expect(await names()).toEqual(['Harbor Insurance Group']);
    const accepted = await t.inject({
      method: 'POST', url: `/api/auth/v1/invitations/accept?validationToken=${token}`, headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await names()).toEqual(['Harbor Insurance Group', AGENCY]);
  });

  test('QUOTE_LINK_EXISTING_AGENT tells the lookup where to go after sign-in', async () => {
    const { token } = await invited({ tokenType: 'QUOTE_LINK_EXISTING_AGENT', email: 'agent@agency.example', redirectURL: '/agency/quotes/7' });
    expect((await tokenInfo(token)).json()).toMatchObject({ tokenType: 'QUOTE_LINK_EXISTING_AGENT', accountType: 'AGENCY', redirectURL: '/agency/quotes/7' });
  });
});
