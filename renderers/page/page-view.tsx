import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import type { PageDefinition } from '../../engine/index.ts';
import { BlockView } from './blocks/block-view.tsx';
import { ModalRequestContext } from './modal-request.ts';
import { PageContext, type PageComponent } from './page-context.ts';
import type { PageScope } from './page-scope.ts';
import { redirectPath } from './page-redirect.ts';
import { sessionStore, shownTeamAtom } from '../session/store.ts';
import { useModalOpener } from './use-modal-opener.ts';
import { usePageContextValue } from './use-page-context-value.ts';

/**
 * A page definition on screen: its title and description, then its blocks top to bottom. Route
 * parameters reach the blocks' json-logic as `route` and the address's query as `query`; a link's `?modal=`
 * opens one of its dialogs. A page kept for an address (`redirect`) goes where it says once the address names
 * everything it needs.
 */
export function PageView({ page, components, preview = false }: { page: PageDefinition; components: Readonly<Record<string, PageComponent>>; preview?: boolean }) {
  const context = usePageContextValue(components, preview);
  const params = useParams();
  const [searchParams] = useSearchParams();
  const query = Object.fromEntries(searchParams);
  const routeKey = JSON.stringify([params, query]);
  const team = useAtomValue(shownTeamAtom, { store: sessionStore });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the scope changes when the route's values do, not with each params object
  const scope = useMemo<PageScope>(() => ({ route: params, query, team }), [routeKey, team]);
  const modals = useModalOpener();
  const several = page.blocks.filter((block) => block.type !== 'component').length > 1;
  const redirect = page.redirect && !preview ? redirectPath(page.redirect, scope) : undefined;
  if (redirect) return <Navigate to={`${context.areaBase}/${redirect}`} replace />;
  return (
    <PageContext.Provider value={context}>
      <ModalRequestContext.Provider value={modals}>
        <Stack gap="6" data-testid={`page-${page.id}`}>
          {page.showHeading !== false && (
            <Box>
              <Heading as="h1" size="2xl">
                {page.title}
              </Heading>
              {page.description && (
                <Text color="fg.muted" mt="1">
                  {page.description}
                </Text>
              )}
            </Box>
          )}
          {page.blocks.map((block, index) => (
            <BlockView key={index} block={block} scope={scope} showTitle={several} />
          ))}
        </Stack>
      </ModalRequestContext.Provider>
    </PageContext.Provider>
  );
}
