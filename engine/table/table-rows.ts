import type { ColumnFormat, TableDefinition, TableFilter } from '../definitions/types.ts';
import { getPath } from '../json/paths.ts';

export const DEFAULT_PAGE_SIZES = [25, 50, 100];
export const DEFAULT_PAGE_SIZE = 25;

export type SortState = { column: string; desc: boolean } | undefined;
export type FilterValues = Record<string, unknown>;

/** The table's starting state from its definition: default sort, page size and hidden columns. */
export function initialTableState(definition: TableDefinition) {
  const pageSizes = definition.pageSizes ?? DEFAULT_PAGE_SIZES;
  return {
    sort: definition.defaultSort as SortState,
    pageSize: definition.defaultPageSize ?? pageSizes[0] ?? DEFAULT_PAGE_SIZE,
    pageSizes,
    hiddenColumns: definition.columns.filter((column) => column.hidden).map((column) => column.id),
    columnOrder: definition.columns.map((column) => column.id),
  };
}

/** Orders two cell values: numbers and dates by value, text without regard to case, empty cells last. */
export function compareCells(a: unknown, b: unknown, format: ColumnFormat = 'text'): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (format === 'date' || format === 'datetime') return Date.parse(String(a)) - Date.parse(String(b));
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { sensitivity: 'base', numeric: true });
}

export function sortRows<T>(rows: T[], definition: TableDefinition, sort: SortState): T[] {
  if (!sort) return rows;
  const column = definition.columns.find((candidate) => candidate.id === sort.column);
  if (!column) return rows;
  const direction = sort.desc ? -1 : 1;
  return [...rows].sort((a, b) => direction * compareCells(getPath(a, column.path), getPath(b, column.path), column.format));
}

/** Search text matched, without regard to case, against the definition's search paths. */
export function matchesSearch(row: unknown, definition: TableDefinition, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  const paths = definition.search?.paths ?? definition.columns.map((column) => column.path);
  return paths.some((path) => String(getPath(row, path) ?? '').toLowerCase().includes(needle));
}

export function matchesFilters(row: unknown, filters: TableFilter[], values: FilterValues): boolean {
  return filters.every((filter) => {
    const wanted = values[filter.id];
    if (wanted === undefined || wanted === null || wanted === '' || (Array.isArray(wanted) && wanted.length === 0)) return true;
    const actual = getPath(row, filter.path);
    switch (filter.type) {
      case 'multiSelect':
        return (wanted as unknown[]).includes(actual);
      case 'dateRange': {
        const { from, to } = wanted as { from?: string; to?: string };
        const day = String(actual ?? '').slice(0, 10);
        return (!from || day >= from) && (!to || day <= to);
      }
      default:
        return actual === wanted;
    }
  });
}

export function paginate<T>(rows: T[], pageIndex: number, pageSize: number): { rows: T[]; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const index = Math.min(Math.max(0, pageIndex), pageCount - 1);
  return { rows: rows.slice(index * pageSize, (index + 1) * pageSize), pageCount };
}
