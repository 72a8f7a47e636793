import { memo } from 'react';
import { Badge, Box, Table, Text } from '@chakra-ui/react';
import type { JsonChange } from '../../engine/index.ts';

const KIND_PALETTE: Record<JsonChange['kind'], string> = { added: 'green', removed: 'red', changed: 'orange' };

/** Changes side by side: the JSON pointer, then the value before and after (empty where absent). */
export const DiffTable = memo(function DiffTable({
  changes,
  beforeLabel,
  afterLabel,
  emptyText = 'No differences',
}: {
  changes: JsonChange[];
  beforeLabel: string;
  afterLabel: string;
  emptyText?: string;
}) {
  if (changes.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm" py="3" data-testid="diff-empty">
        {emptyText}
      </Text>
    );
  }
  return (
    <Box borderWidth="1px" rounded="md" bg="bg" overflow="auto" maxH="70vh">
      <Table.Root size="sm" data-testid="diff-table" aria-label={`Differences between ${beforeLabel} and ${afterLabel}`} stickyHeader>
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader width="28%">Where</Table.ColumnHeader>
            <Table.ColumnHeader width="36%">{beforeLabel}</Table.ColumnHeader>
            <Table.ColumnHeader width="36%">{afterLabel}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {changes.map((change) => (
            <Table.Row key={`${change.kind}:${change.pointer}`} verticalAlign="top" data-kind={change.kind}>
              <Table.Cell>
                <Badge size="sm" colorPalette={KIND_PALETTE[change.kind]} me="2">
                  {change.kind}
                </Badge>
                <Text as="span" fontFamily="mono" fontSize="xs" wordBreak="break-all">
                  {change.pointer || '/'}
                </Text>
              </Table.Cell>
              <ValueCell value={change.before} present={change.kind !== 'added'} tone="red" />
              <ValueCell value={change.after} present={change.kind !== 'removed'} tone="green" />
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
});

function ValueCell({ value, present, tone }: { value: unknown; present: boolean; tone: string }) {
  return (
    <Table.Cell bg={present ? `${tone}.subtle` : undefined}>
      {present ? (
        <Box as="pre" fontFamily="mono" fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-word" maxH="60" overflow="auto" m="0">
          {JSON.stringify(value, null, 2)}
        </Box>
      ) : (
        <Text as="span" color="fg.muted" fontSize="xs">
          (absent)
        </Text>
      )}
    </Table.Cell>
  );
}
