import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MODAL_OPEN_DELAY_MS } from '../session/constants.ts';
import { toaster } from '../shell/toaster.tsx';
import { modalRequestOf, type ModalRequest, type ModalRequests } from './modal-request.ts';

/**
 * How long a requested dialog waits for a block to take it before the page says it is not here: a block
 * offers its actions only once the user's permissions have loaded, which on a slow line can take a while.
 */
const UNCLAIMED_AFTER_MS = 10_000;

/**
 * The query-string modal opener (spec 002 section 2): a link carrying `modal` and `modalData` opens that
 * dialog about 1.5 s after the page loads, and the query is then stripped, so a reload does not open it
 * again. The page's blocks take the request through ModalRequestContext.
 */
export function useModalOpener(): ModalRequests {
  const [searchParams, setSearchParams] = useSearchParams();
  const [request, setRequest] = useState<ModalRequest>();
  const taken = useRef(false);
  const initial = useRef(searchParams);

  useEffect(() => {
    const params = initial.current;
    if (!params.has('modal')) return undefined;
    const asked = modalRequestOf(params);
    const timer = window.setTimeout(() => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('modal');
          next.delete('modalData');
          return next;
        },
        { replace: true },
      );
      if (!asked) toaster.create({ type: 'warning', title: 'The link asked for a dialog with data that could not be read.', closable: true });
      else setRequest(asked);
    }, MODAL_OPEN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [setSearchParams]);

  useEffect(() => {
    if (!request) return undefined;
    const timer = window.setTimeout(() => {
      if (!taken.current) toaster.create({ type: 'warning', title: `The link asked for "${request.name}", which this page does not offer you.`, closable: true });
      setRequest(undefined);
    }, UNCLAIMED_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [request]);

  const take = useCallback(
    (name: string) => {
      if (!request || request.name !== name || taken.current) return undefined;
      taken.current = true;
      return request;
    },
    [request],
  );
  return useMemo(() => ({ request, take }), [request, take]);
}
