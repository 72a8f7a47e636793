import type { Queryable } from '../../db/database.ts';
import { PROFILE_SCORE_TO_QUOTE } from '../../constants.ts';
import type { AccountStatus } from '../accounts/account-status.ts';
import type { StatusDecision } from '../account-decisions/account-decision-store.ts';
import type { Edition } from '../accounts/address-rules.ts';
import { profileScoreOf, quoteEligibilityOf, type ProfileFacts } from './profile-score.ts';

/**
 * The account profile as stored (account_details for the address, phone, primary domain and industry code;
 * account_profiles for the rest, migrations 164 and 165; account_firmographics for what the company
 * directory says where the agent has entered nothing) and as the form reads it.
 */

export interface ProfileRow {
  id: string;
  name: string;
  edition: Edition;
  agency_id: string | null;
  agency_name: string | null;
  created_at: Date;
  has_details: boolean;
  has_profile: boolean;
  status: AccountStatus;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  phone: string | null;
  domain_name: string | null;
  no_domain_attested_at: Date | null;
  industry_code: string | null;
  dba_or_tradestyle: string | null;
  ein: string | null;
  duns_number: string | null;
  hostname: string | null;
  url: string | null;
  primary_naics_percentage: string | null;
  second_industry_code: string | null;
  revenue: string | null;
  non_us_revenue: string | null;
  percent_international_sales: string | null;
  employees: number | null;
  year_established: number | null;
  ownership_type: string | null;
  entity_type: string | null;
  is_franchise: boolean | null;
  franchise_system_connectivity: boolean | null;
  other_domains: string[] | null;
  collecting_personal_information: boolean | null;
  number_of_personal_records: string | null;
  change_in_scope: boolean | null;
  change_in_scope_detail: string | null;
  incident_response_plan: boolean | null;
  is_verified_by_agent: boolean | null;
  verified_date: Date | null;
  policy_contact_first_name: string | null;
  policy_contact_last_name: string | null;
  policy_contact_email: string | null;
  policy_contact_phone: string | null;
  modified_at: Date;
  status_decision: StatusDecision | null;
}

const SELECT = `a.id, a.name, a.edition, a.agency_id, ag.name AS agency_name, a.created_at,
  d.account_id IS NOT NULL AS has_details, p.account_id IS NOT NULL AS has_profile, coalesce(p.status, 'Open') AS status, p.status_decision,
  d.address1, d.address2, d.address3, d.city, d.state, d.zip_code, d.phone, d.domain_name, d.no_domain_attested_at,
  coalesce(d.industry_code, f.industry_code) AS industry_code,
  p.dba_or_tradestyle, p.ein, coalesce(p.duns_number, f.duns_number) AS duns_number, p.hostname, p.url,
  p.primary_naics_percentage::text AS primary_naics_percentage, p.second_industry_code,
  coalesce(p.revenue, f.revenue)::text AS revenue, p.non_us_revenue::text AS non_us_revenue, p.percent_international_sales::text AS percent_international_sales,
  coalesce(p.employees, f.employees) AS employees, coalesce(p.year_established, f.year_established) AS year_established,
  coalesce(p.ownership_type, f.ownership_type) AS ownership_type, coalesce(p.entity_type, f.entity_type) AS entity_type,
  p.is_franchise, p.franchise_system_connectivity, p.other_domains, p.collecting_personal_information,
  p.number_of_personal_records::text AS number_of_personal_records, p.change_in_scope, p.change_in_scope_detail, p.incident_response_plan,
  p.is_verified_by_agent, p.verified_date, p.policy_contact_first_name, p.policy_contact_last_name, p.policy_contact_email, p.policy_contact_phone,
  greatest(p.modified_at, d.modified_at, a.created_at) AS modified_at`;

const FROM = `accounts a
  LEFT JOIN accounts ag ON ag.id = a.agency_id
  LEFT JOIN account_details d ON d.account_id = a.id
  LEFT JOIN account_profiles p ON p.account_id = a.id
  LEFT JOIN account_firmographics f ON f.account_id = a.id`;

/** The stored profile of an account already found within the caller's tenant; `lock` holds the account row. */
export async function profileRowOf(db: Queryable, accountId: string, lock = false): Promise<ProfileRow> {
  const [row] = await db.query<ProfileRow>(`SELECT ${SELECT} FROM ${FROM} WHERE a.id = $1${lock ? ' FOR UPDATE OF a' : ''}`, [accountId]);
  if (!row) throw new Error(`Account ${accountId} vanished while read`);
  return row;
}

/** The profile rows of several accounts (the portfolio of an agency), for the risk factors. */
export async function profileRowsOfAgency(db: Queryable, agencyId: string): Promise<ProfileRow[]> {
  return db.query<ProfileRow>(`SELECT ${SELECT} FROM ${FROM} WHERE a.agency_id = $1 AND a.account_type = 'CUSTOMER' ORDER BY a.id`, [agencyId]);
}

const num = (value: string | null): number | null => (value === null ? null : Number(value));

/** What the profile score reads of a stored profile. */
export function profileFactsOf(row: ProfileRow): ProfileFacts {
  return {
    industryCode: row.industry_code,
    revenue: num(row.revenue),
    employees: row.employees,
    yearEstablished: row.year_established,
    domainName: row.domain_name,
    noDomainAttested: row.no_domain_attested_at !== null,
    address1: row.address1,
    city: row.city,
    zipCode: row.zip_code,
  };
}

/** The score, its threshold and the quote-eligibility answer of a stored profile. */
export function scoreAndEligibilityOf(row: ProfileRow) {
  const score = profileScoreOf(profileFactsOf(row));
  return {
    profileScore: { ...score, threshold: PROFILE_SCORE_TO_QUOTE },
    eligibility: quoteEligibilityOf(row.status, score.score),
    requestQuotePath: `/agency/requestQuote/P250/${row.id}`,
  };
}

/** Industry titles by code for the edition: a code's own title and its two-digit sector's or division's. */
export async function industryTitles(db: Queryable, edition: Edition, codes: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(codes.flatMap((code) => (code ? [code, code.slice(0, 2)] : [])))];
  if (wanted.length === 0) return new Map();
  const rows = await db.query<{ code: string; title: string }>('SELECT code, title FROM industry_codes WHERE edition = $1 AND code = ANY($2::text[])', [edition, wanted]);
  return new Map(rows.map((row) => [row.code, row.title]));
}

/** A phone's stored national digits as the phone field takes them: the UK number with its trunk 0. */
export function phoneForForm(digits: string | null, edition: Edition): string | null {
  if (!digits) return null;
  return edition === 'uk' ? `0${digits}` : digits;
}

/** The profile as the form and the page read it. */
export async function toAccountProfile(db: Queryable, row: ProfileRow) {
  const titles = await industryTitles(db, row.edition, [row.industry_code, row.second_industry_code]);
  const title = (code: string | null) => (code ? (titles.get(code) ?? null) : null);
  const sector = (code: string | null) => (code ? (titles.get(code.slice(0, 2)) ?? null) : null);
  const code = row.industry_code === null ? null : Number(row.industry_code);
  const primary = num(row.primary_naics_percentage);
  const revenue = num(row.revenue);
  const nonUs = num(row.non_us_revenue);
  return {
    id: row.id,
    name: row.name,
    edition: row.edition,
    status: row.status,
    statusDecision: row.status_decision,
    agencyId: row.agency_id,
    agencyName: row.agency_name,
    dbaOrTradestyle: row.dba_or_tradestyle,
    ein: row.ein,
    dunsNumber: row.duns_number,
    hostname: row.hostname,
    url: row.url,
    industryCode: row.industry_code,
    ...(row.edition === 'uk' ? { sicCode: code } : { naicsCode: code }),
    primaryIndustry: sector(row.industry_code),
    secondaryIndustry: title(row.industry_code),
    // A profile never edited holds one industry: the primary share is then all of it.
    primaryNaicsPercentage: primary ?? (row.industry_code ? 100 : null),
    secondNaicsCode: row.second_industry_code === null ? null : Number(row.second_industry_code),
    secondPrimaryIndustry: sector(row.second_industry_code),
    secondSecondaryIndustry: title(row.second_industry_code),
    secondaryNaicsPercentage: row.second_industry_code !== null && primary !== null ? 100 - primary : null,
    revenue,
    nonUsRevenue: nonUs,
    totalRevenue: revenue === null && nonUs === null ? null : (revenue ?? 0) + (nonUs ?? 0),
    percentInternationalSales: num(row.percent_international_sales),
    noOfEmployeesAll: row.employees,
    yearEstablished: row.year_established,
    ownershipType: row.ownership_type,
    entityType: row.entity_type,
    isFranchise: row.is_franchise,
    franchiseSystemConnectivity: row.franchise_system_connectivity,
    domainName: row.domain_name,
    domains: row.other_domains && row.other_domains.length > 0 ? row.other_domains.join(', ') : null,
    noDomainAttested: row.no_domain_attested_at !== null,
    collectingPersonalInformation: row.collecting_personal_information,
    numberOfPersonalRecords: num(row.number_of_personal_records),
    changeInScope: row.change_in_scope,
    changeInScopeDetail: row.change_in_scope_detail,
    incidentResponsePlan: row.incident_response_plan,
    address1: row.address1,
    address2: row.address2,
    address3: row.address3,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    phoneNumber: phoneForForm(row.phone, row.edition),
    isVerifiedByAgent: row.is_verified_by_agent ?? false,
    verifiedDate: row.verified_date ? new Date(row.verified_date).toISOString() : null,
    policyContactFirstName: row.policy_contact_first_name,
    policyContactLastName: row.policy_contact_last_name,
    policyContactEmail: row.policy_contact_email,
    policyContactPhone: phoneForForm(row.policy_contact_phone, row.edition),
    ...scoreAndEligibilityOf(row),
    modified: new Date(row.modified_at).toISOString(),
  };
}

export type AccountProfileView = Awaited<ReturnType<typeof toAccountProfile>>;
