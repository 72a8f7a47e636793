import type { Queryable } from '../db/database.ts';
import { SqlParams } from '../db/sql-params.ts';
import { DEFAULT_LIST_PAGE_SIZE } from '../constants.ts';
import { listConditions } from './list-conditions.ts';
import type { ListPage, ListRequest, ListSpec } from './list-spec.ts';
import { orderByOf, parseSort } from './sort-order.ts';

/** Conditions the caller adds beyond the request's (the tenant rule), written into the same parameters. */
export type ScopeCondition = (params: SqlParams) => string;

const wholeNumber = (value: unknown, fallback: number) => (Number.isInteger(value) && Number(value) >= 0 ? Number(value) : fallback);

/**
 * One page of a declared list: the request's search, filters, date ranges and sort turned into
 * parameterised SQL, the total of every matching row, and the page's rows as the API answers them.
 * The contract bounds page and size; the defaults apply when they are left out.
 */
export async function listPage<Row, Item>(
  db: Queryable,
  spec: ListSpec<Row, Item>,
  query: ListRequest,
  scope?: ScopeCondition,
): Promise<ListPage<Item>> {
  const page = wholeNumber(query.page, 0);
  const size = wholeNumber(query.size, DEFAULT_LIST_PAGE_SIZE) || DEFAULT_LIST_PAGE_SIZE;
  const order = orderByOf(spec, parseSort(spec, query.sort));
  const params = new SqlParams();
  const conditions = [...(scope ? [scope(params)] : []), ...listConditions(spec, query, params)];
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${spec.from} ${where}`, params.values);
  const limit = params.add(size, 'int');
  const offset = params.add(page * size, 'bigint');
  const rows = await db.query<Row>(`SELECT ${spec.select} FROM ${spec.from} ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`, params.values);
  return { content: rows.map((row) => spec.toItem(row)), totalElements: count?.total ?? 0, page, size };
}
