import { useState } from 'react';
import { Box, Button, Code, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { editionIdAtom, registryResultAtom, signInRegistryResultAtom } from '../definitions/registry-atoms.ts';

export const UNEXPECTED_ERROR = 'An unexpected error occurred.';

/**
 * The generic error page (spec 000 section 2): what happened, and three ways on: copy the details for
 * support, refresh the page, or contact support.
 */
export function ErrorPage({ error, message = UNEXPECTED_ERROR, onRetry }: { error?: Error; message?: string; onRetry?: () => void }) {
  const [copied, setCopied] = useState(false);
  const support = useSupportEmail();
  const details = [
    `Message: ${message}`,
    error ? `Error: ${error.name}: ${error.message}` : '',
    `Page: ${window.location.href}`,
    `Time: ${new Date().toISOString()}`,
    `Browser: ${navigator.userAgent}`,
    error?.stack ? `\n${error.stack}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(details);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Box role="alert" p="6" borderWidth="1px" borderColor="border.error" bg="bg" rounded="md" data-testid="error-page">
      <Stack gap="3">
        <Heading as="h1" size="lg">
          {message}
        </Heading>
        {error && (
          <Text color="fg.muted">
            <Code>{error.name}</Code> {error.message}
          </Text>
        )}
        <HStack gap="3" wrap="wrap">
          <Button size="sm" variant="outline" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy Error Details'}
          </Button>
          <Button size="sm" colorPalette="blue" onClick={() => (onRetry ? onRetry() : window.location.reload())}>
            Refresh Page
          </Button>
          <Button size="sm" variant="ghost" asChild>
            <a href={`mailto:${support}?subject=${encodeURIComponent('Console error')}&body=${encodeURIComponent(details)}`}>Contact Support</a>
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

/** The edition's support address; works even when the definitions failed to load. */
function useSupportEmail(): string {
  const full = useAtomValue(registryResultAtom);
  const signIn = useAtomValue(signInRegistryResultAtom);
  const editionId = useAtomValue(editionIdAtom);
  // The full registry when it loaded (published contacts), else the sign-in page's: both hold the editions.
  const result = full?.ok ? full : signIn;
  return result.ok ? result.registry.edition(editionId).contacts.support.email : 'support@cyberconsole.example';
}
