import type { components } from '../../../api/schema.d.ts';
import { roleDefinition, roleOrder } from '../../auth/roles.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { containsPattern } from '../../list/like-pattern.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { tenantCondition, tenantScopeOf, type TenantScope } from '../../tenancy/tenant-scope.ts';

export type UserRecord = components['schemas']['UserRecord'];
export type RoleRecord = components['schemas']['RoleRecord'];
export type UserAccountRecord = components['schemas']['UserAccountRecord'];
type AccountType = components['schemas']['AccountType'];
type Team = components['schemas']['UserTeam'];

export interface UserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  role_id: string;
  role_name: string;
  status: UserRecord['status'];
  account_id: string;
  account_name: string;
  account_type: AccountType;
  account_edition: 'us' | 'uk';
  primary_contact: boolean;
  billing_contact: boolean;
  slack_handle: string | null;
  mfa_type: UserRecord['mfaType'];
  created_at: Date | null;
  has_picture: boolean;
  teams: Team[] | null;
  agencies: string[] | null;
  agency_names: string | null;
  account_ids: string[] | null;
  permissions: string[] | null;
}

const SELECT = `u.id, u.first_name, u.last_name, u.email, u.phone, u.role_id, r.name AS role_name, u.status, u.account_id,
  a.name AS account_name, a.account_type, a.edition AS account_edition, u.primary_contact, u.billing_contact, u.slack_handle,
  u.mfa_type, u.created_at, (p.picture IS NOT NULL) AS has_picture,
  (SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.is_default DESC, lower(t.name), t.id)
     FROM team_members m JOIN teams t ON t.id = m.team_id WHERE m.user_id = u.id AND t.account_id = u.account_id) AS teams,
  (SELECT json_agg(ua.agency_id ORDER BY ua.agency_id) FROM user_agencies ua WHERE ua.user_id = u.id) AS agencies,
  (SELECT string_agg(ag.name, ', ' ORDER BY lower(ag.name)) FROM user_agencies ua JOIN accounts ag ON ag.id = ua.agency_id
     WHERE ua.user_id = u.id) AS agency_names,
  (SELECT json_agg(x.account_id ORDER BY x.account_id) FROM user_accounts x WHERE x.user_id = u.id) AS account_ids,
  (SELECT array_agg(rp.permission) FROM role_permissions rp WHERE rp.role_id = u.role_id) AS permissions`;
const FROM = `users u JOIN roles r ON r.id = u.role_id JOIN accounts a ON a.id = u.account_id
  LEFT JOIN user_pictures p ON p.user_id = u.id`;

/**
 * Users are their organisation's: provider staff manage every organisation's users, anyone else only the users
 * of the organisation they act in (an agency does not manage its clients' users). Removed users are gone.
 */
export function userScope(caller: Pick<Caller, 'accountType' | 'accountId'>): TenantScope {
  const scope = tenantScopeOf(caller);
  return scope.reach === 'all' ? scope : { reach: 'own', accountId: caller.accountId };
}

const managedBy = (caller: Caller) => (params: SqlParams) =>
  `u.removed_at IS NULL AND ${tenantCondition(userScope(caller), { account: 'u.account_id', agency: 'u.account_id' }, params)}`;

export function toUserRecord(row: UserRow, callerId: string): UserRecord {
  const teams = row.teams ?? [];
  const role = roleDefinition(row.role_id);
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    phone: row.phone,
    roleId: row.role_id,
    roleName: row.role_name,
    status: row.status,
    accountId: row.account_id,
    accountName: row.account_name,
    accountType: row.account_type,
    edition: row.account_edition,
    primaryContact: row.primary_contact,
    billingContact: row.billing_contact,
    slackHandle: row.slack_handle,
    agencies: row.agencies ?? [],
    agencyNames: row.agency_names ?? '',
    teams,
    teamIds: teams.map((team) => team.id),
    teamNames: teams.map((team) => team.name).join(', '),
    accountIds: row.account_ids ?? [],
    mfaType: row.mfa_type,
    hasPicture: row.has_picture,
    createdAt: row.created_at ? new Date(row.created_at).toISOString() : null,
    allAccounts: role?.allAccounts === true,
    teamRealm: role?.teamRealm === true,
    assignmentFlag: role?.assignmentFlag === true,
    self: row.id === callerId,
  };
}

function usersSpec(callerId: string): ListSpec<UserRow, UserRecord> {
  return {
    select: SELECT,
    from: FROM,
    sorts: {
      name: "lower(u.last_name || ' ' || u.first_name)",
      email: 'lower(u.email)',
      roleName: 'lower(r.name)',
      accountName: 'lower(a.name)',
      status: 'u.status',
      created: 'u.created_at',
    },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreak: ['lower(u.email)', 'u.id'],
    search: ['u.first_name', 'u.last_name', "u.first_name || ' ' || u.last_name", 'u.email', 'r.name', 'a.name'],
    filters: {
      accountType: { sql: 'a.account_type' },
      accountId: { sql: 'u.account_id', cast: 'uuid' },
      status: { sql: 'u.status' },
      roleId: { sql: 'u.role_id' },
    },
    toItem: (row) => toUserRecord(row, callerId),
  };
}

export function searchManagedUsers(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, usersSpec(caller.userId), query, managedBy(caller));
}

/** One user the caller manages, by id or e-mail; null for a missing, removed or foreign one alike. */
export async function findManagedUser(
  db: Queryable,
  caller: Caller,
  by: { id: string } | { email: string },
  lock = false,
): Promise<UserRow | null> {
  const params = new SqlParams();
  const where = 'id' in by ? `u.id = ${params.add(by.id, 'uuid')}` : `lower(u.email) = lower(${params.add(by.email)})`;
  const condition = managedBy(caller)(params);
  const [row] = await db.query<UserRow>(
    `SELECT ${SELECT} FROM ${FROM} WHERE ${where} AND ${condition}${lock ? ' FOR UPDATE OF u' : ''}`,
    params.values,
  );
  return row ?? null;
}

// --- Roles -----------------------------------------------------------------------------------------------

interface RoleRow {
  id: string;
  name: string;
  account_type: AccountType;
  permissions: string[] | null;
}

/** Whether `caller` holds every permission of a role, so may give it (no one hands out more than they have). */
export function mayGive(caller: Pick<Caller, 'permissions'>, permissions: readonly string[]): boolean {
  return permissions.every((permission) => caller.permissions.has(permission));
}

function toRoleRecord(row: RoleRow, caller: Caller): RoleRecord {
  const role = roleDefinition(row.id);
  const permissions = [...(row.permissions ?? [])].sort();
  return {
    id: row.id,
    name: row.name,
    accountType: row.account_type,
    permissions,
    teamRealm: role?.teamRealm === true,
    assignmentFlag: role?.assignmentFlag === true,
    allAccounts: role?.allAccounts === true,
    assignable: mayGive(caller, permissions),
  };
}

const ROLE_SELECT = `SELECT r.id, r.name, r.account_type, array_remove(array_agg(p.permission), NULL) AS permissions
  FROM roles r LEFT JOIN role_permissions p ON p.role_id = r.id`;

/** The roles of an account type as the database holds them, in the order the code lists them. */
export async function rolesOfType(db: Queryable, caller: Caller, accountType: string): Promise<RoleRecord[]> {
  const rows = await db.query<RoleRow>(`${ROLE_SELECT} WHERE r.account_type = $1 GROUP BY r.id, r.name, r.account_type`, [accountType]);
  return rows
    .sort((a, b) => roleOrder(a.id) - roleOrder(b.id) || a.name.localeCompare(b.name))
    .map((row) => toRoleRecord(row, caller));
}

export async function findRole(db: Queryable, caller: Caller, roleId: string): Promise<RoleRecord | null> {
  const [row] = await db.query<RoleRow>(`${ROLE_SELECT} WHERE r.id = $1 GROUP BY r.id, r.name, r.account_type`, [roleId]);
  return row ? toRoleRecord(row, caller) : null;
}

// --- What a user may be given ----------------------------------------------------------------------------

export interface OrganizationOption {
  id: string;
  name: string;
  accountType: AccountType;
}

/**
 * Organisations the caller may give a user access to, within the tenant rule: provider staff any organisation,
 * an agency (or digital agent) its own and the accounts it manages, anyone else their own.
 */
function organizationCondition(caller: Caller, params: SqlParams): string {
  return tenantCondition(tenantScopeOf(caller), { account: 'a.id', agency: 'a.agency_id' }, params);
}

export async function assignableOrganizations(
  db: Queryable,
  caller: Caller,
  filter: { accountType?: string; ids?: readonly string[]; search?: string },
  limit = 200,
): Promise<OrganizationOption[]> {
  const params = new SqlParams();
  const conditions = [organizationCondition(caller, params), `a.account_type <> 'UNKNOWN'`];
  if (filter.accountType) conditions.push(`a.account_type = ${params.add(filter.accountType)}`);
  if (filter.ids) conditions.push(`a.id = ANY(${params.add([...filter.ids], 'uuid[]')})`);
  if (filter.search) conditions.push(`lower(a.name) LIKE ${params.add(containsPattern(filter.search))} ESCAPE '\\'`);
  const rows = await db.query<{ id: string; name: string; account_type: AccountType }>(
    `SELECT a.id, a.name, a.account_type FROM accounts a WHERE ${conditions.join(' AND ')}
     ORDER BY lower(a.name), a.id LIMIT ${params.add(limit, 'int')}`,
    params.values,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, accountType: row.account_type }));
}

/** The teams of an organisation, the default team first. */
export async function teamsOf(db: Queryable, accountId: string): Promise<Array<{ id: string; name: string; isDefault: boolean }>> {
  const rows = await db.query<{ id: string; name: string; is_default: boolean }>(
    'SELECT id, name, is_default FROM teams WHERE account_id = $1 ORDER BY is_default DESC, lower(name), id',
    [accountId],
  );
  return rows.map((row) => ({ id: row.id, name: row.name, isDefault: row.is_default }));
}

/** Replaces the user's teams within one organisation by `teamIds` (teams of that organisation). */
export async function setTeamsIn(tx: Queryable, userId: string, accountId: string, teamIds: readonly string[]): Promise<void> {
  await tx.query(
    'DELETE FROM team_members WHERE user_id = $1 AND team_id IN (SELECT id FROM teams WHERE account_id = $2)',
    [userId, accountId],
  );
  if (teamIds.length > 0) {
    await tx.query(
      'INSERT INTO team_members (team_id, user_id) SELECT id, $1 FROM teams WHERE account_id = $2 AND id = ANY($3::uuid[]) ON CONFLICT DO NOTHING',
      [userId, accountId, [...teamIds]],
    );
  }
}

export async function setAgencies(tx: Queryable, userId: string, agencyIds: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM user_agencies WHERE user_id = $1', [userId]);
  if (agencyIds.length > 0) {
    await tx.query(
      'INSERT INTO user_agencies (user_id, agency_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
      [userId, [...agencyIds]],
    );
  }
}

// --- A user's accounts -------------------------------------------------------------------------------------

interface UserAccountRow {
  user_id: string;
  account_id: string;
  account_name: string;
  account_type: AccountType;
  role_id: string;
  role_name: string;
  home: boolean;
  teams: Team[] | null;
}

const USER_ACCOUNTS: ListSpec<UserAccountRow, UserAccountRecord> = {
  select: `x.user_id, x.account_id, a.name AS account_name, a.account_type, x.role_id, r.name AS role_name, x.home,
    (SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.is_default DESC, lower(t.name), t.id)
       FROM team_members m JOIN teams t ON t.id = m.team_id WHERE m.user_id = x.user_id AND t.account_id = x.account_id) AS teams`,
  from: `(SELECT u.id AS user_id, u.account_id, u.role_id, true AS home FROM users u
          UNION ALL SELECT ua.user_id, ua.account_id, ua.role_id, false AS home FROM user_accounts ua) x
    JOIN accounts a ON a.id = x.account_id JOIN roles r ON r.id = x.role_id`,
  // The user's own organisation first by default (NOT home: false sorts before true).
  sorts: { accountName: 'lower(a.name)', accountType: 'a.account_type', roleName: 'lower(r.name)', home: '(NOT x.home)' },
  defaultSort: { field: 'home', direction: 'asc' },
  tieBreak: ['lower(a.name)', 'x.account_id'],
  search: ['a.name', 'r.name'],
  toItem: (row) => {
    const teams = row.teams ?? [];
    return {
      userId: row.user_id, accountId: row.account_id, accountName: row.account_name, accountType: row.account_type,
      roleId: row.role_id, roleName: row.role_name, teams, teamNames: teams.map((team) => team.name).join(', '), home: row.home,
    };
  },
};

/**
 * The accounts of a user the caller manages: their own organisation and the further accounts they were given,
 * those further accounts only as far as the caller may see them (an agency does not learn which other
 * organisations its user also works for).
 */
export function searchUserAccounts(db: Queryable, caller: Caller, userId: string, query: ListRequest) {
  return listPage(db, USER_ACCOUNTS, query, (params) => {
    const user = `x.user_id = ${params.add(userId, 'uuid')}`;
    return `${user} AND (x.home OR ${tenantCondition(tenantScopeOf(caller), { account: 'a.id', agency: 'a.agency_id' }, params)})`;
  });
}
