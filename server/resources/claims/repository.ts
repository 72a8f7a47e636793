import { CLAIM_ACCOUNTS_LIMIT } from '../../constants.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { containsPattern } from '../../list/like-pattern.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { clientAccountCondition, tenantCondition, tenantScopeOf } from '../../tenancy/tenant-scope.ts';

export type ClaimStatus = 'UN_FILED' | 'FILED';

export interface ClaimRow {
  id: string;
  claim_number: string | null;
  account_id: string;
  account_name: string;
  agency_id: string | null;
  agency_name: string | null;
  edition: 'us' | 'uk';
  status: ClaimStatus;
  is_filed: boolean;
  data: Record<string, unknown> | string;
  name: string | null;
  company_name: string | null;
  loss_date: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  created_at: Date | string;
  modified_at: Date | string;
  filed_at: Date | string | null;
  created_by_name: string | null;
}

/** The columns the claims table shows, sorts and searches, taken from the validated data. */
const COLUMN_FIELDS = [
  ['name', 'name'],
  ['company_name', 'companyName'],
  ['city', 'city'],
  ['state', 'state'],
  ['zip_code', 'zipCode'],
] as const;

const COLUMNS = `c.id, c.claim_number, c.account_id, a.name AS account_name, c.agency_id, g.name AS agency_name, c.edition,
    c.status, c.is_filed, c.data, c.name, c.company_name, to_char(c.loss_date, 'YYYY-MM-DD') AS loss_date, c.city, c.state,
    c.zip_code, c.created_at, c.modified_at, c.filed_at,
    nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') AS created_by_name`;
const FROM = `claims c
  JOIN accounts a ON a.id = c.account_id
  LEFT JOIN accounts g ON g.id = c.agency_id
  LEFT JOIN users u ON u.id = c.created_by`;

/** A claim is owned by the account it is on; the agency that manages that account is recorded with it. */
const CLAIM_TENANT = { account: 'c.account_id', agency: 'c.agency_id' };

/** The tenant rule for claims (server/tenancy): provider staff all, an agency its clients', anyone else its own. */
const visibleTo = (caller: Caller) => (params: SqlParams) => tenantCondition(tenantScopeOf(caller), CLAIM_TENANT, params);

const iso = (value: Date | string) => new Date(value).toISOString();

/** The record fields of a claim (what the table shows). */
export function toClaimSummary(row: ClaimRow) {
  return {
    id: row.id,
    claimNumber: row.claim_number,
    accountId: row.account_id,
    accountName: row.account_name,
    agencyId: row.agency_id,
    agencyName: row.agency_name,
    edition: row.edition,
    status: row.status,
    isFiled: row.is_filed,
    created: iso(row.created_at),
    modified: iso(row.modified_at),
    createdBy: row.created_by_name,
    filed: row.filed_at ? iso(row.filed_at) : null,
    name: row.name,
    companyName: row.company_name,
    lossDate: row.loss_date,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
  };
}

export type ClaimSummary = ReturnType<typeof toClaimSummary>;

/** A whole claim: its stored data (the claim form's fields) and its record fields, which win on a clash. */
export function toClaim(row: ClaimRow): Record<string, unknown> & ClaimSummary {
  return { ...dataOf(row), ...toClaimSummary(row) };
}

/** The claim form's data as stored (validated, hidden fields dropped). */
export function dataOf(row: ClaimRow): Record<string, unknown> {
  return typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data;
}

/** One claim by (tenant, id): null for an id that does not exist and for another tenant's claim alike. */
export async function findVisibleClaim(db: Queryable, caller: Caller, id: string): Promise<ClaimRow | null> {
  const params = new SqlParams();
  const [row] = await db.query<ClaimRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE c.id = ${params.add(id, 'uuid')} AND ${visibleTo(caller)(params)}`,
    params.values,
  );
  return row ?? null;
}

/** Locks the claim's row for a change in this transaction; null when the caller may not see it. */
export async function lockVisibleClaim(tx: Queryable, caller: Caller, id: string): Promise<{ id: string; status: ClaimStatus } | null> {
  const params = new SqlParams();
  const [row] = await tx.query<{ id: string; status: ClaimStatus }>(
    `SELECT c.id, c.status FROM claims c WHERE c.id = ${params.add(id, 'uuid')} AND ${visibleTo(caller)(params)} FOR UPDATE`,
    params.values,
  );
  return row ?? null;
}

/** A date the column can hold: the definition checked the format, but a published change may not. */
function lossDateOf(data: Record<string, unknown>): string | null {
  const value = data.lossDate;
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
}

function columnValues(data: Record<string, unknown>): unknown[] {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return [...COLUMN_FIELDS.map(([, field]) => text(data[field])), lossDateOf(data)];
}

export async function insertClaim(
  tx: Queryable,
  claim: { accountId: string; agencyId: string | null; edition: 'us' | 'uk'; data: Record<string, unknown>; userId: string; at: Date },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO claims (account_id, agency_id, edition, data, name, company_name, city, state, zip_code, loss_date,
       created_at, created_by, modified_at, modified_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $11, $12) RETURNING id`,
    [claim.accountId, claim.agencyId, claim.edition, JSON.stringify(claim.data), ...columnValues(claim.data), claim.at, claim.userId],
  );
  return row!.id;
}

export async function updateClaimData(
  tx: Queryable,
  claim: { id: string; edition: 'us' | 'uk'; data: Record<string, unknown>; userId: string; at: Date },
): Promise<void> {
  await tx.query(
    `UPDATE claims SET edition = $2, data = $3, name = $4, company_name = $5, city = $6, state = $7, zip_code = $8, loss_date = $9,
       modified_at = $10, modified_by = $11
     WHERE id = $1`,
    [claim.id, claim.edition, JSON.stringify(claim.data), ...columnValues(claim.data), claim.at, claim.userId],
  );
}

/** Files the claim: FILED, is_filed, and the next readable claim number of the filing year. */
export async function markFiled(tx: Queryable, claim: { id: string; userId: string; at: Date }): Promise<string> {
  const [{ next }] = (await tx.query<{ next: number }>(`SELECT nextval('claim_number_seq')::int AS next`)) as [{ next: number }];
  const claimNumber = `CLM-${claim.at.getUTCFullYear()}-${String(next).padStart(5, '0')}`;
  await tx.query(
    `UPDATE claims SET status = 'FILED', is_filed = true, claim_number = $2, filed_at = $3, filed_by = $4, modified_at = $3, modified_by = $4
     WHERE id = $1`,
    [claim.id, claimNumber, claim.at, claim.userId],
  );
  return claimNumber;
}

export async function deleteClaimRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM claims WHERE id = $1', [id]);
}

/**
 * searchClaims as a declared list. The browser's claims table sends these parameters: page, size,
 * sort=field,asc|desc, search, status, lossDateFrom/lossDateTo (the date of loss, inclusive) and accountId.
 */
export const CLAIM_LIST: ListSpec<ClaimRow, ClaimSummary> = {
  select: COLUMNS,
  from: FROM,
  sorts: {
    created: 'c.created_at',
    modified: 'c.modified_at',
    claimNumber: 'c.claim_number',
    companyName: 'lower(c.company_name)',
    name: 'lower(c.name)',
    lossDate: 'c.loss_date',
    status: 'c.status',
    accountName: 'lower(a.name)',
    agencyName: 'lower(g.name)',
  },
  defaultSort: { field: 'created', direction: 'desc' },
  tieBreak: ['c.created_at', 'c.id'],
  search: ['c.company_name', 'c.claim_number', 'c.name', 'a.name'],
  filters: { status: { sql: 'c.status' }, accountId: { sql: 'c.account_id', cast: 'uuid' } },
  ranges: { lossDate: { sql: 'c.loss_date', kind: 'date' } },
  toItem: toClaimSummary,
};

export function searchVisibleClaims(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, CLAIM_LIST, query, visibleTo(caller));
}

/** Accounts the caller may pick to report a claim for (the tenant rule's client accounts), by name. */
export async function claimAccounts(db: Queryable, caller: Caller, search: string | undefined) {
  const params = new SqlParams();
  const conditions = [clientAccountCondition(tenantScopeOf(caller), { id: 'id', agency: 'agency_id', type: 'account_type' }, params)];
  const text = search?.trim();
  if (text) conditions.push(`lower(name) LIKE ${params.add(containsPattern(text))} ESCAPE '\\'`);
  const rows = await db.query<{ id: string; name: string; account_type: string }>(
    `SELECT id, name, account_type FROM accounts WHERE ${conditions.join(' AND ')} ORDER BY lower(name), id LIMIT ${CLAIM_ACCOUNTS_LIMIT}`,
    params.values,
  );
  return { content: rows.map((row) => ({ id: row.id, name: row.name, accountType: row.account_type })) };
}
