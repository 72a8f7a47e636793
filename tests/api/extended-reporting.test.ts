import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { addDays, extendedReportingPremium, plusMoney } from '../../engine/index.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { issuedPolicy, quotableAcme } from './support/policy-fixtures.ts';

/**
 * Extended reporting period (spec 002 section 7: GET P250/erp/premium/{policyId}, POST P250/erp): offered
 * once a policy ended without renewal and for ERP_PURCHASE_DAYS after; each period's premium is a share of the
 * annual premium; buying one adds it to what the payer owes; only once.
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

const offerOf = async (caller = 'agent') => (await call(caller, 'GET', `/api/policy/v1/P250/erp/premium/${policyId}`)).json() as Json;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  const users = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', policyholder: 'policyholder@insured.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  policyId = await issuedPolicy(t, call, 'agent', await quotableAcme(t), { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('extended reporting period', () => {
  it('is not offered while the policy is in force', async () => {
    const offer = await offerOf();
    expect(offer).toMatchObject({ eligible: false, reason: 'An extended reporting period can be bought once the policy has expired or been cancelled.', content: [] });
    const refused = await call('agent', 'POST', '/api/policy/v1/P250/erp', { policyId, months: 12 });
    expect(refused.statusCode).toBe(409);
  });

  it('offers the periods at their share of the annual premium once the policy expired, and sells one once', async () => {
    const policy = (await call('agent', 'GET', `/api/policy/v1/${policyId}`)).json() as Json;
    // Expired yesterday: the calendar moves it when asked.
    await t.db.query(`UPDATE policies SET effective_date = $2, end_date = $3, status = 'ACTIVE' WHERE id = $1`, [policyId, addDays(TODAY, -366), addDays(TODAY, -1)]);
    const offer = await offerOf();
    expect(offer.eligible, JSON.stringify(offer)).toBe(true);
    expect(offer.content.map((option: Json) => [option.months, option.premium])).toEqual([
      [12, extendedReportingPremium(policy.premium, 100)], [24, extendedReportingPremium(policy.premium, 150)], [36, extendedReportingPremium(policy.premium, 175)],
    ]);
    expect(offer.content[0]).toMatchObject({ startsOn: addDays(TODAY, -1), endsOn: '2027-11-22', label: expect.stringMatching(/^12 months - \$/) });

    expect((await call('otherAgent', 'POST', '/api/policy/v1/P250/erp', { policyId, months: 12 })).statusCode).toBe(404);
    expect((await call('policyholder', 'POST', '/api/policy/v1/P250/erp', { policyId, months: 12 })).statusCode).toBe(403);
    const odd = await call('agent', 'POST', '/api/policy/v1/P250/erp', { policyId, months: 18 });
    expect(odd.json().errors).toEqual([expect.objectContaining({ field: 'months', message: 'Choose one of the extended reporting periods offered.' })]);

    const bought = await call('agent', 'POST', '/api/policy/v1/P250/erp', { policyId, months: 24 });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().message).toBe(`Extended reporting period of 24 months bought for policy ${policy.policyNumber}: claims may be reported until 11/22/2028.`);
    const after = (await call('agent', 'GET', `/api/policy/v1/${policyId}`)).json() as Json;
    expect(after.status).toBe('EXPIRED');
    expect(after.totalPremium).toBe(plusMoney(policy.totalPremium, offer.content[1].premium));
    expect(after.events.at(-1)).toMatchObject({ action: 'extendedReporting', detail: { months: 24, premium: offer.content[1].premium } });

    const again = await offerOf();
    expect(again).toMatchObject({ eligible: false, reason: 'An extended reporting period was already bought for this policy.' });
    expect((await call('agent', 'POST', '/api/policy/v1/P250/erp', { policyId, months: 12 })).statusCode).toBe(409);
    // The period's premium is commissionable: a line on the agency's statement.
    const statement = (await call('agent', 'GET', `/api/commissions/v1/statements?search=${policy.policyNumber}&lineType=Extended%20Reporting`)).json() as Json;
    expect(statement.content).toEqual([expect.objectContaining({ lineType: 'Extended Reporting', commissionablePremium: offer.content[1].premium })]);
  });

  it('closes the window ERP_PURCHASE_DAYS after cover ended', async () => {
    await t.db.query('DELETE FROM policy_extended_reporting WHERE policy_id = $1', [policyId]);
    // Cover ended the day before TODAY: the last day to buy is 60 days on. Sessions expire as the days pass: sign in again.
    t.clock.set(new Date(`${addDays(TODAY, 59)}T12:00:00Z`));
    tokens.agent = (await t.tokensFor('agent@agency.example')).accessToken;
    expect((await offerOf()).eligible).toBe(true);
    t.clock.set(new Date(`${addDays(TODAY, 60)}T12:00:00Z`));
    tokens.agent = (await t.tokensFor('agent@agency.example')).accessToken;
    const late = await offerOf();
    expect(late).toMatchObject({ eligible: false, reason: 'The extended reporting period had to be bought by 01/21/2027.' });
  });
});
