import { useMemo } from 'react';
import { Badge, Box, Flex, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Definition, EditionId, FormDefinition, ListDefinition, PageDefinition, Registry, TableDefinition } from '../../engine/index.ts';
import { useRegistry } from '../definitions/use-registry.ts';
import { EditionSwitch } from '../preview/edition-switch.tsx';
import { ResolvedJson } from './resolved-json.tsx';
import { FormPreview } from '../preview/form-preview.tsx';
import { TablePreview } from '../preview/table-preview.tsx';
import { ListPreview } from '../preview/list-preview.tsx';
import { PagePreview } from '../preview/page-preview.tsx';
import { RaterPreview } from '../preview/rater-preview.tsx';
import { resolveSafely } from '../preview/resolve-safely.ts';

/** One definition, resolved in the edition of `?edition=` (US by default), drawn with its sample data. */
export function GalleryItem() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const registry = useRegistry();
  const editions = registry.editions();
  const requested = params.get('edition') as EditionId | null;
  const editionId: EditionId = requested && editions.includes(requested) ? requested : 'us';
  const resolved = useMemo(() => resolveSafely(registry, id, editionId), [registry, id, editionId]);

  if (!registry.get(id)) {
    return (
      <Stack gap="3">
        <Heading as="h1" size="lg">
          No definition {id}
        </Heading>
        <ChakraLink asChild colorPalette="blue">
          <Link to="/admin/gallery">Back to the gallery</Link>
        </ChakraLink>
      </Stack>
    );
  }
  const definition = registry.get(id)!;
  return (
    <Stack gap="5">
      <Flex gap="4" wrap="wrap" align="center" justify="space-between">
        <Box>
          <ChakraLink asChild fontSize="sm" color="fg.muted">
            <Link to="/admin/gallery">← Definition gallery</Link>
          </ChakraLink>
          <Flex gap="3" align="center">
            <Heading as="h1" size="xl">
              {(resolved.ok ? resolved.definition.title : definition.title) ?? id}
            </Heading>
            <Badge>{definition.kind}</Badge>
          </Flex>
          <Text fontSize="sm" color="fg.muted" fontFamily="mono">
            {registry.fileOf(id)}
          </Text>
        </Box>
        <EditionSwitch editions={editions} value={editionId} onChange={(next) => setParams({ edition: next }, { replace: true })} />
      </Flex>
      {resolved.ok ? (
        <>
          <Preview key={`${id}:${editionId}`} definition={resolved.definition} edition={editionId} registry={registry} />
          <ResolvedJson definition={resolved.definition} />
        </>
      ) : (
        <Box role="alert" p="4" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md">
          <Text fontWeight="semibold">This definition does not resolve in the {editionId.toUpperCase()} edition</Text>
          <Text as="pre" fontSize="sm" whiteSpace="pre-wrap">
            {resolved.message}
          </Text>
        </Box>
      )}
    </Stack>
  );
}

function Preview({ definition, edition, registry }: { definition: Definition; edition: EditionId; registry: Registry }) {
  switch (definition.kind) {
    case 'form':
      return <FormPreview definition={definition as FormDefinition} editionId={edition} />;
    case 'table':
      return <TablePreview definition={definition as TableDefinition} editionId={edition} />;
    case 'list':
      return <ListPreview definition={definition as ListDefinition} />;
    case 'page':
      return <PagePreview definition={definition as PageDefinition} />;
    case 'product':
    case 'rating-table':
    case 'coverage-catalogue':
    case 'rater-presets':
    case 'rater-sample-risks':
      return <RaterPreview registry={registry} definition={definition} edition={edition} />;
  }
}
