import { Alert } from '@chakra-ui/react';
import type { PageDefinition } from '../../engine/index.ts';
import { mayOpenPage } from '../page/area-pages.ts';
import { PageView } from '../page/page-view.tsx';
import { usePermissionsMap } from '../session/use-session.ts';
import { PAGE_COMPONENT_REGISTRY } from './page-components.tsx';

/** A routed page definition, for users who hold its permissions; others are told, not shown a blank page. */
export function PageRoute({ page }: { page: PageDefinition }) {
  const permissions = usePermissionsMap();
  if (!permissions.data) return null;
  if (!mayOpenPage(page, permissions.data.permissions)) {
    return (
      <Alert.Root status="warning" data-testid="page-forbidden">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>You do not have access to this page.</Alert.Title>
          <Alert.Description>Ask an administrator of your organisation if you need it.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return <PageView key={page.id} page={page} components={PAGE_COMPONENT_REGISTRY} />;
}
