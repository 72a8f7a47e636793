import { Checkbox } from '@chakra-ui/react';
import type { Row as TanRow, Table as TanTable } from '@tanstack/react-table';
import type { Row } from './table-types.ts';

/**
 * The rows chosen for a table's bulk actions, by row key. The choice is the page's: it is cleared when
 * the rows shown change (another page, a search, a reload after an action), so an action never reaches a
 * row the user cannot see.
 */
export interface RowSelection {
  keys: ReadonlySet<string>;
  onChange: (keys: Set<string>) => void;
}

/** The header's box: every row of the page chosen, some (indeterminate), or none. */
export function SelectPageBox({ table, selection }: { table: TanTable<Row>; selection: RowSelection }) {
  const ids = table.getRowModel().rows.map((row) => row.id);
  const chosen = ids.filter((id) => selection.keys.has(id)).length;
  const checked = ids.length > 0 && chosen === ids.length ? true : chosen > 0 ? 'indeterminate' : false;
  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      disabled={ids.length === 0}
      onCheckedChange={() => selection.onChange(checked === true ? new Set() : new Set(ids))}
    >
      <Checkbox.HiddenInput aria-label="Select every row on this page" />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/** One row's box, named by the row's first column so a screen reader says which row it chooses. */
export function SelectRowBox({ row, selection }: { row: TanRow<Row>; selection: RowSelection }) {
  const first = row.getVisibleCells()[0]?.getValue();
  const checked = selection.keys.has(row.id);
  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      onCheckedChange={() => {
        const next = new Set(selection.keys);
        if (checked) next.delete(row.id);
        else next.add(row.id);
        selection.onChange(next);
      }}
    >
      <Checkbox.HiddenInput aria-label={`Select ${first === undefined || first === null || first === '' ? 'row' : String(first)}`} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}
