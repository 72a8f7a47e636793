import { toCsv, type CellFormatting, type TableDefinition } from '../../engine/index.ts';

/** Saves the rows as `<csv.fileName>.csv` (or the table id) through a temporary object URL. */
export function downloadCsv(definition: TableDefinition, rows: unknown[], formatting: CellFormatting): void {
  const blob = new Blob([toCsv(definition, rows, formatting)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${definition.csv?.fileName ?? definition.id}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next task: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
