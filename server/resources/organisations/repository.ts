import type { components } from '../../../api/schema.d.ts';
import { AGGREGATOR_HOSTNAME_SUFFIX } from '../../constants.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { OrganisationType } from './organisation-types.ts';

export type OrganisationRecord = components['schemas']['OrganisationRecord'];

interface OrganisationRow {
  id: string;
  name: string;
  account_type: OrganisationRecord['accountType'];
  edition: 'us' | 'uk';
  created_at: Date;
  description: string | null;
  hostname: string | null;
  domain: string | null;
  phone: string | null;
  address1: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  agencies: number;
  users: number;
}

const SELECT = `a.id, a.name, a.account_type, a.edition, a.created_at, p.description, p.hostname, p.domain, p.phone, p.address1,
  p.city, p.state, p.zip_code, p.contact_first_name, p.contact_last_name, p.contact_email, p.contact_phone,
  (SELECT count(*)::int FROM organisation_agencies oa WHERE oa.organisation_id = a.id) AS agencies,
  (SELECT count(*)::int FROM users u WHERE u.account_id = a.id) AS users`;
const FROM = 'accounts a LEFT JOIN organisation_profiles p ON p.account_id = a.id';

/** An aggregator's subdomain is its host name without the fixed suffix. */
export function subdomainOf(hostname: string | null): string | null {
  return hostname?.endsWith(AGGREGATOR_HOSTNAME_SUFFIX) ? hostname.slice(0, -AGGREGATOR_HOSTNAME_SUFFIX.length) : null;
}

function toOrganisation(row: OrganisationRow): OrganisationRecord {
  return {
    id: row.id,
    name: row.name,
    accountType: row.account_type,
    edition: row.edition,
    description: row.description,
    hostname: row.hostname,
    subdomain: row.account_type === 'DIGITAL' ? subdomainOf(row.hostname) : null,
    domain: row.domain,
    phone: row.phone,
    address1: row.address1,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    contactFirstName: row.contact_first_name,
    contactLastName: row.contact_last_name,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    agencies: row.agencies,
    users: row.users,
    created: new Date(row.created_at).toISOString(),
  };
}

const ORGANISATIONS: ListSpec<OrganisationRow, OrganisationRecord> = {
  select: SELECT,
  from: FROM,
  sorts: { name: 'lower(a.name)', created: 'a.created_at', agencies: 'agencies', users: 'users', state: 'p.state' },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreak: ['a.id'],
  search: ['a.name', 'p.description', 'p.hostname', 'p.contact_email'],
  filters: { state: { sql: 'p.state' } },
  ranges: { created: { sql: 'a.created_at', kind: 'date', params: { from: 'after', to: 'before' } } },
  toItem: toOrganisation,
};

/** Organisations of one type that are not removed (provider staff reach every one; the operations are theirs). */
const ofType = (type: OrganisationType, params: SqlParams) => `a.account_type = ${params.add(type.accountType)} AND p.removed_at IS NULL`;

export function searchOrganisations(db: Queryable, type: OrganisationType, query: ListRequest) {
  return listPage(db, ORGANISATIONS, query, (params) => ofType(type, params));
}

export async function findOrganisation(db: Queryable, type: OrganisationType, id: string, lock = false): Promise<OrganisationRecord | null> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const [row] = await db.query<OrganisationRow>(
    `SELECT ${SELECT} FROM ${FROM} WHERE a.id = ${idParam} AND ${ofType(type, params)}${lock ? ' FOR UPDATE OF a' : ''}`,
    params.values,
  );
  return row ? toOrganisation(row) : null;
}

export async function organisationChoices(db: Queryable, type: OrganisationType): Promise<{ id: string; name: string }[]> {
  const params = new SqlParams();
  return db.query<{ id: string; name: string }>(
    `SELECT a.id, a.name FROM ${FROM} WHERE ${ofType(type, params)} ORDER BY lower(a.name), a.id`,
    params.values,
  );
}

/** Whether another live organisation of the type has this name (compared without case). */
export async function organisationNameTaken(db: Queryable, type: OrganisationType, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.query<{ taken: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${FROM} WHERE a.account_type = $1 AND p.removed_at IS NULL AND lower(a.name) = lower($2)
       AND ($3::uuid IS NULL OR a.id <> $3::uuid)) AS taken`,
    [type.accountType, name, exceptId ?? null],
  );
  return row?.taken === true;
}

/** The organisation of this type an agency belongs to (for the types an agency joins at most one of). */
export async function organisationOfAgency(db: Queryable, type: OrganisationType, agencyId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db.query<{ id: string; name: string }>(
    `SELECT a.id, a.name FROM organisation_agencies oa JOIN accounts a ON a.id = oa.organisation_id
     WHERE oa.agency_id = $1 AND oa.organisation_type = $2`,
    [agencyId, type.accountType],
  );
  return row ?? null;
}
