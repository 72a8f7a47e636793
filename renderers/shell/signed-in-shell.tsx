import { Box, Button, Container, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { USER_LOAD_ERROR } from '../../api/error-catalogue.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { ErrorPage } from './error-page.tsx';
import { ServerDefinitions } from '../definitions/server-source.ts';

import { useCurrentUser } from '../session/use-session.ts';

/**
 * The signed-in frame: waits for the signed-in user (dashboards render only once the session is known),
 * then lets the area below draw its header and page. A user that cannot be loaded gets the spec's
 * message and a way out, never a blank page.
 */
export function SignedInShell() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  if (!user.data) {
    if (user.status === 'error' && user.error?.status !== 401) {
      return (
        <Container maxW="2xl" py="12">
          <Stack gap="4">
            <ErrorPage message={USER_LOAD_ERROR} error={user.error} />
            <Button alignSelf="start" variant="outline" onClick={() => void navigate('/logout')}>
              Sign out
            </Button>
          </Stack>
        </Container>
      );
    }
    return <ShellLoading />;
  }
  // Pages wait for the published definitions, so a form never shows its built-in wording first.
  return (
    <Box minH="100vh" bg="bg.subtle" color="fg">
      <ErrorBoundary resetKey={location.pathname}>
        <ServerDefinitions fallback={<ShellLoading />}>
          <Outlet />
        </ServerDefinitions>
      </ErrorBoundary>
    </Box>
  );
}

function ShellLoading() {
  return (
    <Flex minH="100vh" align="center" justify="center" gap="3" role="status">
      <Spinner size="sm" />
      <Text color="fg.muted">Loading your console…</Text>
    </Flex>
  );
}
