import { Skeleton, Table } from '@chakra-ui/react';

/** Placeholder rows while data loads, so the table keeps its shape instead of jumping. */
export function LoadingRows({ rows, columns }: { rows: number; columns: number }) {
  return (
    <Table.Body aria-busy="true" data-testid="table-loading">
      {Array.from({ length: rows }, (_, row) => (
        <Table.Row key={row}>
          {Array.from({ length: columns }, (_, column) => (
            <Table.Cell key={column}>
              <Skeleton height="4" />
            </Table.Cell>
          ))}
        </Table.Row>
      ))}
    </Table.Body>
  );
}
