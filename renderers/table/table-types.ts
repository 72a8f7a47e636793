import type { Edition, FilterValues, ListDefinition, TableDefinition, TableView, PageAction } from '../../engine/index.ts';
import type { RowSelection } from './row-selection.tsx';

export type Row = Record<string, unknown>;
export type { TableDensity as Density } from '../../engine/index.ts';
export type ListLookup = (id: string) => ListDefinition | undefined;

/** What a server-paged table asks its operation for: one page, sorted, searched and filtered on the server. */
export interface TableQuery {
  page: number;
  size: number;
  sort: { column: string; desc: boolean } | null;
  search: string;
  filters: FilterValues;
}

/**
 * Rows paged, sorted, searched and filtered by the server: `rows` is the current page, `totalElements`
 * counts every match, and the table reports each change of its query (search debounced).
 */
export interface ServerRows {
  totalElements: number;
  onQueryChange: (query: TableQuery) => void;
  /** Every row that matches the query, for the CSV export (not only the page on screen). */
  fetchAll?: (query: TableQuery) => Promise<Row[]>;
  /** The search the table starts with (a link's `?search=`: '/agency/submissions?search=SUB-2026-00042'). */
  initialSearch?: string;
}

export interface DefinitionTableProps {
  definition: TableDefinition;
  rows: Row[];
  edition: Edition;
  /** Every edition, so a row of another one (its own `currency`) reads its phones as that one writes them. */
  editions?: readonly Edition[];
  /** Option lists for `list` columns and filters, already resolved for the edition. */
  lists?: ListLookup;
  /** Rows are being fetched: placeholder rows show in place of the body. */
  loading?: boolean;
  /** A row action was chosen (open its dialog, or confirm and call its operation). */
  onRowAction?: (action: PageAction, row: Row) => void;
  /** Rows may be chosen for bulk actions: a box per row and one for the page. */
  selection?: RowSelection;
  /** Paging, sorting, search and filters run on the server; without it the table does them over `rows`. */
  server?: ServerRows;
  /** The user's saved arrangement of this table, and where each change of it goes (kept per user on the server). */
  savedView?: SavedTableView;
}

/** A table view kept for the user: the one saved (null: none yet) and where the user's changes are sent. */
export interface SavedTableView {
  view: TableView | null;
  onChange: (view: TableView) => void;
}
