import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

const setFlag = (accessToken: string, key: string, payload: unknown) =>
  t.inject({ method: 'PUT', url: `/api/auth/v1/feature-flags/${key}`, headers: { authorization: `Bearer ${accessToken}` }, payload: payload as object });

describe('feature flags', () => {
  test('provider staff turn a flag on; every caller reads it on the next request; the change is audited', async () => {
    const admin = await t.tokensFor('admin@provider.example');
    const before = (await t.inject({ method: 'GET', url: '/api/auth/v1/feature-flags' })).json();
    expect(before.flags['incident-banner']).toBe(false);
    const changed = await setFlag(admin.accessToken, 'incident-banner', { enabled: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().flags['incident-banner']).toBe(true);
    expect((await t.inject({ method: 'GET', url: '/api/auth/v1/feature-flags' })).json().flags['incident-banner']).toBe(true);
    const audit = await t.db.query<{ detail: unknown }>("SELECT detail FROM audit_log WHERE action = 'feature-flag.set' AND target = 'incident-banner'");
    expect(audit).toHaveLength(1);
    await setFlag(admin.accessToken, 'incident-banner', { enabled: false });
  });

  test('an agency user may not change flags', async () => {
    const agent = await t.tokensFor('agent@agency.example');
    expect((await setFlag(agent.accessToken, 'incident-banner', { enabled: true })).statusCode).toBe(403);
  });

  test('an unknown flag is 404 and a malformed body is 400 with a message', async () => {
    const admin = await t.tokensFor('admin@provider.example');
    expect((await setFlag(admin.accessToken, 'no-such-flag', { enabled: true })).statusCode).toBe(404);
    const malformed = await setFlag(admin.accessToken, 'incident-banner', { enabled: 'yes' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/enabled/);
  });
});
