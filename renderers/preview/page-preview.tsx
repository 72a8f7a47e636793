import { Box, Text } from '@chakra-ui/react';
import type { PageDefinition } from '../../engine/index.ts';
import { PageView } from '../page/page-view.tsx';

const NO_COMPONENTS = {};

/**
 * A page definition as it lays out, in the gallery and the studio: its tables over their sample rows and
 * its components as named boxes; nothing is run against the server.
 */
export function PagePreview({ definition }: { definition: PageDefinition }) {
  return (
    <Box borderWidth="1px" rounded="md" bg="bg.subtle" p="4" data-testid="page-preview">
      <Text fontSize="sm" color="fg.muted" mb="3">
        {`Route ${definition.path} in ${definition.personas.join(', ')}${definition.permission ? ` · needs ${definition.permission.join(', ')}` : ''}${definition.nav ? ` · menu "${definition.nav.label}"` : ''}`}
      </Text>
      <PageView page={definition} components={NO_COMPONENTS} preview />
    </Box>
  );
}
