import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { clientAccountCondition, tenantCondition, tenantScopeOf } from '../../tenancy/tenant-scope.ts';
import { displayPhone, type Edition } from './address-rules.ts';
import { profileRowOf, scoreAndEligibilityOf } from '../account-profile/repository.ts';
import type { AccountStatus } from './account-status.ts';

/**
 * Business (client) accounts as the administration screens read them: the account with its details
 * (account_details), its managing agency, team and agent, and the firmographics and scans it has. Every
 * read goes through the tenant rule: provider staff reach every client account, an agency the accounts it
 * manages, a policyholder its own; anything else answers like an account that does not exist.
 */

interface BusinessAccountRow {
  id: string;
  name: string;
  edition: Edition;
  agency_id: string | null;
  agency_name: string | null;
  created_at: Date;
  cbid: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  country: string | null;
  phone: string | null;
  domain_name: string | null;
  no_domain_attested_at: Date | null;
  industry_code: string | null;
  team_id: string | null;
  team_name: string | null;
  agent_user_id: string | null;
  agent_name: string | null;
  agent_email: string | null;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  modified_at: Date | null;
  status: AccountStatus;
  revenue: string | null;
  employees: number | null;
}

const SELECT = `a.id, a.name, a.edition, a.agency_id, ag.name AS agency_name, a.created_at,
  d.cbid, d.address1, d.address2, d.address3, d.city, d.state, d.zip_code, d.country, d.phone, d.domain_name, d.no_domain_attested_at,
  d.industry_code, d.team_id, t.name AS team_name, d.agent_user_id,
  CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS agent_name, u.email AS agent_email,
  d.contact_first_name, d.contact_last_name, d.contact_email, d.contact_phone, coalesce(d.modified_at, a.created_at) AS modified_at,
  ${'' /* The account's status (account-status.ts); an account whose profile was never written is Open. */}
  coalesce(p.status, 'Open') AS status,
  ${'' /* What the agent entered on the profile wins over the company directory's figures. */}
  coalesce(p.revenue, f.revenue)::text AS revenue, coalesce(p.employees, f.employees) AS employees`;

const FROM = `accounts a
  LEFT JOIN accounts ag ON ag.id = a.agency_id
  LEFT JOIN account_details d ON d.account_id = a.id
  LEFT JOIN teams t ON t.id = d.team_id
  LEFT JOIN users u ON u.id = d.agent_user_id
  LEFT JOIN account_firmographics f ON f.account_id = a.id
  LEFT JOIN account_profiles p ON p.account_id = a.id`;

/** The client accounts a caller reaches (tenant rule), as a list condition. */
const visibleClients = (caller: Caller) => (params: SqlParams) =>
  `a.account_type = 'CUSTOMER' AND ${clientAccountCondition(tenantScopeOf(caller), { id: 'a.id', agency: 'a.agency_id', type: 'a.account_type' }, params)}`;

function toListItem(row: BusinessAccountRow) {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    edition: row.edition,
    cbid: row.cbid,
    domainName: row.domain_name,
    noDomainAttested: row.no_domain_attested_at !== null,
    address1: row.address1,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    country: row.country,
    phone: row.phone,
    industryCode: row.industry_code,
    revenue: row.revenue === null ? null : Number(row.revenue),
    noOfEmployeesAll: row.employees,
    agencyId: row.agency_id,
    agencyName: row.agency_name,
    teamId: row.team_id,
    teamName: row.team_name,
    agentUserId: row.agent_user_id,
    agentName: row.agent_name,
    created: new Date(row.created_at).toISOString(),
    modified: new Date(row.modified_at ?? row.created_at).toISOString(),
  };
}

export type BusinessAccountListItem = ReturnType<typeof toListItem>;

const ACCOUNTS: ListSpec<BusinessAccountRow, BusinessAccountListItem> = {
  select: SELECT,
  from: FROM,
  sorts: {
    name: 'lower(a.name)', status: 'status', domainName: 'd.domain_name', city: 'lower(d.city)', state: 'd.state', revenue: 'coalesce(p.revenue, f.revenue)',
    noOfEmployeesAll: 'coalesce(p.employees, f.employees)', modified: 'coalesce(d.modified_at, a.created_at)', created: 'a.created_at', agencyName: 'lower(ag.name)',
    agentName: 'agent_name', teamName: 'lower(t.name)',
  },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreak: ['a.id'],
  search: ['a.name', 'd.domain_name', 'd.city', 'd.zip_code', 'ag.name'],
  filters: {
    // The type filter of the agency dashboard: the account statuses (Open, Quoted, Active Policy and the others).
    type: { sql: "coalesce(p.status, 'Open')" },
    agencyId: { sql: 'a.agency_id', cast: 'uuid' },
    teamId: { sql: 'd.team_id', cast: 'uuid' },
    state: { sql: 'd.state' },
  },
  toItem: toListItem,
};

export function searchVisibleAccounts(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, ACCOUNTS, query, visibleClients(caller));
}

/** One client account by (tenant, id), or null. */
export async function findVisibleBusinessAccount(db: Queryable, caller: Caller, id: string, lock = false) {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const visible = visibleClients(caller)(params);
  const [row] = await db.query<BusinessAccountRow>(`SELECT ${SELECT} FROM ${FROM} WHERE a.id = ${idParam} AND ${visible}${lock ? ' FOR UPDATE OF a' : ''}`, params.values);
  return row ?? null;
}

export type VisibleBusinessAccount = NonNullable<Awaited<ReturnType<typeof findVisibleBusinessAccount>>>;

/** The account page's record: the list item plus address, contact, firmographics, latest scan, my agent and counts. */
export async function businessAccountRecord(db: Queryable, row: VisibleBusinessAccount) {
  const [firmographics] = await db.query<{
    source: string; cbid: string | null; duns_number: string | null; employees: number | null; revenue: string | null; year_established: number | null;
    ownership_type: string | null; entity_type: string | null; industry_code: string | null; refreshed_at: Date;
  }>('SELECT * FROM account_firmographics WHERE account_id = $1', [row.id]);
  const [scan] = await db.query<{ id: string; domain_name: string; source: string; score: number; findings: unknown; scanned_at: Date }>(
    'SELECT id, domain_name, source, score, findings, scanned_at FROM account_scans WHERE account_id = $1 ORDER BY scanned_at DESC, id DESC LIMIT 1',
    [row.id],
  );
  const [myAgent] = await db.query<{ agency_id: string; agency_name: string; agent_user_id: string; agent_name: string; agent_email: string; set_at: Date }>(
    `SELECT m.agency_id, ag.name AS agency_name, m.agent_user_id, u.first_name || ' ' || u.last_name AS agent_name, u.email AS agent_email, m.set_at
     FROM account_my_agent m JOIN accounts ag ON ag.id = m.agency_id JOIN users u ON u.id = m.agent_user_id WHERE m.account_id = $1`,
    [row.id],
  );
  const [counts] = await db.query<{ claims: number; submissions: number; users: number; interested: number }>(
    `SELECT (SELECT count(*)::int FROM claims WHERE account_id = $1) AS claims,
            (SELECT count(*)::int FROM submissions WHERE account_id = $1) AS submissions,
            (SELECT count(*)::int FROM users WHERE account_id = $1) AS users,
            (SELECT count(*)::int FROM account_interested_agencies WHERE account_id = $1) AS interested`,
    [row.id],
  );
  const item = toListItem(row);
  return {
    ...item,
    ...scoreAndEligibilityOf(await profileRowOf(db, row.id)),
    address2: row.address2,
    address3: row.address3,
    agentEmail: row.agent_email,
    noDomainAttestedAt: row.no_domain_attested_at ? new Date(row.no_domain_attested_at).toISOString() : null,
    contactFirstName: row.contact_first_name,
    contactLastName: row.contact_last_name,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    firmographics: firmographics
      ? {
          source: firmographics.source,
          cbid: firmographics.cbid,
          dunsNumber: firmographics.duns_number,
          noOfEmployeesAll: firmographics.employees,
          revenue: firmographics.revenue === null ? null : Number(firmographics.revenue),
          yearEstablished: firmographics.year_established,
          ownershipType: firmographics.ownership_type,
          entityType: firmographics.entity_type,
          industryCode: firmographics.industry_code,
          refreshed: new Date(firmographics.refreshed_at).toISOString(),
        }
      : null,
    latestScan: scan ? toScan(scan) : null,
    myAgent: myAgent
      ? { agencyId: myAgent.agency_id, agencyName: myAgent.agency_name, agentUserId: myAgent.agent_user_id, agentName: myAgent.agent_name, agentEmail: myAgent.agent_email, set: new Date(myAgent.set_at).toISOString() }
      : null,
    claims: counts!.claims,
    submissions: counts!.submissions,
    users: counts!.users,
    interestedAgencies: counts!.interested,
  };
}

export function toScan(row: { id: string; domain_name: string; source: string; score: number; findings: unknown; scanned_at: Date }) {
  const findings = (typeof row.findings === 'string' ? JSON.parse(row.findings) : row.findings) as { check: string; result: string; passed: boolean }[];
  return {
    id: row.id,
    domainName: row.domain_name,
    source: row.source,
    score: row.score,
    summary: `${findings.filter((finding) => finding.passed).length} of ${findings.length} checks passed`,
    findings,
    scanned: new Date(row.scanned_at).toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The new-account search: the company directory of the request's country, and the client accounts the
// caller already has, matched by name (spec 001 section 7 'Account search by state or country, search text,
// page 0, size 10').

interface MatchRow {
  source: 'directory' | 'account';
  cbid: string | null;
  account_id: string | null;
  agency_id: string | null;
  name: string;
  address1: string;
  address3: string | null;
  city: string;
  state: string | null;
  zip_code: string;
  country: string;
  phone: string | null;
  domain_name: string | null;
  industry_code: string | null;
}

const MATCHES_FROM = `(
  SELECT 'directory' AS source, c.cbid, NULL::uuid AS account_id, NULL::uuid AS agency_id, c.name, c.address1, c.address3, c.city, c.state,
         c.zip_code, c.country, c.phone, c.domain_name, c.industry_code
  FROM company_directory c
  UNION ALL
  SELECT 'account', d.cbid, a.id, a.agency_id, a.name, d.address1, d.address3, d.city, d.state, d.zip_code, d.country, d.phone, d.domain_name,
         d.industry_code
  FROM accounts a JOIN account_details d ON d.account_id = a.id
  WHERE a.account_type = 'CUSTOMER'
) m`;

function matchesSpec(edition: Edition): ListSpec<MatchRow, ReturnType<typeof toMatch>> {
  return {
    select: 'm.*',
    from: MATCHES_FROM,
    sorts: { name: 'lower(m.name)' },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreak: ['m.source', 'm.cbid', 'm.account_id'],
    search: ['m.name'],
    filters: { state: { sql: 'm.state' }, country: { sql: 'm.country' } },
    toItem: (row) => toMatch(row, edition),
  };
}

function toMatch(row: MatchRow, edition: Edition) {
  return {
    source: row.source,
    cbid: row.cbid,
    accountId: row.account_id,
    accountName: row.name,
    street: row.address1,
    address3: row.address3,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    country: row.country,
    phone: row.phone,
    phoneDisplay: displayPhone(row.phone, edition),
    domainName: row.domain_name,
    industryCode: row.industry_code,
  };
}

/**
 * Directory entries of the edition's country that are not yet one of the caller's accounts, and the
 * caller's own client accounts (a pick of one of those is refused with 409 on Add Account).
 */
export function searchAccountMatches(db: Queryable, caller: Caller, edition: Edition, query: ListRequest) {
  const scope = tenantScopeOf(caller);
  const country = edition === 'uk' ? 'GB' : 'US';
  return listPage(db, matchesSpec(edition), query, (params) => {
    const countryParam = params.add(country);
    const ownAccount = tenantCondition(scope, { account: 'm.account_id', agency: 'm.agency_id' }, params);
    const taken = tenantCondition(scope, { account: 'x.id', agency: 'x.agency_id' }, params);
    return `m.country = ${countryParam} AND (
      (m.source = 'account' AND ${ownAccount})
      OR (m.source = 'directory' AND NOT EXISTS (
        SELECT 1 FROM account_details y JOIN accounts x ON x.id = y.account_id WHERE y.cbid = m.cbid AND ${taken})))`;
  });
}

export interface DirectoryEntry {
  cbid: string;
  name: string;
  address1: string;
  address2: string | null;
  address3: string | null;
  city: string;
  state: string | null;
  zip_code: string;
  country: string;
  phone: string | null;
  domain_name: string | null;
  industry_code: string | null;
  duns_number: string | null;
  employees: number | null;
  revenue: string | null;
  year_established: number | null;
  ownership_type: string | null;
  entity_type: string | null;
}

export async function directoryEntry(db: Queryable, cbid: string): Promise<DirectoryEntry | null> {
  const [row] = await db.query<DirectoryEntry>('SELECT * FROM company_directory WHERE cbid = $1', [cbid]);
  return row ?? null;
}

/** The directory entry an account matches: by its cbid, else its domain, else its name at its Zip Code/Postcode. */
export async function directoryEntryOf(db: Queryable, account: Pick<VisibleBusinessAccount, 'cbid' | 'domain_name' | 'name' | 'zip_code'>): Promise<DirectoryEntry | null> {
  const [row] = await db.query<DirectoryEntry>(
    `SELECT * FROM company_directory
     WHERE ($1::text IS NOT NULL AND cbid = $1)
        OR ($2::text IS NOT NULL AND domain_name = $2)
        OR (lower(name) = lower($3) AND upper(replace(zip_code, ' ', '')) = upper(replace(coalesce($4, ''), ' ', '')))
     ORDER BY (cbid = $1) DESC NULLS LAST, (domain_name = $2) DESC NULLS LAST
     LIMIT 1`,
    [account.cbid, account.domain_name, account.name, account.zip_code],
  );
  return row ?? null;
}
