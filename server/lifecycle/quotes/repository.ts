import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { tenantCondition, tenantScopeOf } from '../../tenancy/tenant-scope.ts';
import { HIDDEN_STATUSES, INBOX_STATUSES } from './transitions.ts';
import { SUBJECTIVITIES_OF_QUOTE_SQL } from './subjectivity-list.ts';
import { overseenAgencyCondition } from '../../resources/agencies/agency-reach.ts';

/** A quote row as the lists read it. */
export interface QuoteRow {
  id: string;
  quote_number: string;
  product: string;
  status: string;
  agency_status: string;
  account_id: string;
  company_name: string;
  agency_id: string;
  agency_name: string;
  agent_name: string | null;
  team_name: string | null;
  is_renewal: boolean;
  is_surplus: boolean;
  preset: string | null;
  effective_date: string | Date;
  end_date: string | Date;
  expires_on: string | Date;
  need_by_date: string | Date | null;
  agg_limit: string;
  deductible: string;
  premium: string;
  total_premium: string;
  currency: string;
  in_cart: boolean;
  created_at: Date;
  modified_at: Date;
}

/** The full row behind the quote page. */
export interface QuoteDetailRow extends QuoteRow {
  edition: 'us' | 'uk';
  team_id: string | null;
  agent_user_id: string | null;
  submission_id: string | null;
  created_by: string | null;
  request_data: Record<string, unknown>;
  rating: Record<string, unknown>;
  irpm: Record<string, unknown> | null;
  irpm_modifier: string | null;
  subjectivities: string[];
  decision: Record<string, unknown> | null;
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  broker_fee: string;
  additional_broker_fee: string;
  mga_fee: string;
  surplus_line_tax: string;
  surplus_stamping_fee: string;
  last_patched_at: Date | null;
  wra_request_to_bind: boolean;
  waiting_period: number | null;
  retro_active_period: number | null;
  binder_number: string | null;
  binder_expires_on: string | null;
  /** The state or nation and the industry code the quote was rated for. */
  risk_state: string | null;
  industry_code: string | null;
  policy_id: string | null;
}

const SELECT = `q.id, q.quote_number, q.product, q.status, q.agency_status, q.account_id, a.name AS company_name, q.agency_id,
  ag.name AS agency_name, CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS agent_name,
  t.name AS team_name, q.is_renewal, q.is_surplus, q.preset, q.effective_date::text AS effective_date, q.end_date::text AS end_date,
  q.expires_on::text AS expires_on, q.need_by_date::text AS need_by_date, q.agg_limit::text AS agg_limit, q.deductible::text AS deductible,
  q.premium::text AS premium, q.total_premium::text AS total_premium, q.currency, q.in_cart, q.created_at, q.modified_at`;
const FROM = `quotes q
  JOIN accounts a ON a.id = q.account_id
  JOIN accounts ag ON ag.id = q.agency_id
  LEFT JOIN users u ON u.id = q.agent_user_id
  LEFT JOIN teams t ON t.id = q.team_id`;

const day = (value: string | Date | null): string | null => (value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));
const money = (value: string): string => Number.isFinite(Number(value)) ? Number(value).toFixed(2) : value;

export function toQuote(row: QuoteRow) {
  return {
    id: row.id,
    quoteNumber: row.quote_number,
    product: row.product,
    status: row.status,
    agencyStatus: row.agency_status as 'ACTIVE' | 'REQUEST_TO_BIND_SENT' | 'BOUND' | 'INVALID',
    accountId: row.account_id,
    companyName: row.company_name,
    agencyId: row.agency_id,
    agencyName: row.agency_name,
    agentName: row.agent_name,
    teamName: row.team_name,
    businessType: (row.is_renewal ? 'Renewal' : 'New Business') as 'Renewal' | 'New Business',
    isSurplus: row.is_surplus,
    preset: row.preset,
    effectiveDate: day(row.effective_date)!,
    endDate: day(row.end_date)!,
    expiresOn: day(row.expires_on)!,
    needByDate: day(row.need_by_date),
    aggLimit: money(row.agg_limit),
    deductible: money(row.deductible),
    premium: money(row.premium),
    totalPremium: money(row.total_premium),
    currency: row.currency as 'USD' | 'GBP',
    inCart: row.in_cart,
    created: new Date(row.created_at).toISOString(),
    modified: new Date(row.modified_at).toISOString(),
  };
}
export type Quote = ReturnType<typeof toQuote>;

const SORTS = {
  modified: 'q.modified_at', created: 'q.created_at', effectiveDate: 'q.effective_date', quoteNumber: 'q.quote_number',
  accountName: 'lower(a.name)', companyName: 'lower(a.name)', status: 'q.status', product: 'q.product', totalPremium: 'q.total_premium',
  agencyName: 'lower(ag.name)', agentName: 'agent_name', teamName: 'lower(t.name)', needByDate: 'q.need_by_date',
} as const;

const FILTERS = {
  status: { sql: 'q.status' },
  product: { sql: 'q.product' },
  accountId: { sql: 'q.account_id', cast: 'uuid' },
  teamId: { sql: 'q.team_id', cast: 'uuid' },
  agencyId: { sql: 'q.agency_id', cast: 'uuid' },
  businessType: { sql: `CASE WHEN q.is_renewal THEN 'Renewal' ELSE 'New Business' END` },
} as const;

const QUOTES: ListSpec<QuoteRow, Quote> = {
  select: SELECT,
  from: FROM,
  // Every quote has its client and agency (NOT NULL keys), the agent and team are LEFT JOINs to a key, and
  // every filter and search reads q alone.
  countFrom: 'quotes q',
  sorts: SORTS,
  defaultSort: { field: 'modified', direction: 'desc' },
  tieBreak: ['q.id'],
  // The client, the agency and the agent by key, so the count reads quotes alone and each arm its own index (bench:search).
  search: [
    'q.quote_number',
    { key: 'q.account_id', table: 'accounts', match: 'k.name' },
    { key: 'q.agency_id', table: 'accounts', match: 'k.name' },
    { key: 'q.agent_user_id', table: 'users', match: `k.first_name || ' ' || k.last_name` },
  ],
  filters: FILTERS,
  toItem: toQuote,
};

const INBOX: ListSpec<QuoteRow, Quote> = { ...QUOTES, defaultSort: { field: 'needByDate', direction: 'asc' } };

/** The tenant rule for a quote: provider staff all, an agency the quotes it asked for, a policyholder those on its account. */
export function quoteTenant(caller: Caller, params: SqlParams): string {
  return tenantCondition(tenantScopeOf(caller), { account: 'q.account_id', agency: 'q.agency_id' }, params);
}

/** Dashboards leave the cart's drafts and deleted quotes out unless a status asks for them. */
function defaultStatusCondition(query: ListRequest, params: SqlParams, hidden: readonly string[]): string[] {
  const status = query.status;
  const asked = Array.isArray(status) ? status.length > 0 : typeof status === 'string' && status !== '';
  return asked ? [] : [`NOT (q.status = ANY(${params.add([...hidden], 'text[]')}))`];
}

export function searchVisibleQuotes(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, QUOTES, query, (params) => [quoteTenant(caller, params), ...defaultStatusCondition(query, params, [...HIDDEN_STATUSES, 'DRAFT'])].join(' AND '));
}

/** The underwriter's inbox: what waits on underwriting unless another status is asked for. */
export function searchInbox(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, INBOX, query, (params) => {
    const status = query.status;
    const asked = Array.isArray(status) ? status.length > 0 : typeof status === 'string' && status !== '';
    const inbox = asked ? [] : [`q.status = ANY(${params.add([...INBOX_STATUSES], 'text[]')})`];
    return [quoteTenant(caller, params), ...inbox].join(' AND ');
  });
}

const DETAIL_SELECT = `${SELECT}, q.edition, q.team_id, q.agent_user_id, q.submission_id, q.created_by, q.request_data, q.rating, q.irpm,
  q.irpm_modifier::text AS irpm_modifier, ${SUBJECTIVITIES_OF_QUOTE_SQL} AS subjectivities, q.decision, q.customer_first_name, q.customer_last_name, q.customer_email,
  q.customer_phone, q.broker_fee::text AS broker_fee, q.additional_broker_fee::text AS additional_broker_fee, q.mga_fee::text AS mga_fee, q.surplus_line_tax::text AS surplus_line_tax,
  q.surplus_stamping_fee::text AS surplus_stamping_fee, q.last_patched_at, q.wra_request_to_bind, q.waiting_period, q.retro_active_period,
  q.binder_number, q.binder_expires_on::text AS binder_expires_on, q.risk_state, q.industry_code, (SELECT p.id FROM policies p WHERE p.quote_id = q.id) AS policy_id`;

/** One quote by (tenant, id): another tenant's quote answers like a missing one. `lock` for a change. */
export async function findVisibleQuote(db: Queryable, caller: Caller, id: string, lock = false): Promise<QuoteDetailRow | null> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const visible = quoteTenant(caller, params);
  const [row] = await db.query<QuoteDetailRow>(
    `SELECT ${DETAIL_SELECT} FROM ${FROM} WHERE q.id = ${idParam} AND q.status <> 'DELETED' AND ${visible}${lock ? ' FOR UPDATE OF q' : ''}`,
    params.values,
  );
  return row ?? null;
}

/**
 * One quote to read: the caller's own (the tenant rule) or one of an agency it oversees (a cluster's, a
 * carrier's, a digital agency's agencies), so an overseer opens the binders on its dashboard. Changes keep
 * to findVisibleQuote.
 */
export async function findReadableQuote(db: Queryable, caller: Caller, id: string): Promise<QuoteDetailRow | null> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const readable = `(${quoteTenant(caller, params)} OR ${overseenAgencyCondition(caller, 'q.agency_id', params)})`;
  const [row] = await db.query<QuoteDetailRow>(`SELECT ${DETAIL_SELECT} FROM ${FROM} WHERE q.id = ${idParam} AND q.status <> 'DELETED' AND ${readable}`, params.values);
  return row ?? null;
}

/**
 * One quote by id alone, for a link the server signed for it (quote-documents/documents-link.ts): the signature,
 * not a session, is what lets its holder in. A quote deleted, a draft or one no longer offered is not found.
 */
export async function findOfferedQuote(db: Queryable, id: string): Promise<QuoteDetailRow | null> {
  const [row] = await db.query<QuoteDetailRow>(
    `SELECT ${DETAIL_SELECT} FROM ${FROM} WHERE q.id = $1 AND q.status NOT IN ('DELETED', 'DRAFT') AND q.agency_status <> 'INVALID'`,
    [id],
  );
  return row ?? null;
}

export interface QuoteEventRow {
  action: string;
  from_status: string | null;
  to_status: string;
  by: string | null;
  at: Date;
  detail: Record<string, unknown> | null;
}

export async function quoteEvents(db: Queryable, quoteId: string): Promise<QuoteEventRow[]> {
  return db.query<QuoteEventRow>(
    `SELECT e.action, e.from_status, e.to_status, CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS by, e.at, e.detail
     FROM quote_events e LEFT JOIN users u ON u.id = e.user_id WHERE e.quote_id = $1 ORDER BY e.id`,
    [quoteId],
  );
}

export async function recordQuoteEvent(
  tx: Queryable,
  event: { quoteId: string; from: string | null; to: string; action: string; detail?: Record<string, unknown> | null; userId: string | null; at: Date },
): Promise<void> {
  await tx.query(
    'INSERT INTO quote_events (quote_id, from_status, to_status, action, detail, user_id, at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [event.quoteId, event.from, event.to, event.action, event.detail ? JSON.stringify(event.detail) : null, event.userId, event.at],
  );
}

/** The next quote number of the year: 'Q-2026-000042'. */
export async function nextQuoteNumber(tx: Queryable, at: Date): Promise<string> {
  const [next] = await tx.query<{ next: number }>(`SELECT nextval('quote_number_seq')::int AS next`);
  return `Q-${at.getUTCFullYear()}-${String(next!.next).padStart(6, '0')}`;
}

/** The caller's cart: the DRAFT quotes it added, oldest first. */
export async function cartOf(db: Queryable, caller: Caller, accountId?: string): Promise<Quote[]> {
  const params = new SqlParams();
  const user = params.add(caller.userId, 'uuid');
  const visible = quoteTenant(caller, params);
  const account = accountId ? ` AND q.account_id = ${params.add(accountId, 'uuid')}` : '';
  const rows = await db.query<QuoteRow>(
    `SELECT ${SELECT} FROM ${FROM} WHERE q.in_cart AND q.status = 'DRAFT' AND q.created_by = ${user} AND ${visible}${account} ORDER BY q.cart_added_at, q.id`,
    params.values,
  );
  return rows.map(toQuote);
}

export async function quoteNotes(db: Queryable, quoteId: string) {
  const rows = await db.query<{ id: string; note: string; note_type: string; created_at: Date; created_by: string | null }>(
    `SELECT n.id, n.note, n.note_type, n.created_at, CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS created_by
     FROM quote_notes n LEFT JOIN users u ON u.id = n.created_by WHERE n.quote_id = $1 ORDER BY n.created_at DESC, n.id`,
    [quoteId],
  );
  return rows.map((row) => ({ id: row.id, note: row.note, noteType: row.note_type, created: new Date(row.created_at).toISOString(), createdBy: row.created_by }));
}
