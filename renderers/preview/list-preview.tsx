import { Badge, Box, HStack, Table } from '@chakra-ui/react';
import type { ListDefinition } from '../../engine/index.ts';

/** An option list as value and label (and tags, which decide where tagged items are offered). */
export function ListPreview({ definition }: { definition: ListDefinition }) {
  return (
    <Box borderWidth="1px" rounded="md" bg="bg" overflowX="auto">
      <Table.Root size="sm" aria-label={definition.title ?? definition.id}>
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader>Value</Table.ColumnHeader>
            <Table.ColumnHeader>Label</Table.ColumnHeader>
            <Table.ColumnHeader>Tags</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {definition.items.map((item) => (
            <Table.Row key={String(item.value)}>
              <Table.Cell fontFamily="mono" fontSize="xs">
                {JSON.stringify(item.value)}
              </Table.Cell>
              <Table.Cell>{item.label}</Table.Cell>
              <Table.Cell>
                <HStack gap="1">
                  {(item.tags ?? []).map((tag) => (
                    <Badge key={tag} size="sm">
                      {tag}
                    </Badge>
                  ))}
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
