import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { tenantCondition, tenantScopeOf, type TenantScope } from '../../tenancy/tenant-scope.ts';

interface TeamRow {
  id: string;
  name: string;
  is_default: boolean;
  members: number;
  account_id: string;
  account_name: string;
}

const SELECT = `t.id, t.name, t.is_default, (SELECT count(*)::int FROM team_members m WHERE m.team_id = t.id) AS members,
  t.account_id, a.name AS account_name`;
const FROM = 'teams t JOIN accounts a ON a.id = t.account_id';

/**
 * Teams are an organisation's own: provider staff reach every organisation's teams, anyone else only their
 * own organisation's (an agency does not manage its clients' teams).
 */
function teamScope(caller: Caller): TenantScope {
  const scope = tenantScopeOf(caller);
  return scope.reach === 'all' ? scope : { reach: 'own', accountId: caller.accountId };
}
const visibleTo = (caller: Caller) => (params: SqlParams) => tenantCondition(teamScope(caller), { account: 't.account_id', agency: 't.account_id' }, params);

function toTeam(row: TeamRow) {
  return { id: row.id, name: row.name, isDefault: row.is_default, members: row.members, accountId: row.account_id, accountName: row.account_name };
}

export type Team = ReturnType<typeof toTeam>;

const TEAMS: ListSpec<TeamRow, Team> = {
  select: SELECT,
  from: FROM,
  sorts: { name: 'lower(t.name)', members: 'members', accountName: 'lower(a.name)' },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreak: ['t.id'],
  search: ['t.name', 'a.name'],
  filters: { accountId: { sql: 't.account_id', cast: 'uuid' } },
  toItem: toTeam,
};

export function searchVisibleTeams(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, TEAMS, query, visibleTo(caller));
}

export async function findVisibleTeam(db: Queryable, caller: Caller, id: string, lock = false): Promise<Team | null> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const condition = visibleTo(caller)(params);
  const [row] = await db.query<TeamRow>(`SELECT ${SELECT} FROM ${FROM} WHERE t.id = ${idParam} AND ${condition}${lock ? ' FOR UPDATE OF t' : ''}`, params.values);
  return row ? toTeam(row) : null;
}

/** Whether the organisation already has a team of this name (names are compared without case), other than `exceptId`. */
export async function nameTaken(db: Queryable, accountId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.query<{ taken: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM teams WHERE account_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3::uuid)) AS taken`,
    [accountId, name, exceptId ?? null],
  );
  return row?.taken === true;
}

export async function insertTeam(tx: Queryable, accountId: string, name: string): Promise<string> {
  const [row] = await tx.query<{ id: string }>('INSERT INTO teams (account_id, name, is_default) VALUES ($1, $2, false) RETURNING id', [accountId, name]);
  return row!.id;
}

export async function renameTeam(tx: Queryable, id: string, name: string): Promise<void> {
  await tx.query('UPDATE teams SET name = $2 WHERE id = $1', [id, name]);
}

export async function deleteTeamRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM teams WHERE id = $1', [id]);
}
