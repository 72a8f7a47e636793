import { Suspense, useMemo } from 'react';
import { Alert, Box, Spinner, Text } from '@chakra-ui/react';
import { evaluateLogicMap, type ComponentBlock } from '../../../engine/index.ts';
import { useStable } from '../../definitions/use-stable.ts';
import { usePageContext } from '../page-context.ts';
import type { PageScope } from '../page-scope.ts';

/**
 * A registered bespoke component. A name the registry does not have fails loudly, on the page and in
 * the console, rather than leaving a gap (the lint refuses such a page before it is published).
 */
export function ComponentBlockView({ block, scope }: { block: ComponentBlock; scope: PageScope }) {
  const { components, preview } = usePageContext();
  // What the component is about, kept while equal so it does not read again on an unrelated change of the scope.
  const params = useStable(useMemo(() => (block.params ? evaluateLogicMap(block.params, scope as unknown as Record<string, unknown>) : undefined), [block.params, scope]));
  if (preview) {
    return (
      <Box borderWidth="1px" borderStyle="dashed" rounded="md" p="4" data-testid={`block-component-${block.component}`}>
        <Text color="fg.muted">Component: {block.component}</Text>
      </Box>
    );
  }
  const Component = components[block.component];
  if (!Component) {
    console.error(`Page component "${block.component}" is not registered.`);
    return (
      <Alert.Root status="error" data-testid="block-component-missing">
        <Alert.Indicator />
        <Alert.Title>{`This page names a component that does not exist: ${block.component}`}</Alert.Title>
      </Alert.Root>
    );
  }
  // A component loaded on demand (app/page-components.tsx) shows a spinner until its code arrives.
  return (
    <Suspense fallback={<Spinner size="sm" data-testid="block-component-loading" role="status" aria-label="Loading" />}>
      {params ? <Component params={params} /> : <Component />}
    </Suspense>
  );
}
