import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Stack } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import type { ListDefinition, TableDefinition } from '../../engine/index.ts';
import { errorMessage } from '../../api/api-error.ts';
import { editionIdAtom } from '../definitions/registry-atoms.ts';
import { useRegistry } from '../definitions/use-registry.ts';
import { DefinitionTable } from '../table/definition-table.tsx';
import type { Row, ServerRows, TableQuery } from '../table/table-types.ts';
import { allAuditEntries, searchAuditLog, type AuditPage } from './audit-api.ts';

export const AUDIT_TABLE_ID = 'audit-log';

type State = { status: 'loading' | 'ready'; page: AuditPage } | { status: 'error'; page: AuditPage; message: string };
const EMPTY: AuditPage = { content: [], totalElements: 0, page: 0, size: 25 };

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
  const lists = useCallback(
    (id: string) => (registry.get(id)?.kind === 'list' ? registry.resolve<ListDefinition>(id, editionId) : undefined),
    [registry, editionId],
  );
  const [state, setState] = useState<State>({ status: 'loading', page: EMPTY });
  const loads = useRef<AbortController | null>(null);

  const onQueryChange = useCallback(async (query: TableQuery) => {
    loads.current?.abort();
    const controller = new AbortController();
    loads.current = controller;
    setState((current) => ({ status: 'loading', page: current.page }));
    try {
      const page = await searchAuditLog(query, controller.signal);
      if (!controller.signal.aborted) setState({ status: 'ready', page });
    } catch (error) {
      if (!controller.signal.aborted) setState((current) => ({ status: 'error', page: current.page, message: errorMessage(error) }));
    }
  }, []);
  const server = useMemo<ServerRows>(
    () => ({ totalElements: state.page.totalElements, onQueryChange: (query) => void onQueryChange(query), fetchAll: allAuditEntries as ServerRows['fetchAll'] }),
    [state.page.totalElements, onQueryChange],
  );

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
        rows={state.page.content as unknown as Row[]}
        edition={edition}
        lists={lists}
        loading={state.status === 'loading'}
        server={server}
      />
    </Stack>
  );
}
