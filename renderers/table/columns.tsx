import { createColumnHelper, type ColumnDef, type SortingFn } from '@tanstack/react-table';
import { compareCells, formatCell, getPath, type CellFormatting, type TableColumn } from '../../engine/index.ts';
import type { Row } from './table-types.ts';
import { StatusBadge } from './status-badge.tsx';

const helper = createColumnHelper<Row>();

/** The engine's ordering (numbers and dates by value, text without case, empty cells last). */
function sortingFnFor(column: TableColumn): SortingFn<Row> {
  return (a, b, id) => compareCells(a.getValue(id), b.getValue(id), column.format);
}

/** TanStack columns from the definition's columns: values by dotted path, text by the engine's formatCell. */
export function columnsOf(columns: TableColumn[], formatting: CellFormatting): ColumnDef<Row, unknown>[] {
  return columns.map((column) =>
    helper.accessor((row) => getPath(row, column.path), {
      id: column.id,
      header: column.header,
      enableSorting: column.sortable !== false,
      sortingFn: sortingFnFor(column),
      sortUndefined: 'last',
      cell: (context) => {
        const text = formatCell(context.getValue(), column, formatting, context.row.original);
        if (column.format === 'star' && text) return <span role="img" aria-label={column.header} title={column.header}>{text}</span>;
        if (column.format !== 'status' || text === '') return text;
        // formatCell already reads a status as its list label ('IN_REVIEW' -> 'In Review'); the badge colours by value.
        return <StatusBadge value={String(context.getValue())} label={text} />;
      },
      meta: { column },
    }),
  );
}

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    column?: TableColumn;
  }
}
