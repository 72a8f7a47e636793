import { useMemo, useState } from 'react';
import { Badge, Box, Heading, HStack, Input, Link as ChakraLink, NativeSelect, Stack, Table, Text, chakra } from '@chakra-ui/react';
import { Link } from 'react-router';
import { DEFINITION_KINDS, type Definition, type DefinitionKind, type EditionId, type Registry } from '../../engine/index.ts';
import { useAtomValue } from 'jotai';
import { useRegistry } from '../definitions/use-registry.ts';
import { editionIdAtom } from '../definitions/registry-atoms.ts';

/** Every definition of the registry, filterable by text and kind; each opens in the gallery. */
export function GalleryIndex() {
  const registry = useRegistry();
  const edition = useAtomValue(editionIdAtom);
  const [text, setText] = useState('');
  const [kind, setKind] = useState<DefinitionKind | ''>('');
  // Titles as the default edition words them ('Agency License', not '{{Agency}} License').
  const definitions = useMemo(
    () => registry.list(kind || undefined).map((definition) => resolvedOrRaw(registry, definition, edition)),
    [registry, kind, edition],
  );
  const needle = text.trim().toLowerCase();
  const shown = definitions.filter((definition) => !needle || `${definition.id} ${definition.title ?? ''}`.toLowerCase().includes(needle));
  return (
    <Stack gap="5">
      <Box>
        <Heading as="h1" size="xl">
          Definition gallery
        </Heading>
        <Text color="fg.muted">Every form, table, list and page definition, rendered per edition with its sample data.</Text>
      </Box>
      <HStack gap="3" wrap="wrap" align="end">
        <Box flex="1 1 16rem" maxW="md">
          <chakra.label htmlFor="gallery-filter" fontSize="sm" fontWeight="medium" display="block" mb="1">
            Filter
          </chakra.label>
          <Input id="gallery-filter" size="sm" bg="bg" placeholder="Id or title" value={text} onChange={(event) => setText(event.target.value)} />
        </Box>
        <Box>
          <chakra.label htmlFor="gallery-kind" fontSize="sm" fontWeight="medium" display="block" mb="1">
            Kind
          </chakra.label>
          <NativeSelect.Root size="sm" width="40" bg="bg">
            <NativeSelect.Field id="gallery-kind" value={kind} onChange={(event) => setKind(event.target.value as DefinitionKind | '')}>
              <option value="">All kinds</option>
              {DEFINITION_KINDS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {`${shown.length} of ${registry.list().length} definitions`}
        </Text>
      </HStack>
      <Box borderWidth="1px" rounded="md" bg="bg" overflowX="auto">
        <Table.Root size="sm" interactive aria-label="Definitions">
          <Table.Header>
            <Table.Row bg="bg.muted">
              <Table.ColumnHeader>Id</Table.ColumnHeader>
              <Table.ColumnHeader>Kind</Table.ColumnHeader>
              <Table.ColumnHeader>Title</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((definition) => (
              <Table.Row key={definition.id}>
                <Table.Cell>
                  <ChakraLink asChild colorPalette="blue" fontFamily="mono" fontSize="sm">
                    <Link to={`/admin/gallery/${definition.id}`}>{definition.id}</Link>
                  </ChakraLink>
                </Table.Cell>
                <Table.Cell>
                  <Badge variant="subtle" colorPalette={KIND_COLORS[definition.kind]}>
                    {definition.kind}
                  </Badge>
                </Table.Cell>
                <Table.Cell>{definition.title ?? ''}</Table.Cell>
              </Table.Row>
            ))}
            {shown.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={3} textAlign="center" color="fg.muted" py="6">
                  No definitions match
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}

const KIND_COLORS: Record<DefinitionKind, string> = {
  form: 'blue',
  table: 'purple',
  list: 'green',
  page: 'orange',
  product: 'teal',
  'coverage-catalogue': 'cyan',
  'rating-table': 'pink',
  'rater-presets': 'yellow',
  'rater-sample-risks': 'gray',
};

function resolvedOrRaw(registry: Registry, definition: Definition, edition: EditionId): Definition {
  try {
    return registry.resolve(definition.id, edition);
  } catch {
    return definition;
  }
}
