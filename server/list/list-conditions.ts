import type { SqlParams } from '../db/sql-params.ts';
import { HttpError } from '../http/http-error.ts';
import { containsPattern } from './like-pattern.ts';
import type { KeyedSearch, ListRange, ListRequest, ListSpec } from './list-spec.ts';

export const RANGE_MESSAGES = {
  date: '{param} must be a date (YYYY-MM-DD).',
  instant: '{param} must be a date and time.',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A parameter that was given: not absent, not '' (an emptied filter field), not an empty list. */
function givenValues(value: unknown): unknown[] {
  const values = Array.isArray(value) ? value : [value];
  return values.filter((item) => item !== undefined && item !== null && item !== '');
}

/** `lower(coalesce(column, ''))`: the expression the trigram indexes are built on, so a contains-search can use them. */
const containsText = (column: string, pattern: string) => `lower(coalesce(${column}, '')) LIKE ${pattern} ESCAPE '\\'`;

function searchArm(column: string | KeyedSearch, pattern: string): string {
  if (typeof column === 'string') return containsText(column, pattern);
  // = ANY(ARRAY(...)) rather than IN (...): the looked-up keys become one array, so the key's index answers the arm.
  return `${column.key} = ANY(ARRAY(SELECT ${column.id ?? 'k.id'} FROM ${column.table} k WHERE ${containsText(column.match, pattern)}))`;
}

function searchCondition(columns: ReadonlyArray<string | KeyedSearch>, text: unknown, params: SqlParams): string | undefined {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  if (!trimmed || columns.length === 0) return undefined;
  const pattern = params.add(containsPattern(trimmed));
  return `(${columns.map((column) => searchArm(column, pattern)).join(' OR ')})`;
}

function checkedBound(range: ListRange, param: string, value: unknown): string {
  const text = String(value);
  const valid = range.kind === 'date' ? DATE.test(text) && !Number.isNaN(Date.parse(text)) : !Number.isNaN(Date.parse(text));
  // The contract checks the format first; this guards a spec whose parameter the contract does not bound.
  if (!valid) throw new HttpError(400, RANGE_MESSAGES[range.kind].replace('{param}', param));
  return text;
}

function rangeConditions(field: string, range: ListRange, query: ListRequest, params: SqlParams): string[] {
  const names = range.params ?? { from: `${field}From`, to: `${field}To` };
  const [from] = givenValues(query[names.from]);
  const [to] = givenValues(query[names.to]);
  const conditions: string[] = [];
  if (range.kind === 'date') {
    if (from !== undefined) conditions.push(`${range.sql} >= ${params.add(checkedBound(range, names.from, from), 'date')}`);
    // Before the next day: the whole To day, also when the column holds a time of day.
    if (to !== undefined) conditions.push(`${range.sql} < (${params.add(checkedBound(range, names.to, to), 'date')} + 1)`);
  } else {
    if (from !== undefined) conditions.push(`${range.sql} >= ${params.add(checkedBound(range, names.from, from), 'timestamptz')}`);
    if (to !== undefined) conditions.push(`${range.sql} <= ${params.add(checkedBound(range, names.to, to), 'timestamptz')}`);
  }
  return conditions;
}

/** The WHERE conditions the request asks for: search, filters (equality or one-of) and date ranges. */
export function listConditions(spec: Pick<ListSpec<unknown, unknown>, 'search' | 'filters' | 'ranges'>, query: ListRequest, params: SqlParams): string[] {
  const conditions: string[] = [];
  const search = searchCondition(spec.search ?? [], query.search, params);
  if (search) conditions.push(search);
  for (const [name, filter] of Object.entries(spec.filters ?? {})) {
    const values = givenValues(query[name]).map(String);
    const cast = filter.cast ?? 'text';
    if (values.length === 1) conditions.push(`${filter.sql} = ${params.add(values[0], cast)}`);
    else if (values.length > 1) conditions.push(`${filter.sql} = ANY(${params.add(values, `${cast}[]`)})`);
  }
  for (const [field, range] of Object.entries(spec.ranges ?? {})) conditions.push(...rangeConditions(field, range, query, params));
  return conditions;
}
