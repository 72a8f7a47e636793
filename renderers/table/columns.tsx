import { createColumnHelper, type ColumnDef, type SortingFn } from '@tanstack/react-table';
import { compareCells, formatCell, getPath, type CellFormatting, type TableColumn } from '../../engine/index.ts';
import type { Row } from './table-types.ts';
import { StatusBadge } from './StatusBadge.tsx';

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
        const text = formatCell(context.getValue(), column, formatting);
        if (column.format !== 'status' || text === '') return text;
        // A status reads as its list label when the column names a list ('IN_REVIEW' -> 'In Review').
        const value = String(context.getValue());
        const label = column.list ? formatCell(context.getValue(), { format: 'list', list: column.list }, formatting) : text;
        return <StatusBadge value={value} label={label} />;
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
