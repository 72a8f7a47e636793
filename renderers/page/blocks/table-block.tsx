import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Heading, HStack, Skeleton, Stack } from '@chakra-ui/react';
import { isOperationId, runNamed } from '../../../api/run.ts';
import { DEFAULT_PAGE_SIZES, evaluateLogic, evaluateLogicMap, getPath, type PageAction, type TableBlock, type TableDefinition } from '../../../engine/index.ts';
import { DefinitionTable } from '../../table/definition-table.tsx';
import type { DefinitionTableProps, Row, TableQuery } from '../../table/table-types.ts';
import { run } from '../../session/run.ts';
import type { RowsPage } from '../fetch-all-rows.ts';
import { listCache } from '../session-list-cache.ts';
import { useModalRequest } from '../modal-request.ts';
import { actionOffered } from '../operation-access.ts';
import { usePageContext } from '../page-context.ts';
import { useEditions } from '../use-editions.ts';
import type { PageScope } from '../page-scope.ts';
import { withDetail } from '../save-failure.ts';
import { operationQuery } from '../table-query.ts';
import { useStable } from '../../definitions/use-stable.ts';
import { useActionRunner } from '../use-action-runner.tsx';
import { useServerRows } from '../use-server-rows.ts';
import { useSavedTableView } from '../use-saved-table-view.ts';
import { announcePageChange, usePageChanges } from '../page-changes.ts';
import { BulkActionsBar } from './bulk-actions-bar.tsx';
import { ToolbarAction } from './toolbar-action.tsx';
import { UnavailableTable } from './unavailable-table.tsx';

/** A table block: the table definition's operation, paged, sorted, searched and filtered on the server. */
export function TableBlockView({ block, scope, showTitle }: { block: TableBlock; scope: PageScope; showTitle?: boolean }) {
  const { table: tableOf, preview } = usePageContext();
  // The server's bundle replaces the built-in definitions after the first paint; an unchanged table keeps
  // its object, so its list is not read twice.
  const table = useStable(tableOf(block.table));
  if (preview) return <SampleTable table={table} actions={block.actions ?? []} showTitle={showTitle} />;
  if (block.rows !== undefined) return <RecordRowsTable block={block} table={table} scope={scope} showTitle={showTitle} />;
  if (!table.operation || !isOperationId(table.operation)) return <UnavailableTable table={table} showTitle={showTitle} />;
  return <LiveTable block={block} table={table} operationId={table.operation} scope={scope} showTitle={showTitle} />;
}

function LiveTable({ block, table, operationId, scope, showTitle }: { block: TableBlock; table: TableDefinition; operationId: string; scope: PageScope; showTitle?: boolean }) {
  const { edition, lists, permissions, form } = usePageContext();
  const editions = useEditions();
  // Kept while equal: the scope changes with the address's query (a tab, a dialog's link), the table's own query may not.
  const extra = useStable(useMemo(() => evaluateLogicMap(block.query, scope as unknown as Record<string, unknown>), [block.query, scope]));
  const pathParams = useStable(useMemo(() => evaluateLogicMap(block.params, scope as unknown as Record<string, unknown>), [block.params, scope]));
  const readPage = useCallback(
    async (query: TableQuery, signal?: AbortSignal) => {
      const params = operationQuery(table, query, extra);
      // A list of one record's (its path parameters) is held under its own key.
      const key = Object.keys(pathParams).length > 0 ? { ...params, '{path}': pathParams } : params;
      const held = listCache.get(operationId, key);
      if (held) return held;
      const page = (await runNamed(run, operationId, { params: pathParams, query: params, signal })) as RowsPage;
      listCache.put(operationId, key, page);
      return page;
    },
    [operationId, table, extra, pathParams],
  );
  const { state, server, reload } = useServerRows(readPage);
  const onChanged = useCallback(
    (delayMs: number) => {
      listCache.forgetAll();
      window.setTimeout(reload, delayMs);
    },
    [reload],
  );

  // A bespoke component of the page changed what this table lists (a connector added from the catalogue).
  usePageChanges(onChanged);
  const runner = useActionRunner({ rowKey: table.rowKey, scope, onChanged });
  const formOf = useCallback((action: PageAction) => (action.dialog ? form(action.dialog) : undefined), [form]);
  const rowActions = useMemo(
    () => (table.rowActions ?? []).filter((action) => actionOffered(action, 'row', formOf(action), permissions)),
    [table.rowActions, formOf, permissions],
  );
  const toolbar = useMemo(
    () => (block.actions ?? []).filter((action) => actionOffered(action, 'create', formOf(action), permissions)),
    [block.actions, formOf, permissions],
  );
  const shown = useMemo(() => ({ ...table, rowActions, ...pageSizeOf(block, table) }), [table, rowActions, block]);
  const bulkActions = useMemo(
    () => (table.bulkActions ?? []).filter((action) => actionOffered(action, 'row', undefined, permissions)),
    [table.bulkActions, permissions],
  );
  // The rows chosen for a bulk action, by row key: the choice is the page's, cleared when the rows shown change.
  // Kept with the page it was made on: once other rows show, the choice reads as empty.
  const [choice, setChoice] = useState<{ page: unknown; keys: Set<string> }>(() => ({ page: null, keys: new Set() }));
  const chosen = useMemo(() => (choice.page === state.page ? choice.keys : new Set<string>()), [choice, state.page]);
  const setChosen = useCallback((keys: Set<string>) => setChoice({ page: state.page, keys }), [state.page]);
  const rows = state.page.content as Row[];
  const selection = useMemo(() => (bulkActions.length > 0 ? { keys: chosen, onChange: setChosen } : undefined), [bulkActions.length, chosen, setChosen]);
  const chosenRows = useMemo(
    () => rows.filter((row, index) => chosen.has(String(getPath(row, table.rowKey) ?? index))),
    [rows, chosen, table.rowKey],
  );

  const actionNames = useMemo(() => [...toolbar, ...rowActions].map((action) => action.id), [toolbar, rowActions]);
  const openRequested = useCallback(
    (name: string, data: Record<string, unknown>) => {
      const rowAction = rowActions.find((action) => action.id === name);
      if (rowAction) runner.start(rowAction, { row: data });
      const toolbarAction = toolbar.find((action) => action.id === name);
      if (toolbarAction) runner.start(toolbarAction, { chosen: data });
    },
    [rowActions, toolbar, runner],
  );
  useModalRequest(actionNames, openRequested);

  return (
    <Stack gap="3" data-testid={`block-table-${table.id}`}>
      {(showTitle || toolbar.length > 0) && (
        <HStack justify="space-between" align="end" wrap="wrap" gap="4">
          {showTitle ? (
            <Heading as="h2" size="lg">
              {table.title ?? table.id}
            </Heading>
          ) : (
            <span />
          )}
          <HStack gap="3" align="end" wrap="wrap">
            {toolbar.map((action) => (
              <ToolbarAction key={action.id} action={action} onStart={(chosen) => runner.start(action, { chosen })} />
            ))}
          </HStack>
        </HStack>
      )}
      {state.status === 'error' && (
        <Alert.Root status="error" data-testid="table-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{table.failureText ? withDetail(table.failureText, state.message) : state.message}</Alert.Title>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={reload}>
            Try again
          </Button>
        </Alert.Root>
      )}
      {selection && (
        <BulkActionsBar
          actions={bulkActions}
          count={chosenRows.length}
          onStart={(action) => runner.start(action, { selected: chosenRows })}
          onClear={() => setChosen(new Set())}
        />
      )}
      <UserArrangedTable
        definition={shown}
        rows={rows}
        edition={edition}
        editions={editions}
        lists={lists}
        loading={state.status === 'loading'}
        server={server}
        onRowAction={rowActions.length > 0 ? (action, row) => runner.start(action, { row }) : undefined}
        selection={selection}
      />
      {runner.element}
    </Stack>
  );
}

/**
 * A table as its user last arranged it (columns, order, density, sort, page size; kept on the server), so it
 * waits for the user's preferences, read once per session, before it starts.
 */
function UserArrangedTable(props: Omit<DefinitionTableProps, 'savedView'>) {
  const { ready, savedView } = useSavedTableView(props.definition);
  if (!ready) return <Skeleton height="40" rounded="md" data-testid="table-view-loading" />;
  return <DefinitionTable {...props} savedView={savedView} />;
}

/** A block's own first page size, offered with the table's sizes. */
function pageSizeOf(block: TableBlock, table: TableDefinition): Partial<TableDefinition> {
  if (!block.pageSize) return {};
  const sizes = [...new Set([block.pageSize, ...(table.pageSizes ?? DEFAULT_PAGE_SIZES)])].sort((a, b) => a - b);
  return { defaultPageSize: block.pageSize, pageSizes: sizes };
}

/**
 * Rows the page already holds (`rows`: a list the record carries), shown through the table's columns, with the
 * table's row actions (a certificate downloaded again). A change made by one announces itself, so the detail
 * block reads its record, and with it these rows, again.
 */
function RecordRowsTable({ block, table, scope, showTitle }: { block: TableBlock; table: TableDefinition; scope: PageScope; showTitle?: boolean }) {
  const { edition, lists, permissions, form } = usePageContext();
  const editions = useEditions();
  const rows = useMemo(() => {
    const value = block.rows === undefined ? [] : evaluateLogic(block.rows, scope as unknown as Record<string, unknown>);
    return (Array.isArray(value) ? value : []) as Row[];
  }, [block.rows, scope]);
  const onChanged = useCallback((delayMs: number) => window.setTimeout(announcePageChange, delayMs), []);
  const runner = useActionRunner({ rowKey: table.rowKey, scope, onChanged });
  const formOf = useCallback((action: PageAction) => (action.dialog ? form(action.dialog) : undefined), [form]);
  const rowActions = useMemo(
    () => (table.rowActions ?? []).filter((action) => actionOffered(action, 'row', formOf(action), permissions)),
    [table.rowActions, formOf, permissions],
  );
  const shown = useMemo(() => ({ ...table, rowActions }), [table, rowActions]);
  return (
    <Stack gap="3" data-testid={`block-table-${table.id}`}>
      {showTitle && (
        <Heading as="h2" size="lg">
          {table.title ?? table.id}
        </Heading>
      )}
      <UserArrangedTable
        definition={shown}
        rows={rows}
        edition={edition}
        editions={editions}
        lists={lists}
        onRowAction={rowActions.length > 0 ? (action, row) => runner.start(action, { row }) : undefined}
      />
      {runner.element}
    </Stack>
  );
}

/** In the studio's preview: the table over its sample rows, its toolbar drawn but not live, nothing run. */
function SampleTable({ table, actions, showTitle }: { table: TableDefinition; actions: PageAction[]; showTitle?: boolean }) {
  const { edition, lists } = usePageContext();
  const editions = useEditions();
  return (
    <Stack gap="3" data-testid={`block-table-${table.id}`}>
      <HStack justify="space-between" align="end" wrap="wrap" gap="4">
        {showTitle ? (
          <Heading as="h2" size="lg">
            {table.title ?? table.id}
          </Heading>
        ) : (
          <span />
        )}
        <HStack gap="3">
          {actions.map((action) => (
            <Button key={action.id} colorPalette="blue" disabled title="Not live in the preview">
              {action.label}
            </Button>
          ))}
        </HStack>
      </HStack>
      <DefinitionTable definition={table} rows={(table.sample ?? []) as Row[]} edition={edition} editions={editions} lists={lists} />
    </Stack>
  );
}
