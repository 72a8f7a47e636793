import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { createApiClient } from '../../api/client.ts';
import { LOGIN_ERRORS } from '../../api/error-catalogue.ts';
import { createRun } from '../../api/run.ts';
import { createMemoryTokenStore } from '../../api/token-store.ts';
import { MINUTE } from '../../server/clock.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './support/test-app.ts';

/** The typed client of api/client.ts talking to the real server (through inject instead of a socket). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

function injectFetch(app: TestApp): typeof globalThis.fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const payload = request.body ? await request.text() : undefined;
    const response = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(payload !== undefined ? { payload } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers.set(name, String(value));
    return new Response(response.statusCode === 204 ? null : response.body, { status: response.statusCode, headers });
  };
}

function makeClient() {
  const tokens = createMemoryTokenStore();
  const events = { sessionExpired: vi.fn(), serverTrouble: vi.fn(), serverError: vi.fn() };
  const client = createApiClient({
    baseUrl: 'http://console.test',
    tokens,
    events,
    fetch: injectFetch(t),
    now: () => Math.floor(t.clock.now().getTime() / 1000),
  });
  return { client, tokens, events };
}

describe('the typed client against the real server', () => {
  test('sign in, read the current user, refresh in the background after expiry', async () => {
    const { client, tokens } = makeClient();
    const { data } = await client.POST('/api/auth/v1/login', { body: { username: 'agent@agency.example', password: DEMO_PASSWORD } });
    tokens.setTokens({ accessToken: data!.accessToken, refreshToken: data!.refreshToken });
    const me = await client.GET('/api/auth/v1/me');
    expect(me.data?.account.name).toBe('Summit Risk Partners');

    const firstRefresh = tokens.getRefreshToken();
    t.clock.advance(16 * MINUTE);
    const again = await client.GET('/api/auth/v1/permissions/map');
    expect(again.data?.permissions).toContain('user:read');
    expect(tokens.getRefreshToken()).not.toBe(firstRefresh);
  });

  test('login failures reach the page as ApiErrors with status and message', async () => {
    const { client } = makeClient();
    const wrong = await client.POST('/api/auth/v1/login', { body: { username: 'agent@agency.example', password: 'nope' } }).catch((e) => e);
    expect(wrong).toBeInstanceOf(ApiError);
    expect(wrong).toMatchObject({ status: 401, message: LOGIN_ERRORS.invalidCredentials });

    const mfa = await client.POST('/api/auth/v1/login', { body: { username: 'mfa@agency.example', password: DEMO_PASSWORD } }).catch((e) => e);
    expect(mfa).toMatchObject({ status: 307, body: { mfaType: 'EMAIL' } });

    const invalid = await client.POST('/api/auth/v1/login', { body: { username: 'not-an-email', password: 'x' } }).catch((e) => e);
    expect(invalid).toMatchObject({ status: 400, message: 'username must be a valid email address' });
  });

  test('a revoked session ends in sessionExpired with the remembered-device message', async () => {
    const { client, tokens, events } = makeClient();
    const { data } = await client.POST('/api/auth/v1/login', {
      body: { username: 'carrier@carrier.example', password: DEMO_PASSWORD, rememberDevice: true },
    });
    tokens.setTokens({ accessToken: data!.accessToken, refreshToken: data!.refreshToken, rememberDevice: true });
    await client.POST('/api/auth/v1/logout', { body: { refreshToken: data!.refreshToken } });
    t.clock.advance(16 * MINUTE);
    const error = await client.GET('/api/auth/v1/me').catch((e) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(events.sessionExpired).toHaveBeenCalledWith(LOGIN_ERRORS.sessionExpired);
    expect(tokens.getAccessToken()).toBeNull();
  });
});

describe('run(operationId) against the real server', () => {
  test('runs operations by id: body, query and path parameters, the answer typed by the contract; failures as ApiError', async () => {
    const { client, tokens } = makeClient();
    const run = createRun(client);
    const signedIn = await run('login', { body: { username: 'agent@agency.example', password: DEMO_PASSWORD } });
    tokens.setTokens({ accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken });

    const teams = await run('searchTeams', { query: { name: 'West' } });
    expect(teams.content.map((team) => team.name)).toEqual(['West Coast']);
    const me = await run('getCurrentUser');
    const account = await run('getAccount', { params: { id: me.account.id } });
    expect(account.name).toBe('Summit Risk Partners');

    const refused = await run('searchAuditLog').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
  });
});
