import type { TableDefinition } from '../definitions/types.ts';
import { initialTableState } from './table-rows.ts';

export type TableDensity = 'compressed' | 'comfortable';

/**
 * How one user arranges one table (spec 002 section 4 'Saved table views per user: column order, visibility,
 * density, sort'), kept on the server per user and table. Only what differs from nothing: a view names
 * columns by id, and the definition decides what those ids still mean.
 */
export interface TableView {
  columnOrder: string[];
  hiddenColumns: string[];
  density: TableDensity;
  sort: { column: string; desc: boolean } | null;
  pageSize: number;
}

/** The spec's tables start compressed. */
export const DEFAULT_TABLE_DENSITY: TableDensity = 'compressed';

/** The view a table starts with when its user has saved none: the definition's own. */
export function defaultTableView(definition: TableDefinition): TableView {
  const initial = initialTableState(definition);
  return {
    columnOrder: initial.columnOrder,
    hiddenColumns: initial.hiddenColumns,
    density: DEFAULT_TABLE_DENSITY,
    sort: initial.sort ? { column: initial.sort.column, desc: initial.sort.desc } : null,
    pageSize: initial.pageSize,
  };
}

/**
 * A saved view held to the definition as it is now: staff may have removed, added or reordered columns since
 * the view was saved. Unknown columns are dropped, new ones join in the definition's order after those the
 * user placed, a sort only on a sortable column stands, a page size only among the table's sizes. The server
 * stores views through this, and the browser reads them through it again.
 */
export function viewForDefinition(definition: TableDefinition, saved: Partial<TableView> | null | undefined): TableView {
  const fallback = defaultTableView(definition);
  if (!saved) return fallback;
  const known = new Set(definition.columns.map((column) => column.id));
  const placed = unique((saved.columnOrder ?? []).filter((id) => known.has(id)));
  const columnOrder = [...placed, ...fallback.columnOrder.filter((id) => !placed.includes(id))];
  const hiddenColumns = Array.isArray(saved.hiddenColumns) ? unique(saved.hiddenColumns.filter((id) => known.has(id))) : fallback.hiddenColumns;
  const sortable = (id: string) => definition.columns.some((column) => column.id === id && column.sortable !== false);
  const sort = saved.sort === null ? null : saved.sort && sortable(saved.sort.column) ? { column: saved.sort.column, desc: saved.sort.desc === true } : fallback.sort;
  const pageSizes = initialTableState(definition).pageSizes;
  const pageSize = typeof saved.pageSize === 'number' && pageSizes.includes(saved.pageSize) ? saved.pageSize : fallback.pageSize;
  const density = saved.density === 'comfortable' || saved.density === 'compressed' ? saved.density : fallback.density;
  return { columnOrder, hiddenColumns, density, sort, pageSize };
}

/** Whether a view is the definition's own (then nothing needs keeping). */
export function isDefaultView(definition: TableDefinition, view: TableView): boolean {
  return JSON.stringify(view) === JSON.stringify(defaultTableView(definition));
}

function unique(ids: string[]): string[] {
  return [...new Set(ids.filter((id) => typeof id === 'string'))];
}
