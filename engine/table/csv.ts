import type { TableDefinition } from '../definitions/types.ts';
import { getPath } from '../json/paths.ts';
import { formatCell, type CellFormatting } from './cell-format.ts';

/**
 * CSV of the rows as shown: every cell quoted (the spec: 'cells are quoted'), quotes doubled, columns
 * flagged omitFromCsv skipped. Hidden columns stay in: hiding is a view choice, not an export choice.
 */
export function toCsv(definition: TableDefinition, rows: unknown[], formatting: CellFormatting): string {
  const columns = definition.columns.filter((column) => !column.omitFromCsv);
  const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
  const header = columns.map((column) => quote(column.header)).join(',');
  const lines = rows.map((row) =>
    columns.map((column) => quote(formatCell(getPath(row, column.path), column, formatting, row))).join(','),
  );
  return [header, ...lines].join('\r\n') + '\r\n';
}
