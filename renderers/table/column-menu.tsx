import { Button, Checkbox, HStack, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import type { Table } from '@tanstack/react-table';
import { LuArrowLeft, LuArrowRight, LuColumns3 } from 'react-icons/lu';
import type { Row } from './table-types.ts';

/**
 * Which columns show and in what order: a checkbox per column and buttons to move it left or right.
 * Buttons rather than drag and drop, so the keyboard can do everything the mouse can.
 */
export function ColumnMenu({ table }: { table: Table<Row> }) {
  // In the current order (the state), not the definition's, so the list matches the header.
  const order = table.getState().columnOrder;
  const columns = order.length ? order.map((id) => table.getColumn(id)!).filter(Boolean) : table.getAllLeafColumns();
  const move = (id: string, by: number) => {
    const order = columns.map((column) => column.id);
    const from = order.indexOf(id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= order.length) return;
    order.splice(to, 0, ...order.splice(from, 1));
    table.setColumnOrder(order);
  };
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button size="sm" variant="outline">
          <LuColumns3 /> Columns
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="xs">
            <Popover.Body>
              <Stack gap="1" role="list" aria-label="Columns">
                {columns.map((column, index) => {
                  const header = String(column.columnDef.header ?? column.id);
                  return (
                    <HStack key={column.id} role="listitem" justify="space-between">
                      <Checkbox.Root size="sm" checked={column.getIsVisible()} onCheckedChange={(details) => column.toggleVisibility(details.checked === true)}>
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>
                          <Text truncate>{header}</Text>
                        </Checkbox.Label>
                      </Checkbox.Root>
                      <HStack gap="0">
                        <IconButton size="2xs" variant="ghost" aria-label={`Move ${header} left`} disabled={index === 0} onClick={() => move(column.id, -1)}>
                          <LuArrowLeft />
                        </IconButton>
                        <IconButton size="2xs" variant="ghost" aria-label={`Move ${header} right`} disabled={index === columns.length - 1} onClick={() => move(column.id, 1)}>
                          <LuArrowRight />
                        </IconButton>
                      </HStack>
                    </HStack>
                  );
                })}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
