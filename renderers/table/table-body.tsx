import { Fragment } from 'react';
import { IconButton, Table, Text } from '@chakra-ui/react';
import { flexRender, type Table as TanTable } from '@tanstack/react-table';
import { LuChevronDown, LuChevronRight } from 'react-icons/lu';
import { evaluateLogic, type CellFormatting, type TableDefinition, type PageAction } from '../../engine/index.ts';
import type { Row } from './table-types.ts';
import { RowDetail } from './row-detail.tsx';
import { LoadingRows } from './loading-rows.tsx';
import { RowActionsMenu } from './row-actions-menu.tsx';
import { SelectRowBox, type RowSelection } from './row-selection.tsx';

export const DEFAULT_EMPTY_TEXT = 'No records found';

interface TableBodyProps {
  definition: TableDefinition;
  table: TanTable<Row>;
  formatting: CellFormatting;
  loading: boolean;
  hasRows: boolean;
  onRowAction?: (action: PageAction, row: Row) => void;
  selection?: RowSelection;
}

export function TableBody({ definition, table, formatting, loading, hasRows, onRowAction, selection }: TableBodyProps) {
  const expandable = Boolean(definition.rowDetail);
  const actions = Boolean(onRowAction && definition.rowActions?.length);
  const span = table.getVisibleLeafColumns().length + (expandable ? 1 : 0) + (actions ? 1 : 0) + (selection ? 1 : 0);
  if (loading) return <LoadingRows rows={hasRows ? 6 : 5} columns={span} />;
  const rows = table.getRowModel().rows;
  return (
    <Table.Body>
      {rows.length === 0 && (
        <Table.Row>
          <Table.Cell colSpan={span} textAlign="center" py="8">
            <Text color="fg.muted">{definition.emptyText ?? DEFAULT_EMPTY_TEXT}</Text>
          </Table.Cell>
        </Table.Row>
      )}
      {rows.map((row) => (
        <Fragment key={row.id}>
          <Table.Row
            data-row-key={row.id}
            data-selected={selection?.keys.has(row.id) || undefined}
            fontWeight={definition.strongRows !== undefined && evaluateLogic(definition.strongRows, row.original) ? 'semibold' : undefined}
          >
            {selection && (
              <Table.Cell>
                <SelectRowBox row={row} selection={selection} />
              </Table.Cell>
            )}
            {expandable && (
              <Table.Cell>
                <IconButton
                  size="2xs"
                  variant="ghost"
                  aria-label={row.getIsExpanded() ? 'Hide details' : 'Show details'}
                  aria-expanded={row.getIsExpanded()}
                  onClick={row.getToggleExpandedHandler()}
                >
                  {row.getIsExpanded() ? <LuChevronDown /> : <LuChevronRight />}
                </IconButton>
              </Table.Cell>
            )}
            {row.getVisibleCells().map((cell) => (
              <Table.Cell key={cell.id} textAlign={cell.column.columnDef.meta?.column?.align === 'end' ? 'end' : 'start'}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </Table.Cell>
            ))}
            {actions && (
              <Table.Cell textAlign="end">
                <RowActionsMenu actions={definition.rowActions ?? []} row={row.original} onAction={onRowAction!} />
              </Table.Cell>
            )}
          </Table.Row>
          {row.getIsExpanded() && definition.rowDetail && (
            <Table.Row bg="bg.subtle">
              <Table.Cell colSpan={span}>
                <RowDetail detail={definition.rowDetail} row={row.original} formatting={formatting} />
              </Table.Cell>
            </Table.Row>
          )}
        </Fragment>
      ))}
    </Table.Body>
  );
}
