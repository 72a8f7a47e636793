import { createContext, useContext, useEffect } from 'react';

/** A dialog a link asked for: `?modal=<action id>&modalData=<JSON>` (spec 002 section 2). */
export interface ModalRequest {
  name: string;
  data: Record<string, unknown>;
}

export interface ModalRequests {
  request?: ModalRequest;
  /** The block that owns the action takes the request; true when it was still open. */
  take: (name: string) => ModalRequest | undefined;
}

export const ModalRequestContext = createContext<ModalRequests>({ take: () => undefined });

/** Opens a requested dialog when one of `names` is asked for; `open` gets the link's data. */
export function useModalRequest(names: readonly string[], open: (name: string, data: Record<string, unknown>) => void): void {
  const { request, take } = useContext(ModalRequestContext);
  useEffect(() => {
    if (!request || !names.includes(request.name)) return;
    const taken = take(request.name);
    if (taken) open(taken.name, taken.data);
  }, [request, names, take, open]);
}

/** The modal and its data from a query string; undefined without one or with data that is not a JSON object. */
export function modalRequestOf(params: URLSearchParams): ModalRequest | undefined {
  const name = params.get('modal');
  if (!name) return undefined;
  const raw = params.get('modalData');
  if (!raw) return { name, data: {} };
  try {
    const data: unknown = JSON.parse(raw);
    return data && typeof data === 'object' && !Array.isArray(data) ? { name, data: data as Record<string, unknown> } : undefined;
  } catch {
    return undefined;
  }
}
