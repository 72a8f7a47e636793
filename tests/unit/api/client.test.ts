import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { createApiClient, TIMEZONE_HEADER } from '../../../api/client.ts';
import { GENERAL_ERRORS, LOGIN_ERRORS } from '../../../api/error-catalogue.ts';
import { createMemoryTokenStore } from '../../../api/token-store.ts';

const BASE = 'http://console.test';
const NOW = 1_800_000_000;

/** An unsigned JWT-shaped token; the client only reads `exp`. */
function jwt(exp: number, id = 'a'): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: id, exp })}.sig`;
}

type Route = (request: Request) => Response | Promise<Response>;

function fakeServer(route: Route) {
  const seen: Request[] = [];
  const fetch = vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push(request.clone());
    return route(request);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(route: Route, tokens = createMemoryTokenStore({ accessToken: jwt(NOW + 900), refreshToken: 'r1' })) {
  const server = fakeServer(route);
  const events = { serverTrouble: vi.fn(), serverError: vi.fn(), sessionExpired: vi.fn() };
  const client = createApiClient({ baseUrl: BASE, tokens, events, fetch: server.fetch, now: () => NOW, timeZone: () => 'Europe/London' });
  return { client, server, events, tokens };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('headers', () => {
  test('a protected call carries the bearer token and the timezone header', async () => {
    const { client, server, tokens } = setup(() => json(200, { v: '1' }));
    await client.GET('/api/auth/v1/me');
    const request = server.seen[0]!;
    expect(request.headers.get('authorization')).toBe(`Bearer ${tokens.getAccessToken()}`);
    expect(request.headers.get(TIMEZONE_HEADER)).toBe('Europe/London');
  });

  test('a public auth call carries no token, but the timezone header', async () => {
    const { client, server } = setup(() => json(200, { accessToken: 'a', refreshToken: 'b', expiresIn: 1, refreshExpiresIn: 1 }));
    await client.POST('/api/auth/v1/login', { body: { username: 'a@b.example', password: 'x' } });
    expect(server.seen[0]!.headers.get('authorization')).toBeNull();
    expect(server.seen[0]!.headers.get(TIMEZONE_HEADER)).toBe('Europe/London');
  });
});

describe('background refresh', () => {
  test('shortly before expiry both tokens are replaced before the call goes out', async () => {
    const fresh = jwt(NOW + 900, 'fresh');
    const { client, server, tokens } = setup(
      (request) => new URL(request.url).pathname === '/api/auth/v1/token/refresh'
        ? json(200, { accessToken: fresh, refreshToken: 'r2', expiresIn: 900, refreshExpiresIn: 3600 })
        : json(200, { v: '1' }),
      createMemoryTokenStore({ accessToken: jwt(NOW + 30), refreshToken: 'r1' }),
    );
    await client.GET('/api/auth/v1/me');
    expect(server.seen.map((r) => new URL(r.url).pathname)).toEqual(['/api/auth/v1/token/refresh', '/api/auth/v1/me']);
    expect(await server.seen[0]!.json()).toEqual({ refreshToken: 'r1' });
    expect(server.seen[0]!.headers.get('authorization')).toBeNull();
    expect(server.seen[1]!.headers.get('authorization')).toBe(`Bearer ${fresh}`);
    expect(tokens.getAccessToken()).toBe(fresh);
    expect(tokens.getRefreshToken()).toBe('r2');
  });

  test('concurrent calls share one refresh (a rotated token is never presented twice)', async () => {
    let refreshes = 0;
    const { client } = setup(
      (request) => {
        if (new URL(request.url).pathname.endsWith('/token/refresh')) {
          refreshes += 1;
          return json(200, { accessToken: jwt(NOW + 900), refreshToken: `r${refreshes + 1}`, expiresIn: 900, refreshExpiresIn: 1 });
        }
        return json(200, {});
      },
      createMemoryTokenStore({ accessToken: jwt(NOW - 1), refreshToken: 'r1' }),
    );
    await Promise.all([client.GET('/api/auth/v1/me'), client.GET('/api/auth/v1/permissions/map'), client.GET('/api/console-version')]);
    expect(refreshes).toBe(1);
  });

  test('a 401 triggers one refresh and the call is replayed with its body', async () => {
    let calls = 0;
    const { client, server } = setup(async (request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/token/refresh')) return json(200, { accessToken: jwt(NOW + 900, 'new'), refreshToken: 'r2', expiresIn: 900, refreshExpiresIn: 1 });
      calls += 1;
      return calls === 1 ? json(401, { message: 'expired' }) : new Response(null, { status: 204 });
    });
    await client.POST('/api/auth/v1/mfa/verify', { body: { mfa1: '123456' } });
    const replayed = server.seen[2]!;
    expect(new URL(replayed.url).pathname).toBe('/api/auth/v1/mfa/verify');
    expect(await replayed.json()).toEqual({ mfa1: '123456' });
  });

  test('a 401 on a public auth call is not retried', async () => {
    const { client, server } = setup(() => json(401, { message: 'Invalid credentials. Please try again.' }));
    const error = await rejection(client.POST('/api/auth/v1/login', { body: { username: 'a@b.example', password: 'x' } }));
    expect(error.message).toBe('Invalid credentials. Please try again.');
    expect(server.seen).toHaveLength(1);
  });

  test('a 401 on a protected call refreshes once and replays the request', async () => {
    let calls = 0;
    const { client, server } = setup((request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/token/refresh')) return json(200, { accessToken: jwt(NOW + 900, 'new'), refreshToken: 'r2', expiresIn: 900, refreshExpiresIn: 1 });
      calls += 1;
      return calls === 1 ? json(401, { message: 'expired' }) : json(200, { id: 'me' });
    });
    const { data } = await client.GET('/api/auth/v1/me');
    expect(data).toEqual({ id: 'me' });
    expect(server.seen.map((r) => new URL(r.url).pathname)).toEqual(['/api/auth/v1/me', '/api/auth/v1/token/refresh', '/api/auth/v1/me']);
    expect(server.seen[2]!.headers.get('authorization')).toBe(`Bearer ${jwt(NOW + 900, 'new')}`);
  });

  test('a failed refresh of a remembered device clears the tokens and says the session expired', async () => {
    const { client, events, tokens } = setup(
      (request) => new URL(request.url).pathname.endsWith('/token/refresh') ? json(401, { message: 'no' }) : json(401, { message: 'Your session has expired. Please sign in again.' }),
      createMemoryTokenStore({ accessToken: jwt(NOW - 5), refreshToken: 'r1', rememberDevice: true }),
    );
    const error = await rejection(client.GET('/api/auth/v1/me'));
    expect(error.status).toBe(401);
    expect(events.sessionExpired).toHaveBeenCalledWith(LOGIN_ERRORS.sessionExpired);
    expect(tokens.getRefreshToken()).toBeNull();
  });

  test('a failed refresh of a browser session expires it without the remembered-device message', async () => {
    const { client, events } = setup(
      (request) => new URL(request.url).pathname.endsWith('/token/refresh') ? json(401, {}) : json(401, {}),
      createMemoryTokenStore({ accessToken: jwt(NOW - 5), refreshToken: 'r1' }),
    );
    await rejection(client.GET('/api/auth/v1/me'));
    expect(events.sessionExpired).toHaveBeenCalledWith(null);
  });
});

describe('failures become ApiErrors with the spec message', () => {
  test("5xx: the server-trouble text and an error toast event carrying the call's details", async () => {
    const { client, events } = setup(() => json(503, { message: 'maintenance' }));
    const error = await rejection(client.GET('/api/account/v1/accounts/{id}', { params: { path: { id: 'x' } } }));
    expect(error).toMatchObject({ status: 503, message: GENERAL_ERRORS.serverTrouble });
    expect(events.serverError).toHaveBeenCalledWith(GENERAL_ERRORS.serverTrouble, {
      message: GENERAL_ERRORS.serverTrouble, status: 503, method: 'GET', url: '/api/account/v1/accounts/x', query: [], data: { message: 'maintenance' },
    });
    expect(events.serverTrouble).not.toHaveBeenCalled();
  });

  test.each([500, 502])('%i on an auth path raises the server-trouble event', async (status) => {
    const { client, events } = setup(() => json(status, {}));
    await rejection(client.GET('/api/auth/v1/me'));
    expect(events.serverTrouble).toHaveBeenCalledWith('Oops!! Something is Wrong with our Server. Please Try Again after Few Minutes!');
  });

  test('503 on an auth path raises no server-trouble event', async () => {
    const { client, events } = setup(() => json(503, {}));
    await rejection(client.GET('/api/auth/v1/me'));
    expect(events.serverTrouble).not.toHaveBeenCalled();
  });

  test('login statuses keep their status and body for the page (307 carries mfaType)', async () => {
    const { client } = setup(() => json(307, { mfaType: 'EMAIL', message: 'Code sent' }));
    const error = await rejection(client.POST('/api/auth/v1/login', { body: { username: 'a@b.example', password: 'x' } }));
    expect(error.status).toBe(307);
    expect(error.body).toEqual({ mfaType: 'EMAIL', message: 'Code sent' });
    expect(error.message).toBe('Code sent');
  });

  test('detail with a bracket prefix, joined details, text bodies, fallback', async () => {
    const answers = [
      json(400, { detail: '[AUTH-9] Token invalid' }),
      json(400, { errors: [{ detail: 'a' }, { detail: 'b' }] }),
      new Response('Plain failure', { status: 404 }),
      new Response(null, { status: 418 }),
    ];
    const { client } = setup(() => answers.shift()!);
    const messages = [];
    for (let i = 0; i < 4; i += 1) messages.push((await rejection(client.GET('/api/console-version'))).message);
    expect(messages).toEqual(['Token invalid', 'a, b', 'Plain failure', GENERAL_ERRORS.fallback]);
  });

  test("a cancelled call rejects with 'Request Cancelled'", async () => {
    const { client } = setup((request) => new Promise((_resolve, reject) => {
      const abort = () => reject(new DOMException('aborted', 'AbortError'));
      if (request.signal.aborted) abort();
      request.signal.addEventListener('abort', abort);
    }));
    const controller = new AbortController();
    const pending = client.GET('/api/console-version', { signal: controller.signal });
    controller.abort();
    const error = await rejection(pending);
    expect(error).toMatchObject({ message: 'Request Cancelled', cancelled: true });
  });

  test('a network failure rejects with the default API error text', async () => {
    const { client } = setup(() => {
      throw new TypeError('fetch failed');
    });
    expect((await rejection(client.GET('/api/console-version'))).message).toBe('An issue occurred with this request');
  });
});
