import type { ApiClient } from './client.ts';
import { OPERATIONS, type OperationId } from './operations.ts';
import type { operations } from './schema.d.ts';

/**
 * Runs contract operations by id: `run('searchClaims', { query: { page: 0 } })`. The method and path come
 * from the generated api/operations.ts, the parameter, body and answer types from api/schema.d.ts, and the
 * call goes through the app's one client (token, refresh, error catalogue). A definition that names an
 * operation can be carried out without a hand-written API module.
 */
type Operation<O extends OperationId> = operations[O];
type ParametersOf<O extends OperationId> = Operation<O> extends { parameters: infer P } ? P : never;
type PathParams<O extends OperationId> = ParametersOf<O> extends { path?: infer T } ? Exclude<T, undefined> : never;
type QueryParams<O extends OperationId> = ParametersOf<O> extends { query?: infer T } ? Exclude<T, undefined> : never;
type RequestBody<O extends OperationId> = Operation<O> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Responses<O extends OperationId> = Operation<O> extends { responses: infer R } ? R : never;

/** The JSON body of the operation's 200 or 201 answer (undefined for answers without a body, such as 204). */
export type SuccessOf<O extends OperationId> = {
  [S in keyof Responses<O>]: S extends 200 | 201 ? (Responses<O>[S] extends { content: { 'application/json': infer B } } ? B : undefined) : never;
}[keyof Responses<O>];

export interface RunArgs<O extends OperationId> {
  params?: PathParams<O>;
  query?: QueryParams<O>;
  body?: RequestBody<O>;
  signal?: AbortSignal;
}

export type Run = <O extends OperationId>(operationId: O, args?: RunArgs<O>) => Promise<SuccessOf<O>>;

/** One untyped entry into openapi-fetch: the types were checked above, per operation. */
type RawRequest = (method: string, path: string, init: Record<string, unknown>) => Promise<{ data?: unknown; response: Response }>;

/** What an operation that answers with a file (a proposal PDF) gives: the bytes and the name the server chose. */
export class DownloadedFile {
  constructor(
    readonly blob: Blob,
    readonly fileName: string,
  ) {}
}

/** The file name of a Content-Disposition header ('attachment; filename="x.pdf"'), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

export function createRun(client: ApiClient): Run {
  const request = client.request.bind(client) as unknown as RawRequest;
  return async (operationId, args = {}) => {
    const operation: { method: string; path: string; file?: boolean } = OPERATIONS[operationId];
    const { data, response } = await request(operation.method.toLowerCase(), operation.path, {
      params: { path: args.params ?? {}, query: args.query ?? {} },
      ...(args.body === undefined ? {} : { body: args.body }),
      ...(args.signal ? { signal: args.signal } : {}),
      ...(operation.file ? { parseAs: 'blob' } : {}),
    });
    if (operation.file && data instanceof Blob) {
      return new DownloadedFile(data, fileNameOf(response.headers.get('content-disposition'), `${operationId}.pdf`)) as unknown as SuccessOf<typeof operationId>;
    }
    return data as SuccessOf<typeof operationId>;
  };
}

/** Whether a name from a definition is an operation of the contract (definitions are data, checked at run time). */
export function isOperationId(name: string): name is OperationId {
  return Object.hasOwn(OPERATIONS, name);
}

/** Arguments of an operation named by a definition: their shape is the contract's, checked by the server. */
export interface NamedRunArgs {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Runs an operation a definition names. Its arguments come from json-logic over rows and records, so
 * they are checked by the server's contract validation rather than by the compiler; an operation the
 * contract does not have is refused here with its name.
 */
export function runNamed(run: Run, operationId: string, args: NamedRunArgs = {}): Promise<unknown> {
  if (!isOperationId(operationId)) return Promise.reject(new Error(`The operation ${operationId} is not available in this version.`));
  return (run as (id: string, args: NamedRunArgs) => Promise<unknown>)(operationId, args);
}
