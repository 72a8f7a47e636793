import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { linkTokenIn, messagesTo } from './support/mail.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Finding 12: a staff invitation of an existing user added the membership at once, and nothing could remove
 * one. A membership now starts when the invitee accepts, and staff or the account's admins can end it.
 */
let t: TestApp;
let admin: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.tokensFor('admin@provider.example')).accessToken;
  for (const row of await t.db.query<{ id: string; name: string }>('SELECT id, name FROM accounts')) ids[row.name] = row.id;
  await t.createUser({ email: 'roamer@otheragency.example', accountOf: 'agent@otheragency.example' });
}, 60_000);
afterAll(() => t.close());

const AGENCY = 'Summit Risk Partners';
const as = (token: string) => ({ authorization: `Bearer ${token}` });
const userId = async (email: string) => (await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
const memberships = async (email: string) =>
  (await t.db.query<{ account_id: string }>('SELECT ua.account_id FROM user_accounts ua JOIN users u ON u.id = ua.user_id WHERE u.email = $1', [email]))
    .map((row) => row.account_id);
const auditActions = async (action: string) =>
  t.db.query<{ actor_user_id: string | null; target: string | null; detail: Record<string, unknown> }>(
    'SELECT actor_user_id, target, detail FROM audit_log WHERE action = $1 ORDER BY id', [action],
  );
const remove = (token: string, user: string, account: string) =>
  t.inject({ method: 'DELETE', url: `/api/auth/v1/users/${user}/accounts/${account}`, headers: as(token) });
const switchTo = (token: string, account: string) =>
  t.inject({ method: 'POST', url: `/api/auth/v1/accounts/${account}/myToken`, headers: as(token) });

async function invite(email: string, accountId: string): Promise<string> {
  const created = await t.inject({
    method: 'POST', url: '/api/auth/v1/invitations', headers: as(admin), payload: { tokenType: 'EXISTING_USER', email, accountId },
  });
  expect(created.statusCode, created.body).toBe(201);
  return linkTokenIn((await messagesTo(t, email))[0]?.body, 'signup-validation');
}

describe('account memberships', () => {
  test('an invitation grants nothing until the invitee accepts; only the invitee can accept; both steps are audited', async () => {
    const token = await invite('roamer@otheragency.example', ids[AGENCY]!);
    expect(await memberships('roamer@otheragency.example')).toEqual([]);
    const adminId = await userId('admin@provider.example');
    expect((await auditActions('invitation.create')).at(-1)).toMatchObject({
      actor_user_id: adminId, target: 'roamer@otheragency.example', detail: { tokenType: 'EXISTING_USER', accountId: ids[AGENCY] },
    });
    expect(await auditActions('membership.added')).toEqual([]);

    const someoneElse = (await t.tokensFor('agent@otheragency.example')).accessToken;
    const stolen = await t.inject({ method: 'POST', url: `/api/auth/v1/invitations/accept?validationToken=${token}`, headers: as(someoneElse) });
    expect(stolen.statusCode).toBe(404);
    expect(await memberships('agent@otheragency.example')).toEqual([]);

    const roamer = (await t.tokensFor('roamer@otheragency.example')).accessToken;
    const accepted = await t.inject({ method: 'POST', url: `/api/auth/v1/invitations/accept?validationToken=${token}`, headers: as(roamer) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ accountId: ids[AGENCY], accountName: AGENCY });
    expect(await memberships('roamer@otheragency.example')).toEqual([ids[AGENCY]]);
    expect((await t.inject({ method: 'POST', url: `/api/auth/v1/invitations/accept?validationToken=${token}`, headers: as(roamer) })).statusCode).toBe(404);
    const [added] = await auditActions('membership.added');
    expect(added).toMatchObject({
      actor_user_id: await userId('roamer@otheragency.example'), target: await userId('roamer@otheragency.example'),
      detail: { accountId: ids[AGENCY], roleId: 'agency-admin', invitedBy: adminId },
    });
    expect((await switchTo(roamer, ids[AGENCY]!)).statusCode).toBe(200);
  });

  test('an agent of another agency cannot remove it (404, as if it did not exist); the home account cannot be removed', async () => {
    const roamerId = await userId('roamer@otheragency.example');
    // Admins of another agency, and of the user's own agency, are not admins of the account in question.
    for (const email of ['broker@brokerage.example', 'agent@otheragency.example']) {
      const outsider = (await t.tokensFor(email)).accessToken;
      const refused = await remove(outsider, roamerId, ids[AGENCY]!);
      expect(refused.statusCode, email).toBe(404);
      expect(refused.json().message).toBe('This membership does not exist.');
    }
    expect(await memberships('roamer@otheragency.example')).toEqual([ids[AGENCY]]);
    const home = await remove(admin, roamerId, ids['Harbor Insurance Group']!);
    expect(home.statusCode).toBe(400);
    expect(home.json().message).toMatch(/own account cannot be removed/);
  });

  test('staff remove it: audited, the user can no longer switch in, and a session inside that account ends at once', async () => {
    const roamerId = await userId('roamer@otheragency.example');
    const roamer = (await t.tokensFor('roamer@otheragency.example')).accessToken;
    const entry = (await switchTo(roamer, ids[AGENCY]!)).json().token as string;
    const inside = (await t.inject({ method: 'POST', url: `/api/auth/v1/loading/${entry}` })).json();
    expect((await t.getAs(inside.accessToken, '/api/auth/v1/me')).statusCode).toBe(200);

    expect((await remove(admin, roamerId, ids[AGENCY]!)).statusCode).toBe(204);
    expect(await memberships('roamer@otheragency.example')).toEqual([]);
    expect((await switchTo(roamer, ids[AGENCY]!)).statusCode).toBe(404);
    expect((await t.getAs(inside.accessToken, '/api/auth/v1/me')).statusCode).toBe(401);
    const [removed] = await auditActions('membership.removed');
    expect(removed).toMatchObject({
      actor_user_id: await userId('admin@provider.example'), target: roamerId, detail: { accountId: ids[AGENCY], roleId: 'agency-admin' },
    });
    expect((await remove(admin, roamerId, ids[AGENCY]!)).statusCode).toBe(404);
  });

  test("an account's own admin removes a membership of their account", async () => {
    const token = await invite('roamer@otheragency.example', ids[AGENCY]!);
    const roamer = (await t.tokensFor('roamer@otheragency.example')).accessToken;
    await t.inject({ method: 'POST', url: `/api/auth/v1/invitations/accept?validationToken=${token}`, headers: as(roamer) });
    const agencyAdmin = (await t.tokensFor('agent@agency.example')).accessToken;
    expect((await remove(agencyAdmin, await userId('roamer@otheragency.example'), ids[AGENCY]!)).statusCode).toBe(204);
  });

  test("an invitation to the user's own account grants and audits no membership", async () => {
    const added = (await auditActions('membership.added')).length;
    const token = await invite('roamer@otheragency.example', ids['Harbor Insurance Group']!);
    const roamer = (await t.tokensFor('roamer@otheragency.example')).accessToken;
    const accepted = await t.inject({ method: 'POST', url: `/api/auth/v1/invitations/accept?validationToken=${token}`, headers: as(roamer) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await memberships('roamer@otheragency.example')).toEqual([]);
    expect(await auditActions('membership.added')).toHaveLength(added);
  });
});
