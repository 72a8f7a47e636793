import { Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <Stack gap="3" py="10" align="center">
      <Heading size="lg">Page not found</Heading>
      <Text color="fg.muted">There is nothing at this address.</Text>
      <ChakraLink asChild>
        <Link to="/gallery">Go to the definition gallery</Link>
      </ChakraLink>
    </Stack>
  );
}
