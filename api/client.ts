/**
 * The typed API client: openapi-fetch over the generated contract types, with one middleware that
 * - adds the bearer access token (never on the public auth paths) and the timezone header,
 * - refreshes the access token in the background shortly before it expires (and once after a 401),
 *   replacing both tokens,
 * - turns every failure into an ApiError carrying the spec's message, and raises the spec's events.
 * Form-data bodies need no handling here: openapi-fetch sets no JSON content type for them, and the
 * Request fills in the multipart boundary itself (the spec's "form-data requests clear the content type").
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.d.ts';
import {
  ApiError,
  AUTH_EVENT_STATUSES,
  SERVER_TROUBLE_STATUSES,
  errorForThrown,
  messageForFailure,
  readBody,
} from './api-error.ts';
import { GENERAL_ERRORS, LOGIN_ERRORS } from './error-catalogue.ts';
import { isAuthPath, isPublicCall } from './public-paths.ts';
import { readTokenExpiry, type TokenStore } from './token-store.ts';
import { requestFailureOf, type RequestFailure } from './request-failure.ts';

export type ApiClient = Client<paths>;

export const TIMEZONE_HEADER = 'X-Timezone';
export const REFRESH_PATH = '/api/auth/v1/token/refresh';
/** Refresh when the access token has less than this many seconds left. */
export const REFRESH_MARGIN_SECONDS = 60;

export interface ApiClientEvents {
  /** A 500 or 502 on an auth path ('Oops!! Something is Wrong ...'). */
  serverTrouble?(message: string): void;
  /** Any 5xx answer: the page shows an error toast with this message and the call's details to expand. */
  serverError?(message: string, failure: RequestFailure): void;
  /** The refresh failed; the tokens were cleared. `message` is set when the device was remembered. */
  sessionExpired?(message: string | null): void;
}

export interface ApiClientOptions {
  baseUrl?: string;
  tokens: TokenStore;
  events?: ApiClientEvents;
  fetch?: typeof globalThis.fetch;
  /** Seconds since the epoch; injectable for tests. */
  now?: () => number;
  timeZone?: () => string;
}

interface TokenPairBody {
  accessToken?: unknown;
  refreshToken?: unknown;
  rememberDevice?: unknown;
}

let browserTimeZone: string | undefined;

/** The browser's time zone, read once per page load: asking Intl for it on every request cost each page load tens of ms. */
function defaultTimeZone(): string {
  browserTimeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return browserTimeZone;
}

function pathOf(request: Request): string {
  return new URL(request.url).pathname;
}

export function createAuthMiddleware(options: ApiClientOptions): Middleware & {
  refresh(): Promise<boolean>;
} {
  const { tokens, events = {} } = options;
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const timeZone = options.timeZone ?? defaultTimeZone;
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  /** Clones of requests with a body, so a request can be replayed after a refresh. */
  const replays = new Map<string, Request>();
  let inFlight: Promise<boolean> | null = null;

  /** One refresh at a time: concurrent callers share it, so a rotated token is never presented twice. */
  function refresh(): Promise<boolean> {
    inFlight ??= doRefresh().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function doRefresh(): Promise<boolean> {
    const refreshToken = tokens.getRefreshToken();
    if (!refreshToken) return false;
    const remembered = tokens.isRemembered();
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${REFRESH_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TIMEZONE_HEADER]: timeZone() },
        body: JSON.stringify({ refreshToken }),
      });
    } catch {
      return false; // offline: keep the tokens, the next call tries again
    }
    const body = (await readBody(response)) as TokenPairBody | undefined;
    if (response.ok && typeof body?.accessToken === 'string' && typeof body.refreshToken === 'string') {
      tokens.setTokens({ accessToken: body.accessToken, refreshToken: body.refreshToken, rememberDevice: remembered });
      return true;
    }
    if (response.status === 400 || response.status === 401) {
      tokens.clear();
      events.sessionExpired?.(remembered ? LOGIN_ERRORS.sessionExpired : null);
    }
    return false;
  }

  function needsRefresh(accessToken: string | null): boolean {
    if (!tokens.getRefreshToken()) return false;
    if (!accessToken) return true;
    const exp = readTokenExpiry(accessToken);
    return exp !== null && exp - now() < REFRESH_MARGIN_SECONDS;
  }

  function withHeaders(request: Request, path: string): Request {
    request.headers.set(TIMEZONE_HEADER, timeZone());
    if (isPublicCall(request.method, path)) {
      request.headers.delete('Authorization');
    } else {
      const accessToken = tokens.getAccessToken();
      if (accessToken) request.headers.set('Authorization', `Bearer ${accessToken}`);
    }
    return request;
  }

  async function failure(request: Request, response: Response): Promise<never> {
    const body = await readBody(response);
    const message = messageForFailure(response.status, body);
    if (SERVER_TROUBLE_STATUSES.includes(response.status) || response.status >= 500) {
      events.serverError?.(message, requestFailureOf(request, response.status, message, body));
    }
    if (AUTH_EVENT_STATUSES.includes(response.status) && isAuthPath(pathOf(request))) {
      events.serverTrouble?.(GENERAL_ERRORS.authServerEvent);
    }
    throw new ApiError(message, response.status, body);
  }

  return {
    refresh,
    async onRequest({ request, id }) {
      const path = pathOf(request);
      if (!isPublicCall(request.method, path) && needsRefresh(tokens.getAccessToken())) await refresh();
      const prepared = withHeaders(request, path);
      if (prepared.body !== null) replays.set(id, prepared.clone());
      return prepared;
    },
    async onResponse({ request, response, id }) {
      const replay = replays.get(id);
      replays.delete(id);
      if (response.ok) return undefined;
      const path = pathOf(request);
      // The access token may have been revoked or expired in flight: refresh once and replay.
      if (response.status === 401 && !isPublicCall(request.method, path) && tokens.getRefreshToken() && (await refresh())) {
        const retried = await fetchImpl(withHeaders(replay ?? request, path));
        if (retried.ok) return retried;
        return failure(request, retried);
      }
      return failure(request, response);
    },
    onError({ error, id }) {
      replays.delete(id);
      return errorForThrown(error);
    },
  };
}

/** The app's client. Every failure rejects with an ApiError whose message follows the spec's rules. */
export function createApiClient(options: ApiClientOptions): ApiClient & { refresh(): Promise<boolean> } {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const middleware = createAuthMiddleware(options);
  client.use(middleware);
  return Object.assign(client, { refresh: middleware.refresh });
}
