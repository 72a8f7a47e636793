import { Suspense } from 'react';
import { Box, Container, Flex, Heading, Text } from '@chakra-ui/react';
import { Outlet, useLocation } from 'react-router';
import { ColorModeToggle } from '../theme/color-mode-toggle.tsx';
import { ErrorBoundary } from '../shell/error-boundary.tsx';
import { RouteLoading } from '../shell/route-loading.tsx';

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
          {/*
            Public pages other than sign-in load their code (and the definitions they draw) when first opened.
            A boundary per address: a link shows the new page's loading state at once, rather than leaving
            the previous page on screen (and typed into) under the new address while the code arrives.
          */}
          <Suspense key={location.pathname} fallback={<RouteLoading />}>
            <Outlet />
          </Suspense>
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
