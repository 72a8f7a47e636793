import { useMemo, useState } from 'react';
import { Box, Stack, Table } from '@chakra-ui/react';
import type { CellFormatting } from '../../engine/index.ts';
import type { DefinitionTableProps, Density } from './table-types.ts';
import { useDefinitionTable } from './use-definition-table.ts';
import { TableToolbar } from './table-toolbar.tsx';
import { TableHead } from './table-head.tsx';
import { TableBody } from './table-body.tsx';
import { TablePagination } from './table-pagination.tsx';

/**
 * A table definition over rows: the toolbar (search, filters, density, columns, CSV), sortable
 * headers, expandable rows, paging. Cells read as the edition formats them (dates, money, phones).
 */
export function DefinitionTable({ definition, rows, edition, editions, lists, loading = false, onRowAction, server, selection }: DefinitionTableProps) {
  const formatting = useMemo<CellFormatting>(() => ({ edition, editions, lists }), [edition, editions, lists]);
  const model = useDefinitionTable(definition, rows, formatting, server);
  // The spec's tables start compressed; comfortable is the user's choice for this view.
  const [density, setDensity] = useState<Density>('compressed');
  return (
    <Stack gap="3" data-testid={`table-${definition.id}`}>
      <TableToolbar
        definition={definition}
        model={model}
        formatting={formatting}
        density={density}
        onDensityChange={setDensity}
      />
      <Box overflowX="auto" borderWidth="1px" rounded="md" bg="bg">
        <Table.Root size={density === 'compressed' ? 'sm' : 'md'} interactive aria-label={definition.title ?? definition.id}>
          <TableHead table={model.table} expandable={Boolean(definition.rowDetail)} actions={Boolean(onRowAction && definition.rowActions?.length)} selection={selection} />
          <TableBody
            definition={definition}
            table={model.table}
            formatting={formatting}
            loading={loading}
            hasRows={rows.length > 0}
            onRowAction={onRowAction}
            selection={selection}
          />
        </Table.Root>
      </Box>
      <TablePagination table={model.table} pageSizes={model.pageSizes} />
    </Stack>
  );
}
