import { Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <Stack gap="3" py="10" align="center">
      <Heading as="h1" size="lg">
        Page not found
      </Heading>
      <Text color="fg.muted">There is nothing at this address.</Text>
      <ChakraLink asChild colorPalette="blue">
        <Link to="/">Go to the start page</Link>
      </ChakraLink>
    </Stack>
  );
}
