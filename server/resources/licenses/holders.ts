import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { tenantScopeOf } from '../../tenancy/tenant-scope.ts';

/**
 * Who may hold a licence: US agencies (accounts of type AGENCY in the US edition; state licences and surplus
 * lines are a US notion) and their active users as agents. Provider staff may pick any of them; anyone else
 * only their own agency and its users.
 */
const HOLDER_AGENCY = `a.account_type = 'AGENCY' AND a.edition = 'us'`;

function ownAgencyCondition(caller: Caller, column: string) {
  return (params: SqlParams) => (tenantScopeOf(caller).reach === 'all' ? 'TRUE' : `${column} = ${params.add(caller.accountId, 'uuid')}`);
}

interface AgencyRow {
  id: string;
  name: string;
  npn: string | null;
}

export interface LicenseAgency {
  id: string;
  name: string;
  npn: string | null;
}

const AGENCIES: ListSpec<AgencyRow, LicenseAgency> = {
  select: 'a.id, a.name, a.npn',
  from: `accounts a`,
  sorts: { name: 'lower(a.name)' },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreak: ['a.id'],
  search: ['a.name'],
  toItem: (row) => ({ id: row.id, name: row.name, npn: row.npn }),
};

export function searchLicenseAgencies(db: Queryable, caller: Caller, query: ListRequest) {
  const own = ownAgencyCondition(caller, 'a.id');
  return listPage(db, AGENCIES, query, (params) => `${HOLDER_AGENCY} AND ${own(params)}`);
}

/** The agency a licence may be written for, when the caller may pick it; null when it may not hold licences or is out of reach. */
export async function findLicenseAgency(db: Queryable, caller: Caller, agencyId: string): Promise<LicenseAgency | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(agencyId)) return null;
  const params = new SqlParams();
  const id = params.add(agencyId, 'uuid');
  const own = ownAgencyCondition(caller, 'a.id')(params);
  const [row] = await db.query<AgencyRow>(`SELECT a.id, a.name, a.npn FROM accounts a WHERE a.id = ${id} AND ${HOLDER_AGENCY} AND ${own}`, params.values);
  return row ?? null;
}

interface AgentRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  npn: string | null;
  agency_id: string;
  agency_name: string;
}

export interface LicenseAgent {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  npn: string | null;
  agencyId: string;
  agencyName: string;
  label: string;
}

function toAgent(row: AgentRow, withAgency: boolean): LicenseAgent {
  const name = `${row.first_name} ${row.last_name} (${row.email})`;
  return {
    id: row.id, firstName: row.first_name, lastName: row.last_name, email: row.email, phone: row.phone, npn: row.npn,
    agencyId: row.agency_id, agencyName: row.agency_name, label: withAgency ? `${name}, ${row.agency_name}` : name,
  };
}

const AGENT_SELECT = 'u.id, u.first_name, u.last_name, u.email, u.phone, u.npn, a.id AS agency_id, a.name AS agency_name';
const AGENT_FROM = 'users u JOIN accounts a ON a.id = u.account_id';

function agentsSpec(withAgency: boolean): ListSpec<AgentRow, LicenseAgent> {
  return {
    select: AGENT_SELECT,
    from: AGENT_FROM,
    sorts: { name: 'lower(u.last_name)' },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreak: ['lower(u.first_name)', 'u.id'],
    search: ['u.first_name', 'u.last_name', "u.first_name || ' ' || u.last_name", 'u.email', 'a.name'],
    toItem: (row) => toAgent(row, withAgency),
  };
}

export function searchLicenseAgents(db: Queryable, caller: Caller, query: ListRequest) {
  const everyAgency = tenantScopeOf(caller).reach === 'all';
  const own = ownAgencyCondition(caller, 'a.id');
  return listPage(db, agentsSpec(everyAgency), query, (params) => `${HOLDER_AGENCY} AND u.status = 'ACTIVE' AND ${own(params)}`);
}

/** The agent a licence may be written for: an active user of a US agency within the caller's reach. */
export async function findLicenseAgent(db: Queryable, caller: Caller, userId: string): Promise<LicenseAgent | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) return null;
  const params = new SqlParams();
  const id = params.add(userId, 'uuid');
  const own = ownAgencyCondition(caller, 'a.id')(params);
  const [row] = await db.query<AgentRow>(
    `SELECT ${AGENT_SELECT} FROM ${AGENT_FROM} WHERE u.id = ${id} AND u.status = 'ACTIVE' AND ${HOLDER_AGENCY} AND ${own}`,
    params.values,
  );
  return row ? toAgent(row, false) : null;
}
