import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const row of await t.db.query<{ id: string; name: string }>('SELECT id, name FROM accounts')) ids[row.name] = row.id;
}, 60_000);
afterAll(() => t.close());

const AGENCY = 'Summit Risk Partners';
const OTHER_AGENCY = 'Harbor Insurance Group';
const INSURED = 'Acme Precision Manufacturing';
const CARRIER = 'Keystone Specialty Insurance Company';

const postAs = (accessToken: string, url: string) => t.inject({ method: 'POST', url, headers: { authorization: `Bearer ${accessToken}` } });
const exchange = (token: string, via: 'loading' | 'admin/enter' = 'loading') => t.inject({ method: 'POST', url: `/api/auth/v1/${via}/${token}` });

async function jumpToken(email: string, persona: string, accountId: string | undefined) {
  const { accessToken } = await t.tokensFor(email);
  return postAs(accessToken, `/api/auth/v1/${persona}/${accountId}/jtoken`);
}

describe('jumping into an account (provider users only)', () => {
  test('a provider admin enters an agency as a ghost: the agency is the tenant, the subscriber type stays COWBELL', async () => {
    const issued = await jumpToken('admin@provider.example', 'agency', ids[AGENCY]);
    expect(issued.statusCode, issued.body).toBe(200);
    const entry = issued.json();
    expect(entry).toMatchObject({ accountId: ids[AGENCY], accountName: AGENCY, accountType: 'AGENCY', expiresIn: 120 });
    expect(entry.url).toBe(`/loading/${entry.token}?accountName=Summit%20Risk%20Partners`);

    const entered = await exchange(entry.token);
    expect(entered.statusCode, entered.body).toBe(200);
    const { accessToken, refreshToken } = entered.json();
    const me = (await t.getAs(accessToken, '/api/auth/v1/me')).json();
    expect(me).toMatchObject({
      email: 'admin@provider.example', subscriberType: 'COWBELL', ghosting: true, operator: false,
      account: { name: AGENCY, accountType: 'AGENCY' }, role: { id: 'provider-super-admin' },
    });
    expect((await t.getAs(accessToken, `/api/account/v1/accounts/${ids[INSURED]}`)).statusCode).toBe(200);
    expect((await t.getAs(accessToken, `/api/account/v1/accounts/${ids[OTHER_AGENCY]}`)).statusCode).toBe(404);
    const users = (await t.getAs(accessToken, '/api/auth/v1/users')).json();
    expect(users.content.map((user: { email: string }) => user.email)).toContain('agent@agency.example');

    // The token works once; a refresh stays in the agency.
    expect((await exchange(entry.token)).statusCode).toBe(404);
    const refreshed = await t.inject({ method: 'POST', url: '/api/auth/v1/token/refresh', payload: { refreshToken } });
    expect((await t.getAs(refreshed.json().accessToken, '/api/auth/v1/me')).json()).toMatchObject({ ghosting: true, account: { name: AGENCY } });
    // Inviting needs provider staff acting as themselves, not as a ghost inside an agency.
    const invite = await t.inject({
      method: 'POST', url: '/api/auth/v1/invitations', headers: { authorization: `Bearer ${accessToken}` },
      payload: { tokenType: 'NEW_ACCOUNT', email: 'ghostly@new.example', accountType: 'AGENCY' },
    });
    expect(invite.statusCode).toBe(403);
  });

  test('admin/enter takes jump tokens; tokens expire after two minutes', async () => {
    const entry = (await jumpToken('admin@provider.example', 'carrier', ids[CARRIER])).json();
    const entered = await exchange(entry.token, 'admin/enter');
    expect(entered.statusCode).toBe(200);
    expect((await t.getAs(entered.json().accessToken, '/api/auth/v1/me')).json().account.accountType).toBe('CARRIER');
    const late = (await jumpToken('admin@provider.example', 'customer', ids[INSURED])).json();
    t.clock.advance(2 * 60_000 + 1000);
    expect((await exchange(late.token)).statusCode).toBe(404);
    expect((await exchange('not-a-token', 'admin/enter')).statusCode).toBe(404);
  });

  test('an agency user gets 403, so does an underwriter without account:jump; an operator may jump', async () => {
    expect((await jumpToken('agent@agency.example', 'customer', ids[INSURED])).statusCode).toBe(403);
    expect((await jumpToken('underwriter@provider.example', 'agency', ids[AGENCY])).statusCode).toBe(403);
    const operator = await jumpToken('operator@provider.example', 'agency', ids[AGENCY]);
    expect(operator.statusCode).toBe(200);
    const session = (await exchange(operator.json().token)).json();
    const me = (await t.getAs(session.accessToken, '/api/auth/v1/me')).json();
    expect(me).toMatchObject({ operator: true, ghosting: true, scopes: ['role:operator'] });
    const { accessToken } = await t.tokensFor('admin@provider.example');
    expect((await t.getAs(accessToken, '/api/auth/v1/me')).json()).toMatchObject({ operator: false, ghosting: false, scopes: ['role:admin', 'role:operator'] });
  });

  test('the area must match the account type; an unknown account is 404, an unknown area 400', async () => {
    const wrongArea = await jumpToken('admin@provider.example', 'carrier', ids[AGENCY]);
    expect(wrongArea.statusCode).toBe(400);
    expect(wrongArea.json().message).toBe("The account is a AGENCY account; it cannot be entered through the 'carrier' area.");
    expect((await jumpToken('admin@provider.example', 'agency', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await jumpToken('admin@provider.example', 'nowhere', ids[AGENCY])).statusCode).toBe(400);
  });
});

describe('switching account (only to accounts the user belongs to)', () => {
  test('the cluster user switches to an agency they belong to, with the role they hold there; not to others', async () => {
    const { accessToken } = await t.tokensFor('cluster@cluster.example');
    const mine = (await t.getAs(accessToken, '/api/auth/v1/my-accounts')).json();
    expect(mine.content.map((account: { name: string }) => account.name)).toEqual(['Mountain States Agency Cluster', OTHER_AGENCY, AGENCY]);

    const issued = await postAs(accessToken, `/api/auth/v1/accounts/${ids[AGENCY]}/myToken`);
    expect(issued.statusCode, issued.body).toBe(200);
    expect((await exchange(issued.json().token, 'admin/enter')).statusCode).toBe(404);
    const again = (await postAs(accessToken, `/api/auth/v1/accounts/${ids[AGENCY]}/myToken`)).json();
    const session = (await exchange(again.token)).json();
    const me = (await t.getAs(session.accessToken, '/api/auth/v1/me')).json();
    expect(me).toMatchObject({ account: { name: AGENCY }, subscriberType: 'AGENCY', ghosting: false, role: { id: 'agency-admin' } });

    expect((await postAs(accessToken, `/api/auth/v1/accounts/${ids[CARRIER]}/myToken`)).statusCode).toBe(404);
    const { accessToken: agent } = await t.tokensFor('agent@agency.example');
    expect((await postAs(agent, `/api/auth/v1/accounts/${ids[OTHER_AGENCY]}/myToken`)).statusCode).toBe(404);
    expect((await postAs(agent, `/api/auth/v1/accounts/${ids[INSURED]}/myToken`)).statusCode).toBe(404);

    // Losing the membership ends the switched session at once.
    await t.db.query('DELETE FROM user_accounts WHERE account_id = $1', [ids[AGENCY]]);
    expect((await t.getAs(session.accessToken, '/api/auth/v1/me')).statusCode).toBe(401);
    const refreshed = await t.inject({ method: 'POST', url: '/api/auth/v1/token/refresh', payload: { refreshToken: session.refreshToken } });
    expect(refreshed.statusCode).toBe(401);
  });
});
