import { useEffect, useMemo, useRef } from 'react';
import { Box, Stack, Table } from '@chakra-ui/react';
import { defaultTableView as defaultTableViewOf, isDefaultView, type CellFormatting } from '../../engine/index.ts';
import type { DefinitionTableProps } from './table-types.ts';
import { useDefinitionTable } from './use-definition-table.ts';
import { TableToolbar } from './table-toolbar.tsx';
import { TableHead } from './table-head.tsx';
import { TableBody } from './table-body.tsx';
import { TablePagination } from './table-pagination.tsx';

/**
 * A table definition over rows: the toolbar (search, filters, density, columns, CSV), sortable
 * headers, expandable rows, paging. Cells read as the edition formats them (dates, money, phones). With
 * `savedView` the table starts as the user last arranged it and reports each new arrangement; 'Reset view'
 * puts back the definition's own.
 */
export function DefinitionTable({ definition, rows, edition, editions, lists, loading = false, onRowAction, server, selection, savedView }: DefinitionTableProps) {
  const formatting = useMemo<CellFormatting>(() => ({ edition, editions, lists }), [edition, editions, lists]);
  const model = useDefinitionTable(definition, rows, formatting, server, savedView?.view);
  const { density, setDensity, view } = model;
  // Each arrangement the user makes is sent on (not the one the table starts with).
  const sent = useRef(JSON.stringify(view));
  const onViewChange = savedView?.onChange;
  useEffect(() => {
    const json = JSON.stringify(view);
    if (json === sent.current) return;
    sent.current = json;
    onViewChange?.(view);
  }, [view, onViewChange]);
  const arranged = Boolean(savedView) && !isDefaultView(definition, view);
  // A summary (a schedule's few lines) is read whole: nothing to search, arrange or page through.
  const summary = definition.summary === true;
  return (
    <Stack gap="3" data-testid={`table-${definition.id}`}>
      {!summary && <TableToolbar
        definition={definition}
        model={model}
        formatting={formatting}
        density={density}
        onDensityChange={setDensity}
        onResetView={arranged ? () => model.applyView(defaultTableViewOf(definition)) : undefined}
      />}
      {/* Wide tables scroll inside their card, never the page. Positioned, so the visually hidden inputs and texts of
          its cells (absolutely placed) are clipped with it rather than widening the page from where they sit. */}
      <Box overflowX="auto" position="relative" borderWidth="1px" rounded="md" bg="bg" data-testid="table-scroll">
        <Table.Root size={density === 'compressed' ? 'sm' : 'md'} interactive={!summary} aria-label={definition.title ?? definition.id}>
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
      {!summary && <TablePagination table={model.table} pageSizes={model.pageSizes} />}
    </Stack>
  );
}
