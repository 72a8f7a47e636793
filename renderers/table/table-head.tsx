import { Box, Table, chakra } from '@chakra-ui/react';
import { flexRender, type Header, type Table as TanTable } from '@tanstack/react-table';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import type { Row } from './table-types.ts';
import { SelectPageBox, type RowSelection } from './row-selection.tsx';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export function TableHead({ table, expandable, actions, selection }: { table: TanTable<Row>; expandable: boolean; actions: boolean; selection?: RowSelection }) {
  return (
    <Table.Header>
      {table.getHeaderGroups().map((group) => (
        <Table.Row key={group.id} bg="bg.muted">
          {selection && (
            <Table.ColumnHeader width="1">
              <SelectPageBox table={table} selection={selection} />
            </Table.ColumnHeader>
          )}
          {expandable && (
            <Table.ColumnHeader width="1">
              <Box srOnly>Details</Box>
            </Table.ColumnHeader>
          )}
          {group.headers.map((header) => (
            <HeaderCell key={header.id} header={header} />
          ))}
          {actions && (
            <Table.ColumnHeader width="1">
              <Box srOnly>Actions</Box>
            </Table.ColumnHeader>
          )}
        </Table.Row>
      ))}
    </Table.Header>
  );
}

/** A header; sortable ones are buttons (Enter and Space sort) and the cell carries aria-sort. */
function HeaderCell({ header }: { header: Header<Row, unknown> }) {
  const label = flexRender(header.column.columnDef.header, header.getContext());
  const align = header.column.columnDef.meta?.column?.align === 'end' ? 'end' : 'start';
  if (!header.column.getCanSort()) {
    return <Table.ColumnHeader textAlign={align}>{label}</Table.ColumnHeader>;
  }
  const sorted = header.column.getIsSorted();
  const Icon = sorted === 'asc' ? LuArrowUp : sorted === 'desc' ? LuArrowDown : LuArrowUpDown;
  return (
    <Table.ColumnHeader textAlign={align} aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}>
      <chakra.button
        type="button"
        display="inline-flex"
        alignItems="center"
        gap="1"
        fontWeight="inherit"
        cursor="pointer"
        rounded="sm"
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
        onClick={header.column.getToggleSortingHandler()}
        data-testid={`sort-${header.column.id}`}
      >
        {label}
        <Box as="span" color={sorted ? 'fg' : 'fg.subtle'} aria-hidden="true">
          <Icon size="0.9em" />
        </Box>
      </chakra.button>
    </Table.ColumnHeader>
  );
}
