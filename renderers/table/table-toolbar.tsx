import { Button, Flex, HStack, Input, InputGroup } from '@chakra-ui/react';
import { LuDownload, LuRotateCcw, LuRows3, LuRows4, LuSearch } from 'react-icons/lu';
import type { CellFormatting, TableDefinition } from '../../engine/index.ts';
import type { DefinitionTableModel } from './use-definition-table.ts';
import type { Density } from './table-types.ts';
import { TableFilters } from './table-filters.tsx';
import { ColumnMenu } from './column-menu.tsx';
import { downloadCsv } from './download-csv.ts';

interface TableToolbarProps {
  definition: TableDefinition;
  model: DefinitionTableModel;
  formatting: CellFormatting;
  density: Density;
  onDensityChange: (density: Density) => void;
  /** Offered while the user's arrangement differs from the definition's own. */
  onResetView?: () => void;
}

export function TableToolbar({ definition, model, formatting, density, onDensityChange, onResetView }: TableToolbarProps) {
  const { table, search, setSearch, filters, setFilters, server, query } = model;
  const placeholder = definition.search?.placeholder ?? 'Search';
  // Exports what the filters and search leave, in the sorted order, across all pages (from the server when it pages).
  const exportCsv = async () => {
    const rows = server?.fetchAll ? await server.fetchAll(query) : table.getSortedRowModel().rows.map((row) => row.original);
    downloadCsv(definition, rows, formatting);
  };
  return (
    <Flex gap="3" wrap="wrap" align="end">
      {/* A server-paged list searches only when its definition says what it searches: a box that filters nothing misleads. */}
      {(!server || definition.search) && (
        <InputGroup startElement={<LuSearch />} maxW="sm" flex="1 1 16rem">
          <Input
            size="sm"
            type="search"
            aria-label={placeholder}
            placeholder={placeholder}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            bg="bg"
          />
        </InputGroup>
      )}
      <TableFilters filters={definition.filters ?? []} values={filters} onChange={setFilters} lists={formatting.lists} />
      <HStack gap="2" ms="auto" wrap="wrap" justify="end">
        <Button
          size="sm"
          variant="outline"
          // A toggle: pressed means comfortable rows; the spec's tables start compressed.
          aria-pressed={density === 'comfortable'}
          onClick={() => onDensityChange(density === 'compressed' ? 'comfortable' : 'compressed')}
        >
          {density === 'compressed' ? <LuRows4 /> : <LuRows3 />}
          Comfortable rows
        </Button>
        <ColumnMenu table={table} />
        {onResetView && (
          <Button size="sm" variant="ghost" onClick={onResetView}>
            <LuRotateCcw /> Reset view
          </Button>
        )}
        {definition.csv && (
          <Button size="sm" variant="outline" onClick={() => void exportCsv()}>
            <LuDownload /> Export CSV
          </Button>
        )}
      </HStack>
    </Flex>
  );
}
