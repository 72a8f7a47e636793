import { useMemo, useState } from 'react';
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
import { getPath, initialTableState, matchesFilters, matchesSearch, type CellFormatting, type FilterValues, type TableDefinition } from '../../engine/index.ts';
import { columnsOf } from './columns.tsx';
import type { Row } from './table-types.ts';

/**
 * The TanStack table over a definition: its starting state (sort, page size, hidden columns, order)
 * comes from the engine's initialTableState; search and filters run through the engine before TanStack
 * sorts and pages, so the CSV export and the row count see the same rows as the screen.
 */
export function useDefinitionTable(definition: TableDefinition, rows: Row[], formatting: CellFormatting) {
  const initial = useMemo(() => initialTableState(definition), [definition]);
  const [sorting, setSorting] = useState<SortingState>(initial.sort ? [{ id: initial.sort.column, desc: initial.sort.desc }] : []);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: initial.pageSize });
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>(() =>
    Object.fromEntries(initial.hiddenColumns.map((id) => [id, false])),
  );
  const [columnOrder, setColumnOrder] = useState<ColumnOrderState>(initial.columnOrder);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [search, setSearchText] = useState('');
  const [filters, setFilterValues] = useState<FilterValues>({});

  const columns = useMemo(() => columnsOf(definition.columns, formatting), [definition, formatting]);
  const visibleRows = useMemo(
    () => rows.filter((row) => matchesSearch(row, definition, search) && matchesFilters(row, definition.filters ?? [], filters)),
    [rows, definition, search, filters],
  );

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

  return { table, search, setSearch, filters, setFilters, pageSizes: initial.pageSizes };
}

export type DefinitionTableModel = ReturnType<typeof useDefinitionTable>;
