import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { HttpError } from '../../http/http-error.ts';
import { DEFAULT_LIST_PAGE_SIZE } from '../../constants.ts';
import { listConditions } from '../../list/list-conditions.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import { orderByOf, parseSort } from '../../list/sort-order.ts';
import type { Caller } from '../../services.ts';
import { tenantCondition, tenantScopeOf, type TenantScope } from '../../tenancy/tenant-scope.ts';
import { INTERVAL_MS, type ActivityWindow } from './activity-window.ts';

interface ActivityRow {
  id: string;
  at: Date | string;
  api_client_id: string;
  key_name: string;
  method: string;
  path: string;
  operation_id: string | null;
  status: number;
  duration_ms: string | number;
  account_id: string;
  account_name: string;
}

const SELECT = `x.id::text AS id, x.at, x.api_client_id, x.key_name, x.method, x.path, x.operation_id, x.status, x.duration_ms,
  x.account_id, a.name AS account_name`;
const FROM = 'api_activity x JOIN accounts a ON a.id = x.account_id';

/** The outcome filter (`filter`): by the status class. */
const OUTCOMES: Record<string, string> = {
  SUCCESS: 'x.status < 400',
  CLIENT_ERROR: 'x.status >= 400 AND x.status < 500',
  SERVER_ERROR: 'x.status >= 500',
};

export const ACTIVITY_MESSAGES = {
  cursorNeedsTimeSort: 'searchAfter pages only the list sorted by time (sort=at).',
} as const;

const iso = (value: Date | string) => new Date(value).toISOString();

function toActivity(row: ActivityRow) {
  return {
    id: row.id, at: iso(row.at), apiClientId: row.api_client_id, keyName: row.key_name, method: row.method, path: row.path,
    operationId: row.operation_id, status: row.status, durationMs: Number(row.duration_ms), accountId: row.account_id, accountName: row.account_name,
  };
}
export type Activity = ReturnType<typeof toActivity>;

/** What the search declares: the sorts, the search's columns and the key filter (the list convention of server/list). */
const ACTIVITY: Pick<ListSpec<ActivityRow, Activity>, 'sorts' | 'defaultSort' | 'tieBreak' | 'search' | 'filters'> = {
  sorts: { at: 'x.at', status: 'x.status', durationMs: 'x.duration_ms', method: 'x.method', path: 'x.path', apiClientId: 'x.api_client_id' },
  defaultSort: { field: 'at', direction: 'desc' },
  tieBreak: ['x.id'],
  search: ['x.path', 'x.method', 'x.api_client_id', 'x.key_name'],
  filters: { apiClientId: { sql: 'x.api_client_id' } },
};

/**
 * Activity is an organisation's own: provider staff see every organisation's, anyone else only the requests
 * of their own organisation's keys.
 */
function activityScope(caller: Caller): TenantScope {
  const scope = tenantScopeOf(caller);
  return scope.reach === 'all' ? scope : { reach: 'own', accountId: caller.accountId };
}

/** Every condition of a request: the tenant rule, the window, the outcome, the key and the search. */
function conditionsOf(caller: Caller, query: ListRequest, window: ActivityWindow, params: SqlParams): string[] {
  const conditions = [tenantCondition(activityScope(caller), { account: 'x.account_id', agency: 'x.account_id' }, params)];
  if (window.from) conditions.push(`x.at >= ${params.add(window.from, 'timestamptz')}`);
  if (window.to) conditions.push(`x.at < ${params.add(window.to, 'timestamptz')}`);
  const outcome = typeof query.filter === 'string' ? OUTCOMES[query.filter] : undefined;
  if (outcome) conditions.push(`(${outcome})`);
  conditions.push(...listConditions(ACTIVITY, query, params));
  return conditions;
}

/** A row's place in the time order, as the `searchAfter` of the next page. */
const cursorOf = (row: ActivityRow) => `${iso(row.at)}_${row.id}`;

function parseCursor(cursor: string): { at: string; id: string } {
  const cut = cursor.lastIndexOf('_');
  const at = cursor.slice(0, cut);
  if (cut < 1 || Number.isNaN(Date.parse(at))) throw new HttpError(400, 'searchAfter is not a cursor this list gave.');
  return { at, id: cursor.slice(cut + 1) };
}

export interface ActivityPage {
  content: Activity[];
  totalElements: number;
  page: number;
  size: number;
  searchAfter: string | null;
}

/**
 * One page of requests: by page number (`page`, or the spec's `pageRequested`), or after a cursor
 * (`searchAfter`, the previous answer's, when sorted by time), which stays right while new requests arrive.
 */
export async function searchActivity(db: Queryable, caller: Caller, query: ListRequest, window: ActivityWindow): Promise<ActivityPage> {
  const size = Number.isInteger(query.size) ? Number(query.size) : DEFAULT_LIST_PAGE_SIZE;
  const requested = Number.isInteger(query.page) ? Number(query.page) : Number.isInteger(query.pageRequested) ? Number(query.pageRequested) : 0;
  const sort = parseSort(ACTIVITY, query.sort);
  const params = new SqlParams();
  const conditions = conditionsOf(caller, query, window, params);
  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${FROM} WHERE ${conditions.join(' AND ')}`, params.values);

  let offset = requested * size;
  if (typeof query.searchAfter === 'string' && query.searchAfter !== '') {
    if (sort.field !== 'at') throw new HttpError(400, ACTIVITY_MESSAGES.cursorNeedsTimeSort);
    const cursor = parseCursor(query.searchAfter);
    const comparison = sort.direction === 'desc' ? '<' : '>';
    conditions.push(`(x.at, x.id) ${comparison} (${params.add(cursor.at, 'timestamptz')}, ${params.add(cursor.id, 'bigint')})`);
    offset = 0;
  }
  // One row more than the page tells whether a next page exists.
  const rows = await db.query<ActivityRow>(
    `SELECT ${SELECT} FROM ${FROM} WHERE ${conditions.join(' AND ')} ORDER BY ${orderByOf(ACTIVITY, sort)}
     LIMIT ${params.add(size + 1, 'int')} OFFSET ${params.add(offset, 'bigint')}`,
    params.values,
  );
  const shown = rows.slice(0, size);
  const last = shown[shown.length - 1];
  return {
    content: shown.map(toActivity),
    totalElements: count?.total ?? 0,
    page: offset === 0 && query.searchAfter ? 0 : requested,
    size,
    searchAfter: rows.length > size && last && sort.field === 'at' ? cursorOf(last) : null,
  };
}

export interface Bucket {
  start: string;
  total: number;
  success: number;
  clientError: number;
  serverError: number;
}

/** Requests per hour or per UTC day over the window, every bucket present (empty ones as zeros), oldest first. */
export async function activityBuckets(
  db: Queryable, caller: Caller, query: ListRequest, window: { from: Date; to: Date }, interval: 'HOUR' | 'DAY',
): Promise<Bucket[]> {
  const params = new SqlParams();
  const conditions = conditionsOf(caller, query, window, params);
  const step = INTERVAL_MS[interval];
  const rows = await db.query<{ bucket: string | number; total: number; success: number; client_error: number; server_error: number }>(
    `SELECT floor(extract(epoch FROM x.at) * 1000 / ${params.add(step, 'bigint')})::bigint AS bucket, count(*)::int AS total,
            count(*) FILTER (WHERE x.status < 400)::int AS success,
            count(*) FILTER (WHERE x.status >= 400 AND x.status < 500)::int AS client_error,
            count(*) FILTER (WHERE x.status >= 500)::int AS server_error
     FROM ${FROM} WHERE ${conditions.join(' AND ')} GROUP BY 1`,
    params.values,
  );
  const counted = new Map(rows.map((row) => [Number(row.bucket), row]));
  const buckets: Bucket[] = [];
  for (let index = Math.floor(window.from.getTime() / step); index * step < window.to.getTime(); index += 1) {
    const row = counted.get(index);
    buckets.push({
      start: new Date(index * step).toISOString(),
      total: row?.total ?? 0, success: row?.success ?? 0, clientError: row?.client_error ?? 0, serverError: row?.server_error ?? 0,
    });
  }
  return buckets;
}

/** Totals over the window: by outcome, the durations (mean and 95th percentile), the busiest keys and routes. */
export async function activityStats(db: Queryable, caller: Caller, query: ListRequest, window: ActivityWindow) {
  const params = new SqlParams();
  const where = conditionsOf(caller, query, window, params).join(' AND ');
  const [totals] = await db.query<{
    total: number; success: number; client_error: number; server_error: number; average: number | null; p95: number | null; keys_used: number;
  }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE x.status < 400)::int AS success,
            count(*) FILTER (WHERE x.status >= 400 AND x.status < 500)::int AS client_error,
            count(*) FILTER (WHERE x.status >= 500)::int AS server_error,
            round(avg(x.duration_ms), 1)::float8 AS average,
            round(percentile_cont(0.95) WITHIN GROUP (ORDER BY x.duration_ms)::numeric, 1)::float8 AS p95,
            count(DISTINCT x.api_client_id)::int AS keys_used
     FROM ${FROM} WHERE ${where}`,
    params.values,
  );
  const byKey = await db.query<{ api_client_id: string; key_name: string; total: number; failed: number }>(
    `SELECT x.api_client_id, (array_agg(x.key_name ORDER BY x.at DESC))[1] AS key_name, count(*)::int AS total,
            count(*) FILTER (WHERE x.status >= 400)::int AS failed
     FROM ${FROM} WHERE ${where} GROUP BY x.api_client_id ORDER BY total DESC, x.api_client_id LIMIT 10`,
    params.values,
  );
  const byPath = await db.query<{ method: string; path: string; total: number }>(
    `SELECT x.method, x.path, count(*)::int AS total FROM ${FROM} WHERE ${where}
     GROUP BY x.method, x.path ORDER BY total DESC, x.path, x.method LIMIT 10`,
    params.values,
  );
  return {
    total: totals?.total ?? 0,
    success: totals?.success ?? 0,
    clientError: totals?.client_error ?? 0,
    serverError: totals?.server_error ?? 0,
    averageDurationMs: totals?.average ?? null,
    p95DurationMs: totals?.p95 ?? null,
    keysUsed: totals?.keys_used ?? 0,
    byKey: byKey.map((row) => ({ apiClientId: row.api_client_id, keyName: row.key_name, total: row.total, failed: row.failed })),
    byPath: byPath.map((row) => ({ method: row.method, path: row.path, total: row.total })),
  };
}
