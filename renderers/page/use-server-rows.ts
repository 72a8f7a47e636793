import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import type { ServerRows, TableQuery } from '../table/table-types.ts';
import { fetchAllRows, type RowsPage } from './fetch-all-rows.ts';

export type ServerRowsState = { status: 'loading' | 'ready'; page: RowsPage } | { status: 'error'; page: RowsPage; message: string };

const EMPTY: RowsPage = { content: [], totalElements: 0 };

/**
 * A server-paged table's rows: each query the table reports is read with `readPage` (an earlier read still
 * running is cancelled), the last page stays on screen while the next loads or when it fails, `reload`
 * reads the last query again, and the CSV export collects every matching row. A link's `?search=` is the
 * search the table starts with.
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

  // Stable while `readPage` is: the table asks again whenever this function changes, so it must not
  // change with the answer's total (that read every list twice).
  const onQueryChange = useCallback((query: TableQuery) => void load(query), [load]);
  const fetchAll = useCallback((query: TableQuery) => fetchAllRows((page) => readPage(page), query), [readPage]);
  const [params] = useSearchParams();
  const [initialSearch] = useState(() => params.get('search') ?? undefined);
  const server = useMemo<ServerRows>(
    () => ({ totalElements: state.page.totalElements, onQueryChange, fetchAll, initialSearch }),
    [state.page.totalElements, onQueryChange, fetchAll, initialSearch],
  );
  return { state, server, reload };
}
