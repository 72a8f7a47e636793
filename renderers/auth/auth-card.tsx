import type { ReactNode } from 'react';
import { Box, Heading, Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';

/** The card every public page sits in: a level-one heading and its content. */
export function AuthCard({ title, children, testId }: { title: ReactNode; children?: ReactNode; testId?: string }) {
  return (
    <Box bg="bg" borderWidth="1px" rounded="lg" shadow="sm" p={{ base: '5', md: '8' }} data-testid={testId}>
      <Stack gap="5">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}

/** A link to another page of the app, styled as a link. */
export function PageLink({ to, children, state }: { to: string; children: ReactNode; state?: unknown }) {
  return (
    <ChakraLink asChild colorPalette="blue" fontWeight="medium">
      <Link to={to} state={state}>
        {children}
      </Link>
    </ChakraLink>
  );
}

/** What a page shows while it asks the server (never a blank page). */
export function Waiting({ text }: { text: string }) {
  return (
    <Stack direction="row" align="center" gap="3" role="status" aria-live="polite">
      <Spinner size="sm" />
      <Text color="fg.muted">{text}</Text>
    </Stack>
  );
}
