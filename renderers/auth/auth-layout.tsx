import { Box, Container, Flex, Heading, Text } from '@chakra-ui/react';
import { Outlet, useLocation } from 'react-router';
import { ColorModeToggle } from '../theme/color-mode-toggle.tsx';
import { ErrorBoundary } from '../shell/error-boundary.tsx';

/** The frame of the public pages (sign-in and e-mailed links): the product name, the theme toggle, the year. */
export function AuthLayout() {
  const location = useLocation();
  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle" color="fg">
      <Box as="header" bg="bg" borderBottomWidth="1px">
        <Flex maxW="7xl" mx="auto" px="4" h="14" align="center" gap="4">
          <Heading size="md" as="span">
            Cyber Console
          </Heading>
          <Box flex="1" />
          <ColorModeToggle />
        </Flex>
      </Box>
      <Container as="main" flex="1" maxW="lg" py={{ base: '6', md: '12' }}>
        <ErrorBoundary resetKey={location.pathname}>
          <Outlet />
        </ErrorBoundary>
      </Container>
      <Box as="footer" py="4" textAlign="center">
        <Text fontSize="xs" color="fg.muted">
          © {new Date().getFullYear()} Cyber Console
        </Text>
      </Box>
    </Flex>
  );
}
