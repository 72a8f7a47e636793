import { useMemo } from 'react';
import { Alert, Stack } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import type { TableDefinition } from '../../engine/index.ts';
import { editionLists } from '../definitions/edition-lists.ts';
import { editionIdAtom } from '../definitions/registry-atoms.ts';
import { useRegistry } from '../definitions/use-registry.ts';
import { DefinitionTable } from '../table/definition-table.tsx';
import type { Row } from '../table/table-types.ts';
import { useServerRows } from '../page/use-server-rows.ts';
import { searchAuditLog } from './audit-api.ts';

export const AUDIT_TABLE_ID = 'audit-log';

/**
 * The audit log page's `audit-log` component: the `audit-log` table definition over the server's audit
 * search. The table pages, sorts, searches and filters on the server; the CSV export collects every
 * matching entry.
 */
export function AuditLog() {
  const registry = useRegistry();
  const editionId = useAtomValue(editionIdAtom);
  const edition = registry.edition(editionId);
  const table = useMemo(() => registry.resolve<TableDefinition>(AUDIT_TABLE_ID, editionId), [registry, editionId]);
  const lists = useMemo(() => editionLists(registry, editionId), [registry, editionId]);
  const { state, server } = useServerRows(searchAuditLog);

  return (
    <Stack gap="5" data-testid="audit-page">
      {state.status === 'error' && (
        <Alert.Root status="error" data-testid="audit-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{state.message}</Alert.Title>
          </Alert.Content>
        </Alert.Root>
      )}
      <DefinitionTable
        definition={table}
        rows={state.page.content as Row[]}
        edition={edition}
        lists={lists}
        loading={state.status === 'loading'}
        server={server}
      />
    </Stack>
  );
}
