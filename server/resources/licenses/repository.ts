import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { tenantCondition, tenantScopeOf, type TenantScope } from '../../tenancy/tenant-scope.ts';

/**
 * Licences belong to an agency (agency_id): provider staff reach every agency's, anyone else only their own
 * agency's. An agency does not reach its clients' rows here (clients hold no licences), so the tenant rule's
 * 'managed' reach narrows to 'own'.
 */
function licenseScope(caller: Caller): TenantScope {
  const scope = tenantScopeOf(caller);
  return scope.reach === 'all' ? scope : { reach: 'own', accountId: caller.accountId };
}
const visibleTo = (caller: Caller, column: string) => (params: SqlParams) => tenantCondition(licenseScope(caller), { account: column, agency: column }, params);

const iso = (value: Date | string) => new Date(value).toISOString();

/** Who last changed a licence, as the write functions record it. */
export interface Change {
  userId: string;
  at: Date;
}

// ---------------------------------------------------------------- agency licences

interface AgencyLicenseRow {
  id: string;
  agency_id: string;
  agency_name: string;
  npn: string | null;
  number: string;
  state: string;
  active_resident_state: boolean;
  expiration_date: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const AGENCY_SELECT = `l.id, l.agency_id, a.name AS agency_name, l.npn, l.number, l.state, l.active_resident_state,
  to_char(l.expiration_date, 'YYYY-MM-DD') AS expiration_date, l.created_at, l.updated_at`;
const AGENCY_FROM = 'agency_licenses l JOIN accounts a ON a.id = l.agency_id';

function toAgencyLicense(row: AgencyLicenseRow) {
  return {
    id: row.id, agencyId: row.agency_id, agencyName: row.agency_name, npn: row.npn, number: row.number, state: row.state,
    activeResidentState: row.active_resident_state, expirationDate: row.expiration_date, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at),
  };
}
export type AgencyLicense = ReturnType<typeof toAgencyLicense>;

const AGENCY_LICENSES: ListSpec<AgencyLicenseRow, AgencyLicense> = {
  select: AGENCY_SELECT,
  from: AGENCY_FROM,
  sorts: {
    agencyName: 'lower(a.name)', npn: 'l.npn', number: 'lower(l.number)', state: 'l.state',
    activeResidentState: 'l.active_resident_state', expirationDate: 'l.expiration_date',
  },
  defaultSort: { field: 'expirationDate', direction: 'asc' },
  tieBreak: ['l.id'],
  search: ['l.number', 'l.state', 'l.npn', 'a.name'],
  filters: { state: { sql: 'l.state' }, activeResidentState: { sql: 'l.active_resident_state', cast: 'boolean' }, agencyId: { sql: 'l.agency_id', cast: 'uuid' } },
  toItem: toAgencyLicense,
};

export function searchAgencyLicenses(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, AGENCY_LICENSES, query, visibleTo(caller, 'l.agency_id'));
}

export async function findAgencyLicense(db: Queryable, caller: Caller, id: string, lock = false): Promise<AgencyLicense | null> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const condition = visibleTo(caller, 'l.agency_id')(params);
  const [row] = await db.query<AgencyLicenseRow>(`SELECT ${AGENCY_SELECT} FROM ${AGENCY_FROM} WHERE l.id = ${idParam} AND ${condition}${lock ? ' FOR UPDATE OF l' : ''}`, params.values);
  return row ? toAgencyLicense(row) : null;
}

export interface AgencyLicenseValues {
  agencyId: string;
  npn: string | null;
  number: string;
  state: string;
  activeResidentState: boolean;
  expirationDate: string;
}

/** Whether the agency holds another licence with this number in this state (numbers compared without case). */
export async function agencyLicenseTaken(db: Queryable, values: AgencyLicenseValues, exceptId?: string): Promise<boolean> {
  const [row] = await db.query<{ taken: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM agency_licenses WHERE agency_id = $1 AND state = $2 AND lower(number) = lower($3) AND ($4::uuid IS NULL OR id <> $4::uuid)) AS taken`,
    [values.agencyId, values.state, values.number, exceptId ?? null],
  );
  return row?.taken === true;
}

/**
 * An agency has one resident state: marking a licence as the active resident state takes the mark off the
 * agency's other licences. Returns the ids it was taken from (for the audit entry).
 */
export async function clearResidentState(tx: Queryable, agencyId: string, exceptId?: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `UPDATE agency_licenses SET active_resident_state = false WHERE agency_id = $1 AND active_resident_state AND ($2::uuid IS NULL OR id <> $2::uuid) RETURNING id`,
    [agencyId, exceptId ?? null],
  );
  return rows.map((row) => row.id);
}

export async function insertAgencyLicense(tx: Queryable, values: AgencyLicenseValues, change: Change): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO agency_licenses (agency_id, npn, number, state, active_resident_state, expiration_date, created_at, created_by, updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $7, $8) RETURNING id`,
    [values.agencyId, values.npn, values.number, values.state, values.activeResidentState, values.expirationDate, change.at, change.userId],
  );
  return row!.id;
}

export async function updateAgencyLicenseRow(tx: Queryable, id: string, values: AgencyLicenseValues, change: Change): Promise<void> {
  await tx.query(
    `UPDATE agency_licenses SET agency_id = $2, npn = $3, number = $4, state = $5, active_resident_state = $6, expiration_date = $7, updated_at = $8, updated_by = $9
     WHERE id = $1`,
    [id, values.agencyId, values.npn, values.number, values.state, values.activeResidentState, values.expirationDate, change.at, change.userId],
  );
}

export async function deleteAgencyLicenseRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM agency_licenses WHERE id = $1', [id]);
}

// ---------------------------------------------------------------- agent licences

interface AgentLicenseRow {
  id: string;
  agent_user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  agency_id: string;
  agency_name: string;
  npn: string | null;
  number: string;
  state: string;
  expiration_date: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const AGENT_SELECT = `l.id, l.agent_user_id, u.first_name, u.last_name, u.email, u.phone, l.agency_id, a.name AS agency_name, l.npn, l.number,
  l.state, to_char(l.expiration_date, 'YYYY-MM-DD') AS expiration_date, l.created_at, l.updated_at`;
const AGENT_FROM = 'agent_licenses l JOIN users u ON u.id = l.agent_user_id JOIN accounts a ON a.id = l.agency_id';

function toAgentLicense(row: AgentLicenseRow) {
  return {
    id: row.id, agentId: row.agent_user_id, agentFirstName: row.first_name, agentLastName: row.last_name, agentEmail: row.email,
    agentPhone: row.phone, agencyId: row.agency_id, agencyName: row.agency_name, npn: row.npn, number: row.number, state: row.state,
    expirationDate: row.expiration_date, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at),
  };
}
export type AgentLicense = ReturnType<typeof toAgentLicense>;

const AGENT_LICENSES: ListSpec<AgentLicenseRow, AgentLicense> = {
  select: AGENT_SELECT,
  from: AGENT_FROM,
  sorts: {
    agentFirstName: 'lower(u.first_name)', agentLastName: 'lower(u.last_name)', agentEmail: 'lower(u.email)', npn: 'l.npn',
    number: 'lower(l.number)', state: 'l.state', expirationDate: 'l.expiration_date', agencyName: 'lower(a.name)',
  },
  defaultSort: { field: 'agentLastName', direction: 'asc' },
  tieBreak: ['lower(u.first_name)', 'l.state', 'l.id'],
  search: ['l.number', 'l.state', 'l.npn', 'u.first_name', 'u.last_name', "u.first_name || ' ' || u.last_name", 'u.email', 'a.name'],
  filters: { state: { sql: 'l.state' }, agentId: { sql: 'l.agent_user_id', cast: 'uuid' }, agencyId: { sql: 'l.agency_id', cast: 'uuid' } },
  toItem: toAgentLicense,
};

export function searchAgentLicenses(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, AGENT_LICENSES, query, visibleTo(caller, 'l.agency_id'));
}

/** The most rows searchall answers with (the agency team list's size, spec 001 section 9). */
export const SEARCH_ALL_LIMIT = 3000;

export async function searchAllAgentLicenses(db: Queryable, caller: Caller, query: ListRequest): Promise<AgentLicense[]> {
  const page = await listPage(db, AGENT_LICENSES, { ...query, page: 0, size: SEARCH_ALL_LIMIT }, visibleTo(caller, 'l.agency_id'));
  return page.content;
}

export async function findAgentLicense(db: Queryable, caller: Caller, id: string, lock = false): Promise<AgentLicense | null> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const condition = visibleTo(caller, 'l.agency_id')(params);
  const [row] = await db.query<AgentLicenseRow>(`SELECT ${AGENT_SELECT} FROM ${AGENT_FROM} WHERE l.id = ${idParam} AND ${condition}${lock ? ' FOR UPDATE OF l' : ''}`, params.values);
  return row ? toAgentLicense(row) : null;
}

/**
 * The agents of the caller's agency (every agency's for provider staff) with a licence in `state` that has
 * not expired by `today`: one row per agent, their licence expiring last.
 */
export async function agentsLicensedIn(db: Queryable, caller: Caller, state: string, today: string): Promise<AgentLicense[]> {
  const params = new SqlParams();
  const stateParam = params.add(state);
  const todayParam = params.add(today, 'date');
  const condition = visibleTo(caller, 'l.agency_id')(params);
  const rows = await db.query<AgentLicenseRow>(
    `SELECT * FROM (
       SELECT DISTINCT ON (l.agent_user_id) ${AGENT_SELECT}
       FROM ${AGENT_FROM}
       WHERE l.state = ${stateParam} AND l.expiration_date >= ${todayParam} AND u.status = 'ACTIVE' AND ${condition}
       ORDER BY l.agent_user_id, l.expiration_date DESC, l.id
     ) licensed ORDER BY lower(last_name), lower(first_name), id`,
    params.values,
  );
  return rows.map(toAgentLicense);
}

export interface AgentLicenseValues {
  agencyId: string;
  agentId: string;
  npn: string | null;
  number: string;
  state: string;
  expirationDate: string;
}

export async function agentLicenseTaken(db: Queryable, values: AgentLicenseValues, exceptId?: string): Promise<boolean> {
  const [row] = await db.query<{ taken: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM agent_licenses WHERE agent_user_id = $1 AND state = $2 AND lower(number) = lower($3) AND ($4::uuid IS NULL OR id <> $4::uuid)) AS taken`,
    [values.agentId, values.state, values.number, exceptId ?? null],
  );
  return row?.taken === true;
}

export async function insertAgentLicense(tx: Queryable, values: AgentLicenseValues, change: Change): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO agent_licenses (agency_id, agent_user_id, npn, number, state, expiration_date, created_at, created_by, updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $7, $8) RETURNING id`,
    [values.agencyId, values.agentId, values.npn, values.number, values.state, values.expirationDate, change.at, change.userId],
  );
  return row!.id;
}

export async function updateAgentLicenseRow(tx: Queryable, id: string, values: AgentLicenseValues, change: Change): Promise<void> {
  await tx.query(
    `UPDATE agent_licenses SET agency_id = $2, agent_user_id = $3, npn = $4, number = $5, state = $6, expiration_date = $7, updated_at = $8, updated_by = $9
     WHERE id = $1`,
    [id, values.agencyId, values.agentId, values.npn, values.number, values.state, values.expirationDate, change.at, change.userId],
  );
}

export async function deleteAgentLicenseRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM agent_licenses WHERE id = $1', [id]);
}

// ---------------------------------------------------------------- surplus lines licences

interface SurplusLicenseRow {
  id: string;
  agency_id: string;
  agency_name: string;
  broker_first_name: string;
  broker_last_name: string;
  broker_email: string;
  surplus_license_number: string;
  surplus_lines_state: string;
  signature_on_file: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const SURPLUS_SELECT = `s.id, s.agency_id, a.name AS agency_name, s.broker_first_name, s.broker_last_name, s.broker_email,
  s.surplus_license_number, s.surplus_lines_state, s.signature_on_file, s.created_at, s.updated_at`;
const SURPLUS_FROM = 'surplus_licenses s JOIN accounts a ON a.id = s.agency_id';

function toSurplusLicense(row: SurplusLicenseRow) {
  return {
    id: row.id, agencyId: row.agency_id, agencyName: row.agency_name, brokerFirstName: row.broker_first_name, brokerLastName: row.broker_last_name,
    brokerEmail: row.broker_email, surplusLicenseNumber: row.surplus_license_number, surplusLinesState: row.surplus_lines_state,
    signatureOnFile: row.signature_on_file, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at),
  };
}
export type SurplusLicense = ReturnType<typeof toSurplusLicense>;

const SURPLUS_LICENSES: ListSpec<SurplusLicenseRow, SurplusLicense> = {
  select: SURPLUS_SELECT,
  from: SURPLUS_FROM,
  sorts: {
    brokerFirstName: 'lower(s.broker_first_name)', brokerLastName: 'lower(s.broker_last_name)', brokerEmail: 'lower(s.broker_email)',
    surplusLicenseNumber: 'lower(s.surplus_license_number)', surplusLinesState: 's.surplus_lines_state', signatureOnFile: 's.signature_on_file',
    agencyName: 'lower(a.name)', createdAt: 's.created_at',
  },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreak: ['s.id'],
  search: ['s.broker_first_name', 's.broker_last_name', "s.broker_first_name || ' ' || s.broker_last_name", 's.broker_email', 's.surplus_license_number', 's.surplus_lines_state', 'a.name'],
  filters: {
    surplusLinesState: { sql: 's.surplus_lines_state' },
    state: { sql: 's.surplus_lines_state' },
    agencyId: { sql: 's.agency_id', cast: 'uuid' },
    email: { sql: 'lower(s.broker_email)' },
  },
  ranges: {
    // Spec 001 section 9: an identical from and to day is that whole day; both days count in full.
    added: { sql: 's.created_at', kind: 'date', params: { from: 'after', to: 'before' } },
    createdAt: { sql: 's.created_at', kind: 'date' },
  },
  toItem: toSurplusLicense,
};

export function searchSurplusLicenses(db: Queryable, caller: Caller, query: ListRequest) {
  const email = typeof query.email === 'string' ? query.email.trim().toLowerCase() : query.email;
  return listPage(db, SURPLUS_LICENSES, { ...query, email }, visibleTo(caller, 's.agency_id'));
}

export async function findSurplusLicense(db: Queryable, caller: Caller, id: string, lock = false): Promise<SurplusLicense | null> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const condition = visibleTo(caller, 's.agency_id')(params);
  const [row] = await db.query<SurplusLicenseRow>(`SELECT ${SURPLUS_SELECT} FROM ${SURPLUS_FROM} WHERE s.id = ${idParam} AND ${condition}${lock ? ' FOR UPDATE OF s' : ''}`, params.values);
  return row ? toSurplusLicense(row) : null;
}

export interface SurplusLicenseValues {
  agencyId: string;
  brokerFirstName: string;
  brokerLastName: string;
  brokerEmail: string;
  surplusLicenseNumber: string;
  surplusLinesState: string;
  signatureOnFile: boolean;
}

export async function surplusLicenseTaken(db: Queryable, values: SurplusLicenseValues, exceptId?: string): Promise<boolean> {
  const [row] = await db.query<{ taken: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM surplus_licenses WHERE agency_id = $1 AND surplus_lines_state = $2 AND lower(surplus_license_number) = lower($3)
       AND ($4::uuid IS NULL OR id <> $4::uuid)) AS taken`,
    [values.agencyId, values.surplusLinesState, values.surplusLicenseNumber, exceptId ?? null],
  );
  return row?.taken === true;
}

export async function insertSurplusLicense(tx: Queryable, values: SurplusLicenseValues, change: Change): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO surplus_licenses (agency_id, broker_first_name, broker_last_name, broker_email, surplus_license_number, surplus_lines_state,
       signature_on_file, created_at, created_by, updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $9) RETURNING id`,
    [values.agencyId, values.brokerFirstName, values.brokerLastName, values.brokerEmail, values.surplusLicenseNumber, values.surplusLinesState,
      values.signatureOnFile, change.at, change.userId],
  );
  return row!.id;
}

export async function updateSurplusLicenseRow(tx: Queryable, id: string, values: SurplusLicenseValues, change: Change): Promise<void> {
  await tx.query(
    `UPDATE surplus_licenses SET agency_id = $2, broker_first_name = $3, broker_last_name = $4, broker_email = $5, surplus_license_number = $6,
       surplus_lines_state = $7, signature_on_file = $8, updated_at = $9, updated_by = $10
     WHERE id = $1`,
    [id, values.agencyId, values.brokerFirstName, values.brokerLastName, values.brokerEmail, values.surplusLicenseNumber, values.surplusLinesState,
      values.signatureOnFile, change.at, change.userId],
  );
}

export async function deleteSurplusLicenseRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM surplus_licenses WHERE id = $1', [id]);
}
