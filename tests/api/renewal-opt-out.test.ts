import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { POLICY_TEXTS } from '../../server/lifecycle/policies/policy-texts.ts';
import { issuedPolicy, quotableAcme } from './support/policy-fixtures.ts';
import { clientOf } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Opting out of renewal in bulk (spec 002 'opt out of renewal (single and bulk)'): the chosen policies are opted
 * out together; one out of reach, not in force or already opted out is passed over and counted, saying nothing
 * of another tenant's policy.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const TODAY = '2026-11-23';
const USERS = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example', holder: 'policyholder@insured.example' };
const UK = 'console.example.uk';

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({ method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
  const acme = await quotableAcme(t);
  ids.first = await issuedPolicy(t, call, 'agent', acme, { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
  ids.second = await issuedPolicy(t, call, 'agent', acme, { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
  const ukClient = await clientOf(t, 'Thames Cyber Brokers', 'Harbourside Dental Ltd', { edition: 'uk', state: null, zip: 'BS1 4DJ', industry: '62020', revenue: 3_000_000 });
  ids.foreign = await issuedPolicy(t, call, 'broker', ukClient, { edition: 'uk', state: 'ENG', product: 'P_ONE', today: TODAY, host: UK });
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('bulk opt-out of renewal', () => {
  it('opts the agent\'s chosen policies out together and passes over another tenant\'s without a word about it', async () => {
    const answer = await call('agent', 'POST', '/api/policy/v1/optout', { policyIds: [ids.first, ids.second, ids.foreign, ids.first] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ message: POLICY_TEXTS.optedOutInBulk(2, 1), optedOut: 2, skipped: 1 });
    // The same words as for an id that does not exist: a foreign policy is not found, not 'not in force'.
    expect(answer.json().message).toBe('2 policies opted out of renewal; 1 could not be (not found, not in force or already opted out)');
    for (const id of [ids.first, ids.second]) {
      expect((await call('agent', 'GET', `/api/policy/v1/${id}`)).json()).toMatchObject({ renewalOptedOut: true, isAutoRenewal: false });
    }
    expect((await call('broker', 'GET', `/api/policy/v1/${ids.foreign}`, undefined, UK)).json()).toMatchObject({ renewalOptedOut: false });
    const [audited] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM audit_log WHERE action = 'policy.optOut' AND target = ANY($1)`, [[ids.first, ids.second]]);
    expect(audited!.count).toBe(2);
  });

  it('a policy already opted out is passed over; an id that does not exist is counted like one out of reach', async () => {
    const answer = await call('agent', 'POST', '/api/policy/v1/optout', { policyIds: [ids.first, randomUUID()] });
    expect(answer.json()).toEqual({ message: POLICY_TEXTS.optedOutInBulk(0, 2), optedOut: 0, skipped: 2 });
  });

  it('refuses more than 100 at once, and a policyholder (who does not service policies)', async () => {
    const tooMany = await call('agent', 'POST', '/api/policy/v1/optout', { policyIds: Array.from({ length: 101 }, () => randomUUID()) });
    expect(tooMany.statusCode).toBe(400);
    expect((await call('holder', 'POST', '/api/policy/v1/optout', { policyIds: [ids.first] })).statusCode).toBe(403);
  });
});
