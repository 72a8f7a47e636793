import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The signed-in user's own preferences (spec 002 section 4 'Saved table views per user (column order,
 * visibility, density, sort) and the theme saved per user'): kept per user across sessions, held to the
 * table definitions (unknown columns dropped, unknown tables refused), forgotten on reset, never another
 * user's, in both editions' hosts.
 */
let t: TestApp;
const tokens: Record<string, string> = {};

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { ...(caller ? { authorization: `Bearer ${tokens[caller]}` } : {}), ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const QUOTES_VIEW = {
  columnOrder: ['quoteNumber', 'companyName', 'status', 'removed-column'],
  hiddenColumns: ['effectiveDate', 'removed-column'],
  density: 'comfortable',
  sort: { column: 'companyName', desc: false },
  pageSize: 50,
};

beforeAll(async () => {
  t = await startTestApp();
  for (const [name, email] of Object.entries({ agent: 'agent@agency.example', broker: 'broker@brokerage.example', admin: 'admin@provider.example' })) {
    tokens[name] = (await t.tokensFor(email)).accessToken;
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe.each([
  { edition: 'us', user: 'agent', host: undefined },
  { edition: 'uk', user: 'broker', host: 'console.example.uk' },
])('preferences ($edition)', ({ user, host }) => {
  it('start empty, keep a table view held to its definition, and forget it on reset', async () => {
    expect((await call(user, 'GET', '/api/auth/v1/me/preferences', undefined, host)).json()).toEqual({ theme: null, tableViews: {} });
    const saved = await call(user, 'PUT', '/api/auth/v1/me/preferences/table-views/agency-quotes', QUOTES_VIEW, host);
    expect(saved.statusCode, saved.body).toBe(200);
    const view = saved.json().tableViews['agency-quotes'];
    expect(view).toMatchObject({ density: 'comfortable', sort: { column: 'companyName', desc: false }, pageSize: 50, hiddenColumns: ['effectiveDate'] });
    expect(view.columnOrder.slice(0, 3)).toEqual(['quoteNumber', 'companyName', 'status']);
    expect(view.columnOrder).not.toContain('removed-column');

    // A new session reads the same view: it is the user's, not the browser's.
    const again = await t.tokensFor(user === 'agent' ? 'agent@agency.example' : 'broker@brokerage.example');
    const read = await t.inject({ method: 'GET', url: '/api/auth/v1/me/preferences', headers: { authorization: `Bearer ${again.accessToken}`, ...(host ? { host } : {}) } });
    expect(read.json().tableViews['agency-quotes']).toEqual(view);
    // Never another user's.
    expect((await call('admin', 'GET', '/api/auth/v1/me/preferences')).json().tableViews['agency-quotes']).toBeUndefined();

    const reset = await call(user, 'DELETE', '/api/auth/v1/me/preferences/table-views/agency-quotes', undefined, host);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().tableViews).toEqual({});
  });

  it('keep the theme', async () => {
    const dark = await call(user, 'PUT', '/api/auth/v1/me/preferences/theme', { theme: 'dark' }, host);
    expect(dark.statusCode, dark.body).toBe(200);
    expect(dark.json().theme).toBe('dark');
    expect((await call(user, 'GET', '/api/auth/v1/me/preferences', undefined, host)).json().theme).toBe('dark');
    expect((await call(user, 'PUT', '/api/auth/v1/me/preferences/theme', { theme: 'light' }, host)).json().theme).toBe('light');
  });
});

describe('refusals', () => {
  const cases: Array<{ name: string; method: InjectOptions['method']; url: string; body?: unknown; caller: string; status: number; message?: RegExp }> = [
    { name: 'an unknown table', method: 'PUT', url: '/api/auth/v1/me/preferences/table-views/no-such-table', body: QUOTES_VIEW, caller: 'agent', status: 404, message: /^Table not found\.$/ },
    { name: 'resetting an unknown table', method: 'DELETE', url: '/api/auth/v1/me/preferences/table-views/no-such-table', caller: 'agent', status: 404, message: /^Table not found\.$/ },
    { name: 'a table id that is no id', method: 'PUT', url: '/api/auth/v1/me/preferences/table-views/..%2Fusers', body: QUOTES_VIEW, caller: 'agent', status: 400 },
    { name: 'a theme we do not have', method: 'PUT', url: '/api/auth/v1/me/preferences/theme', body: { theme: 'sepia' }, caller: 'agent', status: 400 },
    { name: 'a view without its parts', method: 'PUT', url: '/api/auth/v1/me/preferences/table-views/agency-quotes', body: { density: 'comfortable' }, caller: 'agent', status: 400 },
    { name: 'a page size out of bounds', method: 'PUT', url: '/api/auth/v1/me/preferences/table-views/agency-quotes', body: { ...QUOTES_VIEW, pageSize: 100000 }, caller: 'agent', status: 400 },
    { name: 'no session', method: 'GET', url: '/api/auth/v1/me/preferences', caller: '', status: 401 },
  ];
  it.each(cases)('$name answers $status with a readable message', async ({ method, url, body, caller, status, message }) => {
    const response = await call(caller, method, url, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(typeof response.json().message).toBe('string');
    if (message) expect(response.json().message).toMatch(message);
  });
});
