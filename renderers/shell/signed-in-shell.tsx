import { Suspense } from 'react';
import { Box, Button, Container, Stack } from '@chakra-ui/react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { USER_LOAD_ERROR } from '../../api/error-catalogue.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { ErrorPage } from './error-page.tsx';
import { ServerDefinitions } from '../definitions/server-source.ts';
import { RouteLoading } from './route-loading.tsx';
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
          {/* An area's code (and, when the server's bundle failed, the build's definitions) loads on first visit. */}
          <Suspense fallback={<ShellLoading />}>
            <Outlet />
          </Suspense>
        </ServerDefinitions>
      </ErrorBoundary>
    </Box>
  );
}

export function ShellLoading() {
  return <RouteLoading label="Loading your console…" fullPage />;
}
