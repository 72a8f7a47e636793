import type { Queryable } from '../../db/database.ts';
import type { Caller } from '../../services.ts';

/** Account types that manage client accounts: they see the claims of the accounts they manage. */
const MANAGING_TYPES = ['AGENCY', 'DIGITAL'];
/** Provider staff see every claim. */
const PROVIDER_TYPE = 'COWBELL';

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

const SELECT = `SELECT c.id, c.claim_number, c.account_id, a.name AS account_name, c.agency_id, g.name AS agency_name, c.edition,
    c.status, c.is_filed, c.data, c.name, c.company_name, to_char(c.loss_date, 'YYYY-MM-DD') AS loss_date, c.city, c.state,
    c.zip_code, c.created_at, c.modified_at, c.filed_at,
    nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') AS created_by_name
  FROM claims c
  JOIN accounts a ON a.id = c.account_id
  LEFT JOIN accounts g ON g.id = c.agency_id
  LEFT JOIN users u ON u.id = c.created_by`;

/**
 * The tenant rule for claims: provider staff see all; an agency (or digital agent) sees the claims it is the
 * tenant of and those on its own account; everyone else sees the claims on their own account. `$n` and
 * `$n+1` are the caller's account type and account id.
 */
function visibleTo(n: number): string {
  return `($${n}::text = '${PROVIDER_TYPE}' OR c.account_id = $${n + 1}::uuid
    OR ($${n}::text IN (${MANAGING_TYPES.map((type) => `'${type}'`).join(', ')}) AND c.agency_id = $${n + 1}::uuid))`;
}

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

export async function findVisibleClaim(db: Queryable, caller: Caller, id: string): Promise<ClaimRow | null> {
  const [row] = await db.query<ClaimRow>(`${SELECT} WHERE c.id = $1 AND ${visibleTo(2)}`, [id, caller.accountType, caller.accountId]);
  return row ?? null;
}

/** Locks the claim's row for a change in this transaction; null when the caller may not see it. */
export async function lockVisibleClaim(tx: Queryable, caller: Caller, id: string): Promise<{ id: string; status: ClaimStatus } | null> {
  const [row] = await tx.query<{ id: string; status: ClaimStatus }>(
    `SELECT c.id, c.status FROM claims c WHERE c.id = $1 AND ${visibleTo(2)} FOR UPDATE`,
    [id, caller.accountType, caller.accountId],
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

/** Sort fields of searchClaims and the SQL each one orders by. */
const SORTS: Record<string, string> = {
  created: 'c.created_at',
  modified: 'c.modified_at',
  claimNumber: 'c.claim_number',
  companyName: 'lower(c.company_name)',
  name: 'lower(c.name)',
  lossDate: 'c.loss_date',
  status: 'c.status',
  accountName: 'lower(a.name)',
  agencyName: 'lower(g.name)',
};

export interface ClaimSearch {
  page: number;
  size: number;
  /** 'field,direction' (the contract's pattern already checked it). */
  sort?: string;
  search?: string;
  status?: ClaimStatus;
  accountId?: string;
}

export async function searchVisibleClaims(db: Queryable, caller: Caller, query: ClaimSearch) {
  const params: unknown[] = [caller.accountType, caller.accountId];
  const where = [visibleTo(1)];
  const text = query.search?.trim();
  if (text) {
    params.push(`%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
    const p = `$${params.length}`;
    where.push(`(lower(coalesce(c.company_name, '')) LIKE ${p} OR lower(coalesce(c.claim_number, '')) LIKE ${p}
      OR lower(coalesce(c.name, '')) LIKE ${p} OR lower(a.name) LIKE ${p})`);
  }
  if (query.status) {
    params.push(query.status);
    where.push(`c.status = $${params.length}`);
  }
  if (query.accountId) {
    params.push(query.accountId);
    where.push(`c.account_id = $${params.length}::uuid`);
  }
  const [field = 'created', direction = 'desc'] = (query.sort ?? 'created,desc').split(',');
  const order = `${SORTS[field] ?? SORTS.created} ${direction.toLowerCase() === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, c.created_at DESC, c.id`;
  const filter = where.join(' AND ');
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM claims c JOIN accounts a ON a.id = c.account_id WHERE ${filter}`,
    params,
  );
  const rows = await db.query<ClaimRow>(
    `${SELECT} WHERE ${filter} ORDER BY ${order} LIMIT ${query.size} OFFSET ${query.page * query.size}`,
    params,
  );
  return { content: rows.map(toClaimSummary), totalElements: count?.total ?? 0, page: query.page, size: query.size };
}

/**
 * Accounts the caller may pick to report a claim for: provider staff any policyholder account, an agency (or
 * digital agent) the accounts it manages, anyone else their own account.
 */
export async function claimAccounts(db: Queryable, caller: Caller, search: string | undefined) {
  const params: unknown[] = [caller.accountType, caller.accountId, MANAGING_TYPES];
  let filter = '';
  const text = search?.trim();
  if (text) {
    params.push(`%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
    filter = `AND lower(name) LIKE $${params.length}`;
  }
  const rows = await db.query<{ id: string; name: string; account_type: string }>(
    `SELECT id, name, account_type FROM accounts
     WHERE CASE
       WHEN $1::text = '${PROVIDER_TYPE}' THEN account_type = 'CUSTOMER'
       WHEN $1::text = ANY($3::text[]) THEN agency_id = $2::uuid
       ELSE id = $2::uuid
     END ${filter}
     ORDER BY lower(name), id LIMIT 200`,
    params,
  );
  return { content: rows.map((row) => ({ id: row.id, name: row.name, accountType: row.account_type })) };
}
