import type { Queryable } from '../db/database.ts';
import { SqlParams } from '../db/sql-params.ts';
import { DEFAULT_LIST_PAGE_SIZE, LIST_FEW_MATCHES } from '../constants.ts';
import { listConditions } from './list-conditions.ts';
import type { ListPage, ListRequest, ListSpec } from './list-spec.ts';
import { orderByOf, parseSort } from './sort-order.ts';

/** Conditions the caller adds beyond the request's (the tenant rule), written into the same parameters. */
export type ScopeCondition = (params: SqlParams) => string;

const wholeNumber = (value: unknown, fallback: number) => (Number.isInteger(value) && Number(value) >= 0 ? Number(value) : fallback);

/** The table aliases a FROM clause names ('quotes q JOIN accounts a ON ...' names q and a). */
function aliasesOf(from: string): Set<string> {
  return new Set([...from.matchAll(/\b[a-z_][a-z0-9_]*\s+([a-z_][a-z0-9_]*)\s*(?=$|\bJOIN\b|\bLEFT\b|\bON\b|,)/gi)].map((match) => match[1]!.toLowerCase()));
}

/** Whether every column `sql` names is qualified by one of `aliases` (an unqualified name is a SELECT alias: no). */
function readsOnly(sql: string, aliases: Set<string>): boolean {
  const words = sql.replace(/'[^']*'/g, '').match(/\b[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?\b(?!\s*\()/gi) ?? [];
  return words.every((word) => !word.includes('.') ? /^(asc|desc|nulls|last|first)$/i.test(word) : aliases.has(word.split('.')[0]!.toLowerCase()));
}

/**
 * One page of a declared list: the request's search, filters, date ranges and sort turned into
 * parameterised SQL, the total of every matching row, and the page's rows as the API answers them.
 * The contract bounds page and size; the defaults apply when they are left out.
 *
 * A list declared for scale (`countFrom`) counts over that narrower FROM and picks its page by key
 * (the tie-break's last expression, the primary key), then joins only the page's rows: with few
 * matches (LIST_FEW_MATCHES) from all of their keys, sorted after; else, when the sort reads only the
 * counted tables, from the keys of the page sorted there (the joins cost twenty rows, not a million).
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
  } else if (spec.countFrom && readsOnly(order, aliasesOf(countFrom))) {
    sql = `SELECT ${spec.select} FROM ${spec.from} WHERE ${key} = ANY(ARRAY(SELECT ${key} FROM ${countFrom} ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})) ORDER BY ${order}`;
  }
  const rows = await db.query<Row>(sql, params.values);
  return { content: rows.map((row) => spec.toItem(row)), totalElements: total, page, size };
}
