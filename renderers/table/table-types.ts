import type { Edition, ListDefinition, TableDefinition, TableRowAction } from '../../engine/index.ts';

export type Row = Record<string, unknown>;
export type Density = 'compressed' | 'comfortable';
export type ListLookup = (id: string) => ListDefinition | undefined;

export interface DefinitionTableProps {
  definition: TableDefinition;
  rows: Row[];
  edition: Edition;
  /** Option lists for `list` columns and filters, already resolved for the edition. */
  lists?: ListLookup;
  /** Rows are being fetched: placeholder rows show in place of the body. */
  loading?: boolean;
  /** A row action was chosen (open its dialog, or confirm and call its operation). */
  onRowAction?: (action: TableRowAction, row: Row) => void;
}
