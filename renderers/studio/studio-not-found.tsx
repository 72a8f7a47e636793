import { Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { studioPath } from './document-keys.ts';

export function StudioNotFound({ message = 'There is no such page in the studio.' }: { message?: string }) {
  return (
    <Stack gap="3" py="6">
      <Heading as="h1" size="lg">
        Not found
      </Heading>
      <Text>{message}</Text>
      <ChakraLink asChild colorPalette="blue">
        <Link to={studioPath()}>Back to the studio</Link>
      </ChakraLink>
    </Stack>
  );
}
