import { Badge, Box, Link as ChakraLink, List, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import type { PageDefinition } from '../../engine/index.ts';

/** A page definition's route, personas and blocks; each form or table block links to its own preview. */
export function PagePreview({ definition }: { definition: PageDefinition }) {
  return (
    <Box borderWidth="1px" rounded="md" bg="bg" p="4">
      <Text>
        Route <code>{definition.route}</code>
        {definition.personas?.length ? ` · personas ${definition.personas.join(', ')}` : ''}
      </Text>
      <List.Root ps="4" mt="2">
        {definition.blocks.map((block) => (
          <List.Item key={`${block.type}:${block.ref}`}>
            <Badge me="2">{block.type}</Badge>
            {block.type === 'component' ? (
              block.ref
            ) : (
              <ChakraLink asChild colorPalette="blue">
                <Link to={`/admin/gallery/${block.ref}`}>{block.ref}</Link>
              </ChakraLink>
            )}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
