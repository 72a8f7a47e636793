import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { POLICY_TEXTS } from '../../server/lifecycle/policies/policy-texts.ts';
import { clientOf, p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Spec 002 'Bind from a ready quote (agent or underwriter issue, binder with its expiry)': a provider
 * underwriter binds an agency's Ready quote and issues the policy from the binder, in both editions, each
 * audited with the underwriter as actor; an agent of another agency still reaches neither (a foreign quote is
 * a missing one).
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const TODAY = '2026-11-23';
const UK = 'console.example.uk';

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function actorOf(target: string, action: string): Promise<string[]> {
  const rows = await t.db.query<{ email: string }>(
    'SELECT u.email FROM audit_log l JOIN users u ON u.id = l.actor_user_id WHERE l.target = $1 AND l.action = $2', [target, action],
  );
  return rows.map((row) => row.email);
}

const CASES = [
  {
    edition: 'us' as const, host: undefined, agent: 'agent', agency: 'Summit Risk Partners', client: 'Aspen Grove Orthodontics LLC', state: 'CO', zip: '80202',
    industry: '541512', product: 'P250', contact: { customerFirstName: 'Nina', customerLastName: 'Alvarez', customerEmail: 'nina@aspengrove.example', customerPhone: '3035550171' },
  },
  {
    edition: 'uk' as const, host: UK, agent: 'broker', agency: 'Thames Cyber Brokers', client: 'Wharfside Opticians Ltd', state: 'ENG', zip: 'BS1 4DJ',
    industry: '62020', product: 'P_ONE', contact: { customerFirstName: 'Hugh', customerLastName: 'Pryce', customerEmail: 'hugh@wharfside.example', customerPhone: '02079460388' },
  },
];

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  const users = { underwriter: 'underwriter@provider.example', agent: 'agent@agency.example', broker: 'broker@brokerage.example', otherAgent: 'agent@otheragency.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe.each(CASES)('an underwriter binds and issues ($edition)', ({ edition, host, agent, agency, client, state, zip, industry, product, contact }) => {
  let quoteId: string;

  beforeAll(async () => {
    const accountId = await clientOf(t, agency, client, { edition, state: edition === 'us' ? state : null, zip, industry, revenue: 5_000_000 });
    const created = await call(agent, 'POST', '/api/quote/v1/create', p250Request(accountId, edition, state, TODAY, product), host);
    expect(created.statusCode, created.body).toBe(201);
    quoteId = created.json().id as string;
    await t.db.query(`UPDATE quotes SET status = 'READY' WHERE id = $1`, [quoteId]);
  });

  it("binds the agency's Ready quote as a binder with its expiry; another agency's agent finds no such quote", async () => {
    expect((await call('otherAgent', 'PUT', `/api/quote/v1/${quoteId}/bind`, contact, host)).statusCode).toBe(404);
    const bound = await call('underwriter', 'PUT', `/api/quote/v1/${quoteId}/bind`, contact, host);
    expect(bound.statusCode, bound.body).toBe(200);
    const body = bound.json() as Json;
    expect(body.message).toBe(POLICY_TEXTS.bound);
    expect(body.quote).toMatchObject({ status: 'BOUND', binderNumber: expect.stringMatching(/^B-2026-\d{6}$/), binderExpiresOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(await actorOf(quoteId, 'quote.bind')).toEqual(['underwriter@provider.example']);
  });

  it('issues the policy from the binder; another agency\'s agent may not', async () => {
    expect((await call('otherAgent', 'POST', `/api/policy/v1/generate/${quoteId}`, undefined, host)).statusCode).toBe(404);
    const issued = await call('underwriter', 'POST', `/api/policy/v1/generate/${quoteId}`, undefined, host);
    expect(issued.statusCode, issued.body).toBe(200);
    const policy = issued.json().policy as Json;
    expect(issued.json().message).toBe(POLICY_TEXTS.issued(policy.policyNumber));
    expect(policy).toMatchObject({ quoteId, agencyName: agency, companyName: client });
    expect(await actorOf(policy.id, 'policy.issue')).toEqual(['underwriter@provider.example']);
    // The agency sees the policy its quote became.
    expect((await call(agent, 'GET', `/api/policy/v1/${policy.id}`, undefined, host)).statusCode).toBe(200);
    expect((await call('otherAgent', 'GET', `/api/policy/v1/${policy.id}`, undefined, host)).statusCode).toBe(404);
  });
});
