import { useEffect, useMemo, useState } from 'react';
import {
  getCoreRowModel,
  getExpandedRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnOrderState,
  type ExpandedState,
  type PaginationState,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import {
  getPath,
  initialTableState,
  matchesFilters,
  matchesSearch,
  viewForDefinition,
  type CellFormatting,
  type FilterValues,
  type TableDefinition,
  type TableDensity,
  type TableView,
} from '../../engine/index.ts';
import { columnsOf } from './columns.tsx';
import type { Row, ServerRows, TableQuery } from './table-types.ts';

/** Typing in the search box asks the server once the user pauses. */
export const SERVER_SEARCH_DEBOUNCE_MS = 200;

/**
 * The TanStack table over a definition: its starting state (sort, page size, hidden columns, order)
 * comes from the engine's initialTableState; search and filters run through the engine before TanStack
 * sorts and pages, so the CSV export and the row count see the same rows as the screen. With `server`, the
 * rows are one page of the server's answer and every change of the query is reported instead.
 */
export function useDefinitionTable(definition: TableDefinition, rows: Row[], formatting: CellFormatting, server?: ServerRows, savedView?: TableView | null) {
  const initial = useMemo(() => initialTableState(definition), [definition]);
  // The user's saved arrangement, held to the definition as it is now, is where the table starts; later
  // changes are the user's own, so the saved view is read once.
  const [start] = useState(() => viewForDefinition(definition, savedView));
  const [sorting, setSorting] = useState<SortingState>(start.sort ? [{ id: start.sort.column, desc: start.sort.desc }] : []);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: start.pageSize });
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>(() => Object.fromEntries(start.hiddenColumns.map((id) => [id, false])));
  const [columnOrder, setColumnOrder] = useState<ColumnOrderState>(start.columnOrder);
  const [density, setDensity] = useState<TableDensity>(start.density);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [search, setSearchText] = useState(server?.initialSearch ?? '');
  const [filters, setFilterValues] = useState<FilterValues>({});

  const columns = useMemo(() => columnsOf(definition.columns, formatting), [definition, formatting]);
  const visibleRows = useMemo(
    () => (server ? rows : rows.filter((row) => matchesSearch(row, definition, search) && matchesFilters(row, definition.filters ?? [], filters))),
    [rows, definition, search, filters, server],
  );

  const sort = sorting[0];
  const query = useMemo<TableQuery>(
    () => ({ page: pagination.pageIndex, size: pagination.pageSize, sort: sort ? { column: sort.id, desc: sort.desc } : null, search, filters }),
    [pagination.pageIndex, pagination.pageSize, sort, search, filters],
  );
  const onQueryChange = server?.onQueryChange;
  useEffect(() => {
    if (!onQueryChange) return undefined;
    const timer = window.setTimeout(() => onQueryChange(query), query.search ? SERVER_SEARCH_DEBOUNCE_MS : 0);
    return () => window.clearTimeout(timer);
  }, [onQueryChange, query]);

  // TanStack's table instance is mutable by design; this hook is left to React's ordinary rendering.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<Row>({
    data: visibleRows,
    columns,
    state: { sorting, pagination, columnVisibility, columnOrder, expanded },
    getRowId: (row, index) => String(getPath(row, definition.rowKey) ?? index),
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    onColumnVisibilityChange: setColumnVisibility,
    onColumnOrderChange: setColumnOrder,
    onExpandedChange: setExpanded,
    getRowCanExpand: () => Boolean(definition.rowDetail),
    manualPagination: Boolean(server),
    manualSorting: Boolean(server),
    ...(server ? { rowCount: server.totalElements } : {}),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    // Expanded rows stay on their page rather than pushing rows onto the next one.
    paginateExpandedRows: false,
    autoResetPageIndex: false,
  });

  // A new search or filter starts from the first page, so the user never sits on an empty page 7.
  const setSearch = (text: string) => {
    setSearchText(text);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
  };
  const setFilters = (values: FilterValues) => {
    setFilterValues(values);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
  };

  // What the user has arranged now, in the shape a saved view keeps (hidden columns in column order).
  const sortColumn = sort?.id;
  const sortDesc = sort?.desc;
  const view = useMemo<TableView>(
    () => ({
      columnOrder,
      hiddenColumns: columnOrder.filter((id) => columnVisibility[id] === false),
      density,
      sort: sortColumn === undefined ? null : { column: sortColumn, desc: sortDesc === true },
      pageSize: pagination.pageSize,
    }),
    [columnOrder, columnVisibility, density, sortColumn, sortDesc, pagination.pageSize],
  );
  /** Puts the table back to a view (Reset view: the definition's own). */
  const applyView = (next: TableView) => {
    setSorting(next.sort ? [{ id: next.sort.column, desc: next.sort.desc }] : []);
    setPagination({ pageIndex: 0, pageSize: next.pageSize });
    setColumnVisibility(Object.fromEntries(next.hiddenColumns.map((id) => [id, false])));
    setColumnOrder(next.columnOrder);
    setDensity(next.density);
  };

  return { table, search, setSearch, filters, setFilters, pageSizes: initial.pageSizes, query, server, density, setDensity, view, applyView };
}

export type DefinitionTableModel = ReturnType<typeof useDefinitionTable>;
