import { Box, Container, Flex, Heading, Link as ChakraLink } from '@chakra-ui/react';
import { Link, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { ColorModeToggle } from './ColorModeToggle.tsx';

/** The frame around every page: a top bar with the product name and the color mode toggle. */
export function AppShell() {
  const location = useLocation();
  return (
    <Box minH="100vh" bg="bg.subtle" color="fg">
      <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="docked">
        <Flex as="nav" aria-label="Main" maxW="7xl" mx="auto" px="4" h="14" align="center" gap="6">
          <Heading size="md" as="span">
            Cyber Console
          </Heading>
          <ChakraLink asChild fontWeight="medium">
            <Link to="/gallery">Definition gallery</Link>
          </ChakraLink>
          <Box flex="1" />
          <ColorModeToggle />
        </Flex>
      </Box>
      <Container as="main" maxW="7xl" py="6">
        <ErrorBoundary resetKey={location.pathname}>
          <Outlet />
        </ErrorBoundary>
      </Container>
    </Box>
  );
}
