import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  const rows = await t.db.query<{ id: string; name: string }>('SELECT id, name FROM accounts');
  for (const row of rows) ids[row.name] = row.id;
});
afterAll(() => t.close());

const AGENCY = 'Summit Risk Partners';
const OTHER_AGENCY = 'Harbor Insurance Group';
const INSURED = 'Acme Precision Manufacturing';

describe('tenant checks', () => {
  test('an agency user reads their own account and the accounts their agency manages', async () => {
    const { accessToken } = await t.tokensFor('agent@agency.example');
    expect((await t.getAs(accessToken, `/api/account/v1/accounts/${ids[AGENCY]}`)).statusCode).toBe(200);
    const insured = await t.getAs(accessToken, `/api/account/v1/accounts/${ids[INSURED]}`);
    expect(insured.statusCode).toBe(200);
    expect(insured.json()).toMatchObject({ accountType: 'CUSTOMER', agencyId: ids[AGENCY] });
  });

  test("a user of one agency cannot read another agency's account or the accounts it manages", async () => {
    const { accessToken } = await t.tokensFor('agent@otheragency.example');
    for (const name of [AGENCY, INSURED]) {
      const response = await t.getAs(accessToken, `/api/account/v1/accounts/${ids[name]}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toEqual({ message: 'Account not found.' });
    }
    expect((await t.getAs(accessToken, `/api/account/v1/accounts/${ids[OTHER_AGENCY]}`)).statusCode).toBe(200);
  });

  test("a user of one agency cannot list another agency's users", async () => {
    const { accessToken } = await t.tokensFor('agent@otheragency.example');
    const response = await t.getAs(accessToken, `/api/auth/v1/users?accountId=${ids[AGENCY]}`);
    expect(response.statusCode).toBe(404);
    const own = (await t.getAs(accessToken, '/api/auth/v1/users')).json();
    expect(own.content.map((user: { email: string }) => user.email)).toEqual(['agent@otheragency.example']);
  });

  test('user lists carry no secrets', async () => {
    const { accessToken } = await t.tokensFor('agent@agency.example');
    const list = (await t.getAs(accessToken, '/api/auth/v1/users')).json();
    expect(list.content.map((user: { email: string }) => user.email).sort()).toEqual(['agent@agency.example']);
    expect(JSON.stringify(list)).not.toMatch(/argon2|password/i);
  });

  test('a policyholder sees only their own account, not their agency', async () => {
    const { accessToken } = await t.tokensFor('policyholder@insured.example');
    expect((await t.getAs(accessToken, `/api/account/v1/accounts/${ids[INSURED]}`)).statusCode).toBe(200);
    expect((await t.getAs(accessToken, `/api/account/v1/accounts/${ids[AGENCY]}`)).statusCode).toBe(404);
  });

  test('provider staff read every account and its users', async () => {
    const { accessToken } = await t.tokensFor('admin@provider.example');
    expect((await t.getAs(accessToken, `/api/account/v1/accounts/${ids[OTHER_AGENCY]}`)).statusCode).toBe(200);
    const users = await t.getAs(accessToken, `/api/auth/v1/users?accountId=${ids[AGENCY]}`);
    expect(users.statusCode).toBe(200);
    expect(users.json().totalCount).toBe(1);
  });

  test('team search only finds teams of the caller’s account', async () => {
    const { accessToken } = await t.tokensFor('agent@otheragency.example');
    const teams = (await t.getAs(accessToken, '/api/auth/v1/teams/search?name=coast')).json();
    expect(teams.content).toEqual([]);
    const own = (await t.getAs(accessToken, '/api/auth/v1/teams/search')).json();
    expect(own.content.map((team: { name: string }) => team.name)).toEqual(['Default Team', 'New England']);
    expect(own.content[0].meta.isDefault).toBe(true);
    // LIKE wildcards are searched as text.
    expect((await t.getAs(accessToken, '/api/auth/v1/teams/search?name=%25')).json().content).toEqual([]);
  });

  test('permissions come from the role data: removing one answers 403', async () => {
    const { accessToken } = await t.tokensFor('vendor@vendor.example');
    expect((await t.getAs(accessToken, '/api/auth/v1/users')).statusCode).toBe(200);
    await t.db.query(`DELETE FROM role_permissions WHERE role_id = 'vendor-admin' AND permission = 'user:read'`);
    const refused = await t.getAs(accessToken, '/api/auth/v1/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to perform this action.');
    const map = (await t.getAs(accessToken, '/api/auth/v1/permissions/map')).json();
    expect(map.permissions).not.toContain('user:read');
    expect(map.permissions).toContain('claim:write');
  });
});
