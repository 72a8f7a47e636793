/**
 * What the expandable error notification shows about a failed call (spec 001 section 2: message, response
 * data, method, URL and query parameters). The URL is the path only: the origin is the console's own, and
 * the query is listed apart so a long search reads one parameter per line.
 */
export interface RequestFailure {
  message: string;
  status: number;
  method: string;
  url: string;
  query: Array<[string, string]>;
  data: unknown;
}

export function requestFailureOf(request: Request, status: number, message: string, data: unknown): RequestFailure {
  const url = new URL(request.url);
  return { message, status, method: request.method, url: url.pathname, query: [...url.searchParams.entries()], data };
}
