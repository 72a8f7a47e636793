import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import type { ServerRows, TableQuery } from '../table/table-types.ts';
import { fetchAllRows, type RowsPage } from './fetch-all-rows.ts';

export type ServerRowsState = { status: 'loading' | 'ready'; page: RowsPage } | { status: 'error'; page: RowsPage; message: string };

const EMPTY: RowsPage = { content: [], totalElements: 0 };

/**
 * A server-paged table's rows: each query the table reports is read with `readPage` (an earlier read still
 * running is cancelled), the last page stays on screen while the next loads or when it fails, `reload`
 * reads the last query again, and the CSV export collects every matching row.
 */
export function useServerRows(readPage: (query: TableQuery, signal?: AbortSignal) => Promise<RowsPage>) {
  const [state, setState] = useState<ServerRowsState>({ status: 'loading', page: EMPTY });
  const lastQuery = useRef<TableQuery | null>(null);
  const loads = useRef<AbortController | null>(null);

  const load = useCallback(
    async (query: TableQuery) => {
      lastQuery.current = query;
      loads.current?.abort();
      const controller = new AbortController();
      loads.current = controller;
      setState((current) => ({ status: 'loading', page: current.page }));
      try {
        const page = await readPage(query, controller.signal);
        if (!controller.signal.aborted) setState({ status: 'ready', page });
      } catch (error) {
        if (!controller.signal.aborted) setState((current) => ({ status: 'error', page: current.page, message: errorMessage(error) }));
      }
    },
    [readPage],
  );
  useEffect(() => () => loads.current?.abort(), []);
  const reload = useCallback(() => lastQuery.current && void load(lastQuery.current), [load]);

  const server = useMemo<ServerRows>(
    () => ({
      totalElements: state.page.totalElements,
      onQueryChange: (query) => void load(query),
      fetchAll: (query) => fetchAllRows((page) => readPage(page), query),
    }),
    [state.page.totalElements, load, readPage],
  );
  return { state, server, reload };
}
