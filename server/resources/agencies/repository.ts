import type { components } from '../../../api/schema.d.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import { agencyReachCondition, type AgencyReach } from './agency-reach.ts';

export type AgencyRecord = components['schemas']['AgencyRecord'];
export type AgencyUser = components['schemas']['AgencyUser'];

interface AgencyRow {
  id: string;
  name: string;
  npn: string | null;
  edition: 'us' | 'uk';
  created_at: Date;
  description: string | null;
  hostname: string | null;
  agency_code: string | null;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  additional_broker_fee: string | number | null;
  users: number;
  teams: number;
  cluster_id: string | null;
  cluster_name: string | null;
  aggregator_id: string | null;
  aggregator_name: string | null;
  has_small_logo: boolean;
  has_medium_logo: boolean;
}

const SELECT = `a.id, a.name, a.npn, a.edition, a.created_at, p.description, p.hostname, p.agency_code,
  p.contact_first_name, p.contact_last_name, p.contact_email, p.contact_phone, p.additional_broker_fee,
  (SELECT count(*)::int FROM users u WHERE u.account_id = a.id) AS users,
  (SELECT count(*)::int FROM teams t WHERE t.account_id = a.id) AS teams,
  c.id AS cluster_id, c.name AS cluster_name, d.id AS aggregator_id, d.name AS aggregator_name,
  EXISTS (SELECT 1 FROM agency_logos l WHERE l.agency_id = a.id AND l.size = 's') AS has_small_logo,
  EXISTS (SELECT 1 FROM agency_logos l WHERE l.agency_id = a.id AND l.size = 'm') AS has_medium_logo`;

const FROM = `accounts a
  LEFT JOIN organisation_profiles p ON p.account_id = a.id
  LEFT JOIN organisation_agencies oc ON oc.agency_id = a.id AND oc.organisation_type = 'CLUSTER'
  LEFT JOIN accounts c ON c.id = oc.organisation_id
  LEFT JOIN organisation_agencies od ON od.agency_id = a.id AND od.organisation_type = 'DIGITAL'
  LEFT JOIN accounts d ON d.id = od.organisation_id`;

function toAgency(row: AgencyRow): AgencyRecord {
  return {
    id: row.id,
    name: row.name,
    npn: row.npn,
    description: row.description,
    hostname: row.hostname,
    agencyId: row.agency_code,
    contactFirstName: row.contact_first_name,
    contactLastName: row.contact_last_name,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    // numeric arrives as text; money is shown with two decimals, never computed with here.
    additionalBrokerFee: row.additional_broker_fee === null ? null : Number(row.additional_broker_fee),
    edition: row.edition,
    users: row.users,
    teams: row.teams,
    clusterId: row.cluster_id,
    clusterName: row.cluster_name,
    aggregatorId: row.aggregator_id,
    aggregatorName: row.aggregator_name,
    hasSmallLogo: row.has_small_logo,
    hasMediumLogo: row.has_medium_logo,
    created: new Date(row.created_at).toISOString(),
  };
}

const AGENCIES: ListSpec<AgencyRow, AgencyRecord> = {
  select: SELECT,
  from: FROM,
  sorts: {
    name: 'lower(a.name)', npn: 'a.npn', hostname: 'lower(p.hostname)', users: 'users', created: 'a.created_at',
    clusterName: 'lower(c.name)', aggregatorName: 'lower(d.name)',
  },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreak: ['a.id'],
  search: ['a.name', 'a.npn', 'p.hostname', 'p.agency_code', 'p.contact_email'],
  filters: { edition: { sql: 'a.edition' } },
  toItem: toAgency,
};

/** The agencies within reach, one page; `organisationId` keeps those of one aggregator, cluster, carrier or MSSP. */
export function searchAgencies(db: Queryable, reach: AgencyReach, query: ListRequest & { organisationId?: string }) {
  return listPage(db, AGENCIES, query, (params) => {
    const conditions = [`a.account_type = 'AGENCY'`, agencyReachCondition(reach, 'a.id', params)];
    if (query.organisationId) {
      conditions.push(`EXISTS (SELECT 1 FROM organisation_agencies f WHERE f.agency_id = a.id AND f.organisation_id = ${params.add(query.organisationId, 'uuid')})`);
    }
    return conditions.join(' AND ');
  });
}

/** One agency by (reach, id): null when it does not exist or is out of reach. */
export async function findAgency(db: Queryable, reach: AgencyReach, id: string, lock = false): Promise<AgencyRecord | null> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const condition = agencyReachCondition(reach, 'a.id', params);
  const [row] = await db.query<AgencyRow>(
    `SELECT ${SELECT} FROM ${FROM} WHERE a.id = ${idParam} AND a.account_type = 'AGENCY' AND ${condition}${lock ? ' FOR UPDATE OF a' : ''}`,
    params.values,
  );
  return row ? toAgency(row) : null;
}

interface AgencyUserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  edition: 'us' | 'uk';
  role: string;
  status: AgencyUser['status'];
}

const AGENCY_USERS: ListSpec<AgencyUserRow, AgencyUser> = {
  select: 'u.id, u.first_name, u.last_name, u.email, u.phone, a.edition, r.name AS role, u.status',
  from: 'users u JOIN roles r ON r.id = u.role_id JOIN accounts a ON a.id = u.account_id',
  sorts: { name: `lower(u.last_name || ' ' || u.first_name)`, email: 'lower(u.email)', role: 'lower(r.name)', status: 'u.status' },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreak: ['u.id'],
  search: ['u.first_name', 'u.last_name', 'u.email', 'r.name'],
  toItem: (row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}`, firstName: row.first_name, lastName: row.last_name, email: row.email, phone: row.phone, edition: row.edition, role: row.role, status: row.status }),
};

/** The users of one agency (whose reach the caller checked), one page. */
export function searchAgencyUsers(db: Queryable, agencyId: string, query: ListRequest) {
  return listPage(db, AGENCY_USERS, query, (params) => `u.account_id = ${params.add(agencyId, 'uuid')}`);
}

export async function renameAgency(tx: Queryable, id: string, name: string, npn: string | null): Promise<void> {
  await tx.query('UPDATE accounts SET name = $2, npn = $3 WHERE id = $1', [id, name, npn]);
}
