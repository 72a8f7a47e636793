import { Alert, Heading, Stack } from '@chakra-ui/react';
import type { TableDefinition } from '../../../engine/index.ts';

/**
 * A table whose operation this version of the server does not have yet. It says so rather than show an
 * empty table, which would claim there are no rows.
 */
export function UnavailableTable({ table, showTitle }: { table: TableDefinition; showTitle?: boolean }) {
  const title = table.title ?? table.id;
  return (
    <Stack gap="3" data-testid={`block-table-${table.id}`}>
      {showTitle && (
        <Heading as="h2" size="lg">
          {title}
        </Heading>
      )}
      <Alert.Root status="info" data-testid="table-unavailable">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{`${title} are not available in this version of the console yet.`}</Alert.Title>
          <Alert.Description>They will show here once the service that lists them is in place; nothing has been lost.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Stack>
  );
}
