import { DataList } from '@chakra-ui/react';
import { formatCell, getPath, type CellFormatting, type TableDefinition } from '../../engine/index.ts';
import type { Row } from './table-types.ts';

/** The expanded part of a row: the definition's detail fields as label and formatted value. */
export function RowDetail({ detail, row, formatting }: { detail: NonNullable<TableDefinition['rowDetail']>; row: Row; formatting: CellFormatting }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" py="2" ps="8">
      {detail.fields.map((field) => (
        <DataList.Item key={field.path}>
          <DataList.ItemLabel>{field.label}</DataList.ItemLabel>
          <DataList.ItemValue>{formatCell(getPath(row, field.path), field, formatting, row) || '—'}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
