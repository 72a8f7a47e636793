import type { Queryable } from '../db/database.ts';
import { SqlParams } from '../db/sql-params.ts';
import { DEFAULT_LIST_PAGE_SIZE, LIST_FEW_MATCHES } from '../constants.ts';
import { listConditions } from './list-conditions.ts';
import type { ListPage, ListRequest, ListSpec } from './list-spec.ts';
import { orderByOf, parseSort } from './sort-order.ts';

/** Conditions the caller adds beyond the request's (the tenant rule), written into the same parameters. */
export type ScopeCondition = (params: SqlParams) => string;

const wholeNumber = (value: unknown, fallback: number) => (Number.isInteger(value) && Number(value) >= 0 ? Number(value) : fallback);

/** Whether `sql` is a plain column of the counted table ('q.modified_at' for countFrom 'quotes q'). */
function isCountedColumn(countFrom: string, sql: string): boolean {
  const alias = countFrom.trim().split(/\s+/)[1];
  return alias !== undefined && new RegExp(`^${alias}\\.[a-z_][a-z0-9_]*$`, 'i').test(sql);
}

/**
 * One page of a declared list: the request's search, filters, date ranges and sort turned into
 * parameterised SQL, the total of every matching row, and the page's rows as the API answers them.
 * The contract bounds page and size; the defaults apply when they are left out.
 *
 * A list declared for scale (`countFrom`) counts over that narrower FROM and picks its page by key
 * (the tie-break's last expression, the primary key), then joins only the page's rows: with few
 * matches (LIST_FEW_MATCHES) from all of their keys, sorted after; else, when the sort and tie-break are
 * plain columns of the counted table, from the keys of the page sorted there (the joins cost twenty rows,
 * not a million).
 */
export async function listPage<Row, Item>(
  db: Queryable,
  spec: ListSpec<Row, Item>,
  query: ListRequest,
  scope?: ScopeCondition,
): Promise<ListPage<Item>> {
  const page = wholeNumber(query.page, 0);
  const size = wholeNumber(query.size, DEFAULT_LIST_PAGE_SIZE) || DEFAULT_LIST_PAGE_SIZE;
  const sort = parseSort(spec, query.sort);
  const order = orderByOf(spec, sort);
  const params = new SqlParams();
  const conditions = [...(scope ? [scope(params)] : []), ...listConditions(spec, query, params)];
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const countFrom = spec.countFrom ?? spec.from;
  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${countFrom} ${where}`, params.values);
  const total = count?.total ?? 0;
  if (total <= page * size) return { content: [], totalElements: total, page, size };
  const limit = params.add(size, 'int');
  const offset = params.add(page * size, 'bigint');
  const key = spec.tieBreak[spec.tieBreak.length - 1]!;
  let sql = `SELECT ${spec.select} FROM ${spec.from} ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  if (spec.countFrom && total <= LIST_FEW_MATCHES) {
    sql = `SELECT ${spec.select} FROM ${spec.from} WHERE ${key} = ANY(ARRAY(SELECT ${key} FROM ${countFrom} ${where})) ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  } else if (spec.countFrom && [spec.sorts[sort.field]!, ...spec.tieBreak].every((sql) => isCountedColumn(countFrom, sql))) {
    sql = `SELECT ${spec.select} FROM ${spec.from} WHERE ${key} = ANY(ARRAY(SELECT ${key} FROM ${countFrom} ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})) ORDER BY ${order}`;
  }
  const rows = await db.query<Row>(sql, params.values);
  return { content: rows.map((row) => spec.toItem(row)), totalElements: total, page, size };
}
