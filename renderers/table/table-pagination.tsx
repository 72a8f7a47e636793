import { useId } from 'react';
import { HStack, IconButton, NativeSelect, Text, chakra } from '@chakra-ui/react';
import type { Table } from '@tanstack/react-table';
import { LuChevronLeft, LuChevronRight, LuChevronsLeft, LuChevronsRight } from 'react-icons/lu';
import type { Row } from './table-types.ts';

/** Rows per page (the definition's sizes) and page navigation, with the range shown in words. */
export function TablePagination({ table, pageSizes }: { table: Table<Row>; pageSizes: number[] }) {
  const sizeId = useId();
  const { pageIndex, pageSize } = table.getState().pagination;
  // Server-paged tables know the total from the server (rowCount); others count the rows they hold.
  const total = table.options.manualPagination ? table.getRowCount() : table.getPrePaginationRowModel().rows.length;
  const pageCount = Math.max(1, table.getPageCount());
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  return (
    <HStack justify="space-between" wrap="wrap" gap="3" as="nav" aria-label="Pagination">
      <HStack gap="2">
        <chakra.label htmlFor={sizeId} fontSize="sm" color="fg.muted">
          Rows per page
        </chakra.label>
        <NativeSelect.Root size="xs" width="20">
          <NativeSelect.Field id={sizeId} value={pageSize} onChange={(event) => table.setPageSize(Number(event.target.value))}>
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <HStack gap="1">
        <Text fontSize="sm" color="fg.muted" me="2" data-testid="page-range" aria-live="polite">
          {`${first}–${last} of ${total} · Page ${pageIndex + 1} of ${pageCount}`}
        </Text>
        <IconButton size="xs" variant="ghost" aria-label="First page" disabled={!table.getCanPreviousPage()} onClick={() => table.firstPage()}>
          <LuChevronsLeft />
        </IconButton>
        <IconButton size="xs" variant="ghost" aria-label="Previous page" disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
          <LuChevronLeft />
        </IconButton>
        <IconButton size="xs" variant="ghost" aria-label="Next page" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
          <LuChevronRight />
        </IconButton>
        <IconButton size="xs" variant="ghost" aria-label="Last page" disabled={!table.getCanNextPage()} onClick={() => table.lastPage()}>
          <LuChevronsRight />
        </IconButton>
      </HStack>
    </HStack>
  );
}
