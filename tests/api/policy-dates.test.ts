import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { addDays, movedPeriod } from '../../engine/index.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { issuedPolicy, quotableAcme } from './support/policy-fixtures.ts';

/**
 * Moving a policy's dates (spec 002 section 7: PUT nonpremium/{policyId}/date): provider staff set right a
 * start day bound in error; the period keeps its length and the premium does not change; the day falls in the
 * coverage start window; a policy priced on its dates since (endorsed, excess above it, renewal quoted) keeps them.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const TODAY = '2026-11-23';
let policyId: string;

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const policyOf = async (id: string) => (await call('admin', 'GET', `/api/policy/v1/${id}`)).json() as Json;
const move = (effectiveDate: string, caller = 'admin') => call(caller, 'PUT', `/api/policy/v1/nonpremium/${policyId}/date`, { effectiveDate });

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  const users = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', admin: 'admin@provider.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  policyId = await issuedPolicy(t, call, 'agent', await quotableAcme(t), { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('policy dates', () => {
  it('is the provider\'s to make, on a policy within reach', async () => {
    expect((await move(addDays(TODAY, 20), 'agent')).statusCode).toBe(403);
    expect((await call('admin', 'PUT', '/api/policy/v1/nonpremium/00000000-0000-4000-8000-000000000000/date', { effectiveDate: TODAY })).statusCode).toBe(404);
  });

  it.each([
    { name: 'a day more than 7 days back', day: addDays(TODAY, -8), text: 'The new effective date must be between 11/16/2026 and 02/06/2027.' },
    { name: 'a day more than 75 days ahead', day: addDays(TODAY, 76), text: 'The new effective date must be between 11/16/2026 and 02/06/2027.' },
  ])('refuses $name with the window on the field', async ({ day, text }) => {
    const refused = await move(day);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'effectiveDate', message: text }]);
  });

  it('refuses the day the policy already starts on', async () => {
    const refused = await move((await policyOf(policyId)).effectiveDate);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The policy already starts on this day.');
  });

  it('moves the whole period, keeps the premium, and puts the policy in force when the new day has come', async () => {
    const before = await policyOf(policyId);
    expect(before.status).toBe('ISSUED');
    const day = addDays(TODAY, -3);
    const expected = movedPeriod({ effectiveDate: before.effectiveDate, endDate: before.endDate }, day);
    const moved = await move(day);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toMatch(new RegExp(`^Policy ${before.policyNumber} now runs from .+ The premium does not change\\.$`));
    const after = await policyOf(policyId);
    expect(after).toMatchObject({ ...expected, status: 'ACTIVE', premium: before.premium, totalPremium: before.totalPremium });
    expect(after.events.at(-1)).toMatchObject({ action: 'policyDates', fromStatus: 'ISSUED', toStatus: 'ACTIVE', detail: { from: { effectiveDate: before.effectiveDate }, to: expected } });
    const [latest] = ((await call('agent', 'GET', `/api/policy/v1/revisions?policyId=${policyId}`)).json() as Json).content as Json[];
    expect(latest).toMatchObject({ kind: 'NON_PREMIUM', premiumChange: '0.00', description: expect.stringContaining(`Policy period: ${expected.effectiveDate} to ${expected.endDate}`) });
    const [audit] = await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM audit_log WHERE action = 'policy.policyDates' AND target = $1`, [policyId]);
    expect(audit!.n).toBe('1');
  });

  it('keeps the dates of a policy endorsed since issue', async () => {
    const policy = await policyOf(policyId);
    const endorsed = await call('agent', 'POST', `/api/policy/v1/endorsement/${policyId}`, { policyId, endorsementDate: TODAY, aggLimit: 2_000_000, deductible: Number(policy.deductible) });
    expect(endorsed.statusCode, endorsed.body).toBe(200);
    const refused = await move(addDays(TODAY, 5));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('An endorsed policy keeps its dates: revert its endorsements first.');
  });
});
