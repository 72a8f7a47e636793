import type { TableDefinition } from '../../engine/index.ts';
import type { TableQuery } from '../table/table-types.ts';

/**
 * A table's query as its operation's parameters, the convention every list operation follows: `page`,
 * `size`, `sort=field,asc|desc` (the column id), `search`, a select or boolean filter as `<filter id>`,
 * a multi-select as the same name repeated, and a date range as `<filter id>From` / `<filter id>To`
 * (YYYY-MM-DD, inclusive).
 */
export function operationQuery(table: TableDefinition, query: TableQuery, extra: Record<string, unknown> = {}): Record<string, unknown> {
  // A block's parameter with no value (no team chosen) is left out, as an empty filter is.
  const given = Object.entries(extra).filter(([, value]) => value !== undefined && value !== null && value !== '');
  const params: Record<string, unknown> = { page: query.page, size: query.size, ...Object.fromEntries(given) };
  if (query.sort) params.sort = `${query.sort.column},${query.sort.desc ? 'desc' : 'asc'}`;
  const search = query.search.trim();
  if (search) params.search = search;
  for (const filter of table.filters ?? []) {
    const value = query.filters[filter.id];
    if (value === undefined || value === null || value === '') continue;
    if (filter.type === 'dateRange') {
      const { from, to } = value as { from?: string; to?: string };
      if (from) params[`${filter.id}From`] = from;
      if (to) params[`${filter.id}To`] = to;
    } else if (!Array.isArray(value) || value.length > 0) {
      params[filter.id] = value;
    }
  }
  return params;
}
