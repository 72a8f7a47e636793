import { Flex, Spinner, Text } from '@chakra-ui/react';

/**
 * What a route shows while its code or the definitions it needs are on the way (they load when first
 * needed, see app.tsx): a labelled spinner announced to screen readers, never a blank page.
 */
export function RouteLoading({ label = 'Loading…', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <Flex minH={fullPage ? '100vh' : '40'} align="center" justify="center" gap="3" role="status" aria-label={label} data-testid="route-loading">
      <Spinner size="sm" />
      <Text color="fg.muted">{label}</Text>
    </Flex>
  );
}
