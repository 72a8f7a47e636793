import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { decodeJwt } from 'jose';
import { ROLE_DEFINITIONS } from '../../server/auth/roles.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Users and roles (spec 001 sections 3, 5, 6 and 8 User; section 7 Teams and Other): the roles of each account
 * type with their flags, the user form's rules per persona checked on the server in both editions, the invitation
 * e-mailed on create, edit, removal that ends the user's sessions, adding accounts (accountRoleMap and
 * accountTeamsMap, teams for team-realm agency roles), moving teams, the tenant rule (another organisation's user
 * answers like a missing one) and the audit entry of every change.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const UK_HOST = 'console.example.uk';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
let counter = 0;

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller] ?? caller}`, ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const uniqueEmail = (name: string) => `${name}.${++counter}@users-test.example`;

async function create(caller: string, fields: Json, host?: string): Promise<Json> {
  const response = await call(caller, 'POST', '/api/auth/v1/users', fields, host);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function idOf(email: string): Promise<string> {
  const [row] = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  return row!.id;
}

async function accountIdOf(name: string): Promise<string> {
  const [row] = await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [name]);
  return row!.id;
}

async function teamIdOf(accountName: string, teamName: string): Promise<string> {
  const [row] = await t.db.query<{ id: string }>(
    'SELECT t.id FROM teams t JOIN accounts a ON a.id = t.account_id WHERE a.name = $1 AND t.name = $2', [accountName, teamName],
  );
  return row!.id;
}

/** A signed-in user of `accountOf`'s organisation with `roleId` (created active, with the demo password). */
async function signedInAs(roleId: string, accountOf: string): Promise<string> {
  const email = uniqueEmail(roleId);
  const id = await t.createUser({ email, accountOf });
  await t.db.query('UPDATE users SET role_id = $2 WHERE id = $1', [id, roleId]);
  await t.db.query('INSERT INTO team_members (team_id, user_id) SELECT t.id, $1 FROM teams t JOIN users u ON u.account_id = t.account_id WHERE u.id = $1 AND t.is_default', [id]);
  tokens[email] = (await t.tokensFor(email)).accessToken;
  return email;
}

async function auditActions(target: string): Promise<string[]> {
  return (await t.db.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1 ORDER BY id', [target])).map((row) => row.action);
}

beforeAll(async () => {
  t = await startTestApp();
  const users = {
    admin: 'admin@provider.example', agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example',
    policyholder: 'policyholder@insured.example', carrier: 'carrier@carrier.example', mssp: 'mssp@mssp.example', reinsurer: 'reinsurer@reinsurer.example',
    processor: 'processor@premium.example', cluster: 'cluster@cluster.example', operator: 'operator@provider.example',
  };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('roles of each account type', () => {
  async function roles(caller: string, query: string) {
    const response = await call(caller, 'GET', `/api/auth/v1/roles?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().content as Json[];
  }

  it('the provider, agencies and customers have the spec\'s roles, every other type an admin role', async () => {
    const names = async (type: string) => (await roles('admin', `accountType=${type}`)).map((role) => role.name);
    expect(await names('COWBELL')).toEqual(['Super Admin', 'Corp Admin', 'Power User', 'Customer Success', 'Biz Dev', 'TSM', 'Technician', 'Head of Claims', 'Underwriter', 'Operator']);
    expect(await names('AGENCY')).toEqual(['Agency Admin', 'Principal Producer', 'Customer Service', 'Producer']);
    expect(await names('CUSTOMER')).toEqual(['Account Admin', 'Risk Manager', 'Policy Holder']);
    for (const [type, name] of [['CARRIER', 'Carrier Admin'], ['DIGITAL', 'Digital Agent Admin'], ['MSSP', 'MSSP Admin'], ['CLUSTER', 'Cluster Admin'],
      ['VENDOR', 'Vendor Admin'], ['RE_INSURER', 'Reinsurer Admin'], ['PREMIUM_PROCESSOR', 'Premium Processor Admin']]) {
      expect(await names(type!)).toEqual([name]);
    }
  });

  it('the assignment flag, the All-accounts warning and the team realm are data on the role', async () => {
    const all = (await Promise.all(['COWBELL', 'AGENCY', 'CUSTOMER'].map((type) => roles('admin', `accountType=${type}`)))).flat();
    const flagged = (key: string) => all.filter((role) => role[key]).map((role) => role.name).sort();
    expect(flagged('assignmentFlag')).toEqual(['Biz Dev', 'Customer Success', 'Head of Claims', 'Power User', 'Super Admin', 'TSM', 'Technician']);
    expect(flagged('allAccounts')).toEqual(['Agency Admin', 'Corp Admin', 'Customer Service', 'Customer Success', 'Power User', 'Principal Producer', 'Super Admin']);
    expect(flagged('teamRealm')).toEqual(['Producer']);
    // Super Admin holds every permission any role has, except what only the insured does (pay, and sign a quote sent to
    // them) and deleting documents, which spec 002 section 6 blocks for admins and allows carriers and clusters.
    const superAdmin = new Set(all.find((role) => role.id === 'provider-super-admin')!.permissions);
    const everyPermission = new Set(ROLE_DEFINITIONS.flatMap((role) => role.permissions));
    const notTheAdmins = ['financing:read', 'billing:pay', 'quote:sign', 'document:delete'];
    expect([...everyPermission].filter((permission) => !superAdmin.has(permission) && !notTheAdmins.includes(permission))).toEqual([]);
    expect(superAdmin.has('document:delete')).toBe(false);
    // Least privilege: a producer neither manages users nor binds beyond its teams' accounts; a policy holder cannot write users.
    const byId = new Map(all.map((role) => [role.id, role]));
    expect(byId.get('agency-producer')!.permissions).not.toContain('user:write');
    expect(byId.get('customer-policy-holder')!.permissions).not.toContain('user:write');
    expect(byId.get('provider-technician')!.permissions).not.toContain('quote:write');
  });

  it("the add-accounts form requires teams for exactly the team-realm roles of roles.ts", async () => {
    const response = await call('admin', 'GET', '/api/definitions/v1/resolved/us/user-accounts');
    const rule = response.json().definition.rules.find((candidate: Json) => candidate.id === 'teams-for-team-realm-agency-roles');
    const listed = rule.when.and[1].in[1];
    expect([...listed].sort()).toEqual(ROLE_DEFINITIONS.filter((role) => role.teamRealm).map((role) => role.id).sort());
  });

  it("without a type, the caller's organisation's roles; assignable says which the caller may give", async () => {
    expect((await roles('agent', '')).map((role) => role.id)).toEqual(['agency-admin', 'agency-principal-producer', 'agency-customer-service', 'agency-producer']);
    expect((await roles('agent', '')).every((role) => role.assignable)).toBe(true);
    const success = await signedInAs('provider-customer-success', 'admin@provider.example');
    const offered = await roles(success, 'assignableOnly=true');
    expect(offered.map((role) => role.id)).not.toContain('provider-super-admin');
    expect(offered.map((role) => role.id)).toContain('provider-customer-success');
  });

  it("a producer's session works within its teams (token realm TEAM); an admin's across the account", async () => {
    const producer = await signedInAs('agency-producer', 'agent@agency.example');
    expect(decodeJwt(tokens[producer]!).realm).toBe('TEAM');
    expect(decodeJwt(tokens.agent!).realm).toBe('ACCOUNT');
  });

  it("another organisation's account answers like a missing one", async () => {
    const other = await accountIdOf('Harbor Insurance Group');
    expect((await call('agent', 'GET', `/api/auth/v1/roles?accountId=${other}`)).statusCode).toBe(404);
    expect((await roles('admin', `accountId=${other}`)).map((role) => role.id)).toContain('agency-producer');
  });
});

describe('the user form, checked on the server', () => {
  it.each([
    ['US', 'agent', undefined],
    ['UK', 'broker', UK_HOST],
  ])("role, first name, last name and a valid e-mail are required ('{label} is a required field') (%s)", async (_, caller, host) => {
    const empty = await call(caller, 'POST', '/api/auth/v1/users', {}, host);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Something went wrong. Please try again later' });
    expect(empty.json().errors).toEqual([
      { field: 'roleId', message: 'Role is a required field', code: 'required' },
      { field: 'firstName', message: 'First Name is a required field', code: 'required' },
      { field: 'lastName', message: 'Last Name is a required field', code: 'required' },
      { field: 'email', message: 'Email is a required field', code: 'required' },
    ]);
    const invalid = await call(caller, 'POST', '/api/auth/v1/users', { roleId: 'agency-producer', firstName: 'A', lastName: 'B', email: 'not-an-address' }, host);
    expect(invalid.json().errors).toEqual([{ field: 'email', message: 'Please enter a valid email address', code: 'format' }]);
  });

  it.each([
    ['US', 'agent', undefined, '30355', 'Phone number must be in the format (555) 555-5555', '3035550177', '3035550177'],
    ['UK', 'broker', UK_HOST, '2075', 'Phone number must be in the format 44 5555 555555', '2075550177', '02075550177'],
  ])('the phone is checked by region; a UK number gets its leading 0 (%s)', async (_, caller, host, bad, message, good, stored) => {
    const fields = { roleId: 'agency-producer', firstName: 'Phone', lastName: 'Check', email: uniqueEmail('phone') };
    const refused = await call(caller, 'POST', '/api/auth/v1/users', { ...fields, phone: bad }, host);
    expect(refused.json().errors).toEqual([{ field: 'phone', message, code: 'pattern' }]);
    const user = await create(caller, { ...fields, phone: good }, host);
    expect(user.phone).toBe(stored);
  });

  // [persona's caller, role given, what the form keeps of slackHandle, primaryContact, billingContact, agencies]
  it.each([
    ['admin (provider)', 'admin', 'provider-biz-dev', { slackHandle: '@new.hire', primaryContact: true, billingContact: true, agencies: true }],
    ['agency', 'agent', 'agency-producer', { slackHandle: null, primaryContact: true, billingContact: true, agencies: true }],
    ['carrier', 'carrier', 'carrier-admin', { slackHandle: null, primaryContact: false, billingContact: true, agencies: false }],
    ['mssp', 'mssp', 'mssp-admin', { slackHandle: null, primaryContact: true, billingContact: false, agencies: true }],
    ['customer (insured)', 'policyholder', 'customer-risk-manager', { slackHandle: null, primaryContact: true, billingContact: false, agencies: false }],
    ['reinsurer', 'reinsurer', 'reinsurer-admin', { slackHandle: null, primaryContact: true, billingContact: true, agencies: false }],
    ['premium processor', 'processor', 'premium-processor-admin', { slackHandle: null, primaryContact: true, billingContact: true, agencies: false }],
    ['Technician role (admin)', 'admin', 'provider-technician', { slackHandle: '@new.hire', primaryContact: false, billingContact: false, agencies: true }],
  ])('what the %s persona may set', async (_, caller, roleId, kept) => {
    const agencies = await call(caller, 'GET', '/api/auth/v1/users/options/agencies');
    const agencyIds = (agencies.json().content as Json[]).slice(0, 1).map((agency) => agency.id);
    const body = {
      roleId, firstName: 'Persona', lastName: 'Rules', email: uniqueEmail('persona'),
      slackHandle: '@new.hire', primaryContact: true, billingContact: true, agencies: agencyIds,
    };
    const user = await create(caller, body);
    expect(user).toMatchObject({ roleId, slackHandle: kept.slackHandle, primaryContact: kept.primaryContact, billingContact: kept.billingContact });
    expect(user.agencies).toEqual(kept.agencies ? agencyIds : []);
    // Editing with the same rules keeps what the persona cannot see as it is.
    const again = await call(caller, 'PUT', `/api/auth/v1/users/${user.id}`, { ...body, firstName: 'Edited' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ firstName: 'Edited', slackHandle: kept.slackHandle, primaryContact: kept.primaryContact });
  });

  it("agencies the caller may not see are refused with the spec's text", async () => {
    const other = await accountIdOf('Harbor Insurance Group');
    const refused = await call('agent', 'POST', '/api/auth/v1/users', {
      roleId: 'agency-producer', firstName: 'No', lastName: 'Agency', email: uniqueEmail('agency'), agencies: [other],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Not able to assign agencies at this time.', errors: [{ field: 'agencies', message: 'Not able to assign agencies at this time.' }] });
    // Provider staff may assign any agency.
    const user = await create('admin', { roleId: 'provider-tsm', firstName: 'Terri', lastName: 'Tory', email: uniqueEmail('tsm'), agencies: [other] });
    expect(user).toMatchObject({ agencies: [other], agencyNames: 'Harbor Insurance Group' });
  });

  it("a role of another account type, or with permissions the caller lacks, is refused", async () => {
    const base = { firstName: 'Role', lastName: 'Check', email: uniqueEmail('role') };
    const otherType = await call('agent', 'POST', '/api/auth/v1/users', { ...base, roleId: 'provider-super-admin' });
    expect(otherType.json().errors).toEqual([{ field: 'roleId', message: 'This role does not belong to AGENCY accounts.', code: 'rule' }]);
    const success = await signedInAs('provider-customer-success', 'admin@provider.example');
    const beyond = await call(success, 'POST', '/api/auth/v1/users', { ...base, roleId: 'provider-super-admin' });
    expect(beyond.json().errors).toEqual([{ field: 'roleId', message: 'You cannot give a role with permissions you do not hold.', code: 'rule' }]);
  });
});

describe('invite, edit and remove', () => {
  it("creating a user e-mails the confirm-user link; following it activates the user, who then signs in", async () => {
    const email = uniqueEmail('invitee');
    const user = await create('agent', { roleId: 'agency-producer', firstName: 'Ivy', lastName: 'Invitee', email: email.toUpperCase() });
    expect(user).toMatchObject({ email, fullName: 'Ivy Invitee', status: 'PENDING_VALIDATION', accountName: 'Summit Risk Partners', roleName: 'Producer', teamNames: 'Default Team' });
    const mail = await t.latestMessageTo(email);
    expect(mail?.subject).toBe('Confirm your e-mail address');
    const token = /\/confirmUser\/([A-Za-z0-9_-]+)/.exec(mail!.body)?.[1];
    expect(token).toBeTruthy();
    const confirmed = await t.inject({ method: 'POST', url: `/api/auth/v1/validateUserInvited/${token}`, payload: { password: 'Fresh-Password-2026!' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await t.login(email, 'Fresh-Password-2026!')).statusCode).toBe(200);
    expect(await auditActions(user.id)).toEqual(expect.arrayContaining(['user.create', 'user.invite-sent', 'user.confirmed']));
    // The address is taken now.
    const again = await call('agent', 'POST', '/api/auth/v1/users', { roleId: 'agency-producer', firstName: 'Ivy', lastName: 'Again', email });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A user with this email address already exists.');
  });

  it('edits names, phone and role, audited with what changed; the e-mail and one\'s own role stay', async () => {
    const user = await create('agent', { roleId: 'agency-producer', firstName: 'Eddie', lastName: 'Edit', email: uniqueEmail('edit') });
    const updated = await call('agent', 'PUT', `/api/auth/v1/users/${user.id}`, {
      id: user.id, accountId: user.accountId, roleId: 'agency-customer-service', firstName: 'Edwin', lastName: 'Edit', email: user.email, phone: '3035550142',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ firstName: 'Edwin', roleName: 'Customer Service', phone: '3035550142', allAccounts: true });
    const [entry] = await t.db.query<{ detail: Json }>(`SELECT detail FROM audit_log WHERE target = $1 AND action = 'user.update'`, [user.id]);
    expect(entry!.detail.changes).toMatchObject({ roleId: { from: 'agency-producer', to: 'agency-customer-service' }, firstName: { from: 'Eddie', to: 'Edwin' } });

    const email = await call('agent', 'PUT', `/api/auth/v1/users/${user.id}`, { roleId: 'agency-producer', firstName: 'E', lastName: 'E', email: 'new@users-test.example' });
    expect(email.json().errors).toEqual([{ field: 'email', message: 'The e-mail address cannot be changed.', code: 'rule' }]);
    const selfId = await idOf('agent@agency.example');
    const own = await call('agent', 'PUT', `/api/auth/v1/users/${selfId}`, { roleId: 'agency-producer', firstName: 'Alex', lastName: 'Agent', email: 'agent@agency.example' });
    expect(own.json().errors).toEqual([{ field: 'roleId', message: 'You cannot change your own role.', code: 'rule' }]);
  });

  it("removing a user ends their sessions at once, they can no longer sign in, and they leave every list", async () => {
    const email = await signedInAs('agency-producer', 'agent@agency.example');
    const id = await idOf(email);
    expect((await call(email, 'GET', '/api/auth/v1/me')).statusCode).toBe(200);
    const removed = await call('agent', 'DELETE', `/api/auth/v1/users/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: 'User Removed Successfully!' });
    expect((await call(email, 'GET', '/api/auth/v1/me')).statusCode).toBe(401);
    const [session] = await t.db.query<{ live: number }>('SELECT count(*)::int AS live FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL', [id]);
    expect(session!.live).toBe(0);
    expect((await t.login(email)).statusCode).not.toBe(200);
    expect((await call('agent', 'GET', `/api/auth/v1/users/${id}`)).statusCode).toBe(404);
    const listed = (await call('agent', 'GET', '/api/auth/v1/users/all?size=200')).json().content.map((user: Json) => user.email);
    expect(listed).not.toContain(email);
    expect((await call('agent', 'GET', '/api/auth/v1/users')).json().content.map((user: Json) => user.email)).not.toContain(email);
    expect(await auditActions(id)).toContain('user.remove');

    // Added again, the same person comes back as invited.
    const back = await create('agent', { roleId: 'agency-producer', firstName: 'Back', lastName: 'Again', email });
    expect(back).toMatchObject({ id, status: 'PENDING_VALIDATION', firstName: 'Back' });
    expect((await t.login(email)).statusCode).not.toBe(200);
  });

  it("no one removes themselves; a user whose role holds more than the caller's is beyond them", async () => {
    const self = await call('agent', 'DELETE', `/api/auth/v1/users/${await idOf('agent@agency.example')}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot remove yourself.');
    const success = await signedInAs('provider-customer-success', 'admin@provider.example');
    const beyond = await call(success, 'DELETE', `/api/auth/v1/users/${await idOf('admin@provider.example')}`);
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().message).toBe('You cannot manage a user whose role has permissions you do not hold.');
  });

  it('the list carries what the remove confirmation needs: the All-accounts role and who the caller is', async () => {
    const rows = (await call('agent', 'GET', '/api/auth/v1/users/all?size=200')).json().content as Json[];
    expect(rows.find((row) => row.email === 'agent@agency.example')).toMatchObject({ allAccounts: true, self: true });
    const producer = rows.find((row) => row.roleId === 'agency-producer');
    expect(producer).toMatchObject({ allAccounts: false, self: false, teamRealm: true });
  });
});

describe('adding accounts to a user', () => {
  it("an agency producer added to another agency needs teams; with them the account, role and teams are the user's", async () => {
    const email = await signedInAs('agency-producer', 'agent@agency.example');
    const id = await idOf(email);
    const harbor = await accountIdOf('Harbor Insurance Group');
    const newEngland = await teamIdOf('Harbor Insurance Group', 'New England');
    const noTeams = await call('admin', 'POST', `/api/auth/v1/users/${id}/accounts`, { accountType: 'AGENCY', organization: harbor, role: 'agency-producer' });
    expect(noTeams.statusCode).toBe(400);
    expect(noTeams.json()).toMatchObject({ message: "There's been an error adding these accounts, Please try again.", errors: [{ field: 'teams', message: 'Teams is a required field' }] });

    // The form computes the spec's payload from the choice (accountRoleMap, accountTeamsMap).
    const added = await call('admin', 'POST', `/api/auth/v1/users/${id}/accounts`, { accountType: 'AGENCY', organization: harbor, role: 'agency-producer', teams: [newEngland] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ message: 'Accounts Added Successfully.', accountIds: [harbor] });
    const accounts = (await call('admin', 'GET', `/api/auth/v1/users/accounts?userId=${id}`)).json().content as Json[];
    expect(accounts.map((row) => [row.accountName, row.roleName, row.teamNames, row.home])).toEqual([
      ['Summit Risk Partners', 'Producer', 'Default Team', true],
      ['Harbor Insurance Group', 'Producer', 'New England', false],
    ]);
    // The user can switch to it.
    const mine = (await call(email, 'GET', '/api/auth/v1/my-accounts')).json().content.map((account: Json) => account.name);
    expect(mine).toContain('Harbor Insurance Group');
    const [entry] = await t.db.query<{ detail: Json }>(`SELECT detail FROM audit_log WHERE target = $1 AND action = 'membership.added'`, [id]);
    expect(entry!.detail).toMatchObject({ accountId: harbor, roleId: 'agency-producer', teamIds: [newEngland] });

    // Taken away again from the user's page, with its teams.
    const removed = await call('admin', 'DELETE', `/api/auth/v1/users/${id}/accounts/${harbor}`);
    expect(removed.statusCode).toBe(204);
    const [teams] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM team_members WHERE user_id = $1 AND team_id = $2', [id, newEngland]);
    expect(teams!.n).toBe(0);
  });

  it('a payload of accountRoleMap and accountTeamsMap alone is what the form computes; the maps follow the choice', async () => {
    const email = await signedInAs('agency-producer', 'agent@agency.example');
    const id = await idOf(email);
    const client = await accountIdOf('Acme Precision Manufacturing');
    const onlyMaps = await call('agent', 'POST', `/api/auth/v1/users/${id}/accounts`, { accountRoleMap: { [client]: 'customer-risk-manager' }, accountTeamsMap: {} });
    expect(onlyMaps.statusCode).toBe(400);
    expect(onlyMaps.json().errors.map((error: Json) => error.message)).toEqual(['Account is required', 'Account is required', 'Account is required']);
    const added = await call('agent', 'POST', `/api/auth/v1/users/${id}/accounts`, {
      accountType: 'CUSTOMER', organization: client, role: 'customer-risk-manager', accountRoleMap: { [MISSING_ID]: 'customer-admin' },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().accountIds).toEqual([client]);
    // The agency that gave its client account takes it away again; another agency cannot.
    expect((await call('otherAgent', 'DELETE', `/api/auth/v1/users/${id}/accounts/${client}`)).statusCode).toBe(404);
    expect((await call('agent', 'DELETE', `/api/auth/v1/users/${id}/accounts/${client}`)).statusCode).toBe(204);
  });

  it("an agency adds only its own and its clients' accounts, roles of their type, teams of that organisation", async () => {
    const email = await signedInAs('agency-producer', 'agent@agency.example');
    const id = await idOf(email);
    const harbor = await accountIdOf('Harbor Insurance Group');
    const foreign = await call('agent', 'POST', `/api/auth/v1/users/${id}/accounts`, { accountType: 'AGENCY', organization: harbor, role: 'agency-admin', teams: [] });
    expect(foreign.json().errors).toEqual([{ field: 'organization', message: 'Account not found.', code: 'rule' }]);
    const options = (await call('agent', 'GET', '/api/auth/v1/users/options/organizations?accountType=CUSTOMER')).json().content.map((o: Json) => o.name);
    expect(options).toEqual(['Acme Precision Manufacturing']);
    const client = await accountIdOf('Acme Precision Manufacturing');
    const wrongRole = await call('agent', 'POST', `/api/auth/v1/users/${id}/accounts`, { accountType: 'CUSTOMER', organization: client, role: 'agency-admin' });
    expect(wrongRole.json().errors).toEqual([{ field: 'role', message: 'This role does not belong to CUSTOMER accounts.', code: 'rule' }]);
    const westCoast = await teamIdOf('Summit Risk Partners', 'West Coast');
    const wrongTeam = await call('agent', 'POST', `/api/auth/v1/users/${id}/accounts`, { accountType: 'CUSTOMER', organization: client, role: 'customer-risk-manager', teams: [westCoast] });
    expect(wrongTeam.json().errors).toEqual([{ field: 'teams', message: 'Choose teams of Acme Precision Manufacturing only.', code: 'rule' }]);
    const own = await call('agent', 'POST', `/api/auth/v1/users/${id}/accounts`, { accountType: 'AGENCY', organization: await accountIdOf('Summit Risk Partners'), role: 'agency-admin' });
    expect(own.json().errors).toEqual([{ field: 'organization', message: "This is the user's own organisation already.", code: 'rule' }]);
  });
});

describe('moving teams', () => {
  it("moves a user to other teams of their organisation, audited; teams elsewhere or none are refused", async () => {
    const user = await create('agent', { roleId: 'agency-producer', firstName: 'Tom', lastName: 'Teams', email: uniqueEmail('teams') });
    const west = await teamIdOf('Summit Risk Partners', 'West Coast');
    const east = await teamIdOf('Summit Risk Partners', 'East Coast');
    const moved = await call('agent', 'PUT', `/api/auth/v1/users/teams/migrate/${user.id}`, { accountId: user.accountId, teamIds: [west, east] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().teamNames).toBe('East Coast, West Coast');
    const [entry] = await t.db.query<{ detail: Json }>(`SELECT detail FROM audit_log WHERE target = $1 AND action = 'user.teams-migrate'`, [user.id]);
    expect(entry!.detail).toMatchObject({ from: user.teamIds, to: [west, east] });
    const none = await call('agent', 'PUT', `/api/auth/v1/users/teams/migrate/${user.id}`, { teamIds: [] });
    expect(none.json().errors).toEqual([{ field: 'teamIds', message: 'Teams is a required field', code: 'required' }]);
    const elsewhere = await call('agent', 'PUT', `/api/auth/v1/users/teams/migrate/${user.id}`, { teamIds: [await teamIdOf('Harbor Insurance Group', 'New England')] });
    expect(elsewhere.json().errors).toEqual([{ field: 'teamIds', message: 'Choose teams of Summit Risk Partners only.', code: 'rule' }]);
  });
});

describe('the tenant rule', () => {
  it("an agency lists only its own users; provider staff list everyone's, filtered by account type and organisation", async () => {
    const own = (await call('agent', 'GET', '/api/auth/v1/users/all?size=500')).json();
    expect(new Set(own.content.map((user: Json) => user.accountName))).toEqual(new Set(['Summit Risk Partners']));
    const all = (await call('admin', 'GET', '/api/auth/v1/users/all?size=500')).json();
    expect(all.totalElements).toBeGreaterThan(own.totalElements);
    const carriers = (await call('admin', 'GET', '/api/auth/v1/users/all?accountType=CARRIER')).json().content as Json[];
    expect(carriers.length).toBeGreaterThan(0);
    expect(carriers.every((user) => user.accountType === 'CARRIER')).toBe(true);
    const harbor = await accountIdOf('Harbor Insurance Group');
    const ofHarbor = (await call('admin', 'GET', `/api/auth/v1/users/all?accountId=${harbor}`)).json().content as Json[];
    expect(ofHarbor.map((user) => user.email)).toEqual(['agent@otheragency.example']);
    expect((await call('admin', 'GET', '/api/auth/v1/users/all?search=OTHERAGENCY')).json().content.map((user: Json) => user.email)).toEqual(['agent@otheragency.example']);
  });

  it('sorts on the server and refuses a sort it does not declare', async () => {
    const rows = (await call('admin', 'GET', '/api/auth/v1/users/all?size=500&sort=email,desc')).json().content.map((user: Json) => user.email.toLowerCase());
    expect(rows).toEqual([...rows].sort().reverse());
    expect((await call('admin', 'GET', '/api/auth/v1/users/all?sort=password,asc')).statusCode).toBe(400);
  });

  it("another organisation's user answers like a missing one, for every read and write", async () => {
    const foreign = await idOf('agent@otheragency.example');
    for (const id of [foreign, MISSING_ID]) {
      const cases: Array<[InjectOptions['method'], string, unknown]> = [
        ['GET', `/api/auth/v1/users/${id}`, undefined],
        ['PUT', `/api/auth/v1/users/${id}`, { roleId: 'agency-admin', firstName: 'Taken', lastName: 'Over', email: 'agent@otheragency.example' }],
        ['DELETE', `/api/auth/v1/users/${id}`, undefined],
        ['GET', `/api/auth/v1/users/accounts?userId=${id}`, undefined],
        ['POST', `/api/auth/v1/users/${id}/accounts`, { accountType: 'CUSTOMER', organization: await accountIdOf('Acme Precision Manufacturing'), role: 'customer-admin' }],
        ['PUT', `/api/auth/v1/users/teams/migrate/${id}`, { teamIds: [await teamIdOf('Summit Risk Partners', 'West Coast')] }],
      ];
      for (const [method, url, body] of cases) {
        const response = await call('agent', method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().message).toBe('User not found.');
      }
    }
    expect((await call('otherAgent', 'GET', `/api/auth/v1/users/${foreign}`)).json().firstName).toBe('Olivia');
  });

  it('reading users needs user:read and changing them user:write', async () => {
    const holder = await signedInAs('customer-policy-holder', 'policyholder@insured.example');
    expect((await call(holder, 'GET', '/api/auth/v1/users/all')).statusCode).toBe(200);
    expect((await call(holder, 'POST', '/api/auth/v1/users', { roleId: 'customer-policy-holder', firstName: 'A', lastName: 'B', email: uniqueEmail('x') })).statusCode).toBe(403);
    expect((await call('operator', 'DELETE', `/api/auth/v1/users/${await idOf('agent@agency.example')}`)).statusCode).toBe(403);
  });
});

describe('my profile', () => {
  it.each([
    ['US', 'agent', undefined, '7205550155', '7205550155'],
    ['UK', 'broker', UK_HOST, '7700900123', '07700900123'],
  ])('the signed-in user adds a phone number, checked by region (%s)', async (_, caller, host, phone, stored) => {
    const me = (await call(caller, 'GET', '/api/auth/v1/me', undefined, host)).json();
    const saved = await call(caller, 'PUT', '/api/auth/v1/me/profile', { firstName: me.firstName, lastName: me.lastName, phone }, host);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().phone).toBe(stored);
    const bad = await call(caller, 'PUT', '/api/auth/v1/me/profile', { firstName: me.firstName, lastName: me.lastName, phone: '12' }, host);
    expect(bad.statusCode).toBe(400);
    expect(await auditActions(me.id)).toContain('user.profile-update');
  });

  it('a phone that receives sign-in codes by text cannot be removed', async () => {
    const email = uniqueEmail('sms');
    await t.createUser({ email, accountOf: 'agent@agency.example', phone: '3035550166' });
    tokens[email] = (await t.tokensFor(email)).accessToken;
    await t.db.query(`UPDATE users SET mfa_type = 'SMS' WHERE email = $1`, [email]);
    const refused = await call(email, 'PUT', '/api/auth/v1/me/profile', { firstName: 'Test', lastName: 'User' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe('phone');
  });
});

describe('the staff password reset', () => {
  it("an organisation's admin e-mails their user the reset link; the password stays until it is used; audited", async () => {
    const email = uniqueEmail('reset');
    const id = await t.createUser({ email, accountOf: 'agent@agency.example' });
    const sent = await call('agent', 'PUT', `/api/auth/v1/passwords/${encodeURIComponent(email)}/reset`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(`A password reset link has been sent to ${email}.`);
    const mail = await t.latestMessageTo(email);
    expect(mail?.subject).toBe('Reset your password');
    expect((await t.login(email, DEMO_PASSWORD)).statusCode).toBe(200);
    const token = /\/confirmPasswordReset\/([A-Za-z0-9_-]+)/.exec(mail!.body)?.[1];
    const reset = await t.inject({ method: 'POST', url: `/api/auth/v1/validatePasswordReset/${token}`, payload: { password: 'Another-Password-2026!' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await t.login(email, 'Another-Password-2026!')).statusCode).toBe(200);
    expect(await auditActions(id)).toContain('password.reset-sent-by-staff');

    // One link a minute per user, so a mailbox cannot be flooded.
    t.clock.advance(61_000);
    const soon = await call('agent', 'PUT', `/api/auth/v1/passwords/${encodeURIComponent(email)}/reset`);
    expect(soon.statusCode).toBe(200);
    const tooSoon = await call('agent', 'PUT', `/api/auth/v1/passwords/${encodeURIComponent(email)}/reset`);
    expect(tooSoon.statusCode).toBe(429);
  });

  it("provider staff reset anyone's; another organisation's user answers like an unknown address", async () => {
    expect((await call('admin', 'PUT', '/api/auth/v1/passwords/agent%40otheragency.example/reset')).statusCode).toBe(200);
    for (const address of ['agent@otheragency.example', 'nobody@users-test.example']) {
      const response = await call('agent', 'PUT', `/api/auth/v1/passwords/${encodeURIComponent(address)}/reset`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('User not found.');
    }
    expect((await call('operator', 'PUT', '/api/auth/v1/passwords/agent%40agency.example/reset')).statusCode).toBe(403);
  });
});
