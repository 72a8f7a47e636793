import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { plusMoney } from '../../engine/index.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { issuedPolicy, quotableAcme } from './support/policy-fixtures.ts';

/**
 * Excess and ad-hoc excess (spec 002 'Policy actions': issue or rescind excess and ad-hoc excess; section 7
 * PUT P250/excess/cancel/{id}): provider staff issue a rated layer above a Prime 250 policy (the Prime 250
 * Excess product, attaching above the policy's limit) or an ad-hoc one priced by hand; each adds its premium
 * to what the payer owes, and rescinding gives it back.
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

const policyOf = async () => (await call('admin', 'GET', `/api/policy/v1/${policyId}`)).json() as Json;
const layersOf = async (caller = 'admin') => (await call(caller, 'GET', `/api/policy/v1/excess/${policyId}`)).json() as Json;

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

describe('excess layers', () => {
  it('offers the excess product\'s limits above a 1M policy and prices one before it is issued', async () => {
    const limits = (await call('admin', 'GET', `/api/policy/v1/excess/${policyId}/limits`)).json() as Json[];
    expect(limits.map((limit) => limit.value)).toEqual(expect.arrayContaining([1_000_000, 5_000_000]));
    const preview = await call('admin', 'GET', `/api/policy/v1/excess/${policyId}/premium?layerLimit=5000000`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ attachment: 1_000_000, currency: 'USD' });
    expect(Number(preview.json().totalPremium)).toBeGreaterThan(0);
  });

  it('issues a rated layer for provider staff only; the payer owes its premium; one layer per attachment', async () => {
    expect((await call('agent', 'POST', `/api/policy/v1/excess/${policyId}`, { policyId, layerLimit: 5_000_000 })).statusCode).toBe(403);
    const odd = await call('admin', 'POST', `/api/policy/v1/excess/${policyId}`, { policyId, layerLimit: 1_234_567 });
    expect(odd.json().errors).toEqual([expect.objectContaining({ field: 'layerLimit', message: 'Choose one of the excess limits the product offers.' })]);

    const before = await policyOf();
    const preview = (await call('admin', 'GET', `/api/policy/v1/excess/${policyId}/premium?layerLimit=5000000`)).json() as Json;
    const issued = await call('admin', 'POST', `/api/policy/v1/excess/${policyId}`, { policyId, layerLimit: 5_000_000 });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().message).toMatch(new RegExp(`^Excess layer X-2026-\\d{6} issued above policy ${before.policyNumber}\\.$`));
    const after = await policyOf();
    expect(after.totalPremium).toBe(plusMoney(before.totalPremium, preview.totalPremium));
    expect(after.events.at(-1)).toMatchObject({ action: 'excess', detail: { kind: 'EXCESS', layerLimit: 5_000_000, attachment: 1_000_000 } });
    const layers = await layersOf();
    expect(layers.content).toEqual([expect.objectContaining({ kind: 'EXCESS', status: 'ISSUED', layerLimit: 5_000_000, attachment: 1_000_000, totalPremium: preview.totalPremium })]);
    // The agency reads the layers of its own policy, another agency does not.
    expect((await layersOf('agent')).totalElements).toBe(1);
    expect((await call('otherAgent', 'GET', `/api/policy/v1/excess/${policyId}`)).statusCode).toBe(404);

    const again = await call('admin', 'POST', `/api/policy/v1/excess/${policyId}`, { policyId, layerLimit: 2_000_000 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The policy already has an excess layer in force at this attachment.');
  });

  it('issues an ad-hoc layer at an attachment of the underwriter\'s choosing, never below the policy\'s limit', async () => {
    const low = await call('admin', 'POST', `/api/policy/v1/adhoc-excess/${policyId}`, { policyId, layerLimit: 2_500_000, attachment: 500_000, premium: 1850, reason: 'Quota share' });
    expect(low.json().errors).toEqual([expect.objectContaining({ field: 'attachment', message: 'An excess layer attaches at or above the policy\'s limit.' })]);
    const missing = await call('admin', 'POST', `/api/policy/v1/adhoc-excess/${policyId}`, { policyId, layerLimit: 2_500_000, attachment: 6_000_000 });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Layer Premium is a required field');
    const before = await policyOf();
    const done = await call('admin', 'POST', `/api/policy/v1/adhoc-excess/${policyId}`, { policyId, layerLimit: 2_500_000, attachment: 6_000_000, premium: 1850.5, reason: 'Above the client\'s other excess tower' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await policyOf()).totalPremium).toBe(plusMoney(before.totalPremium, '1850.50'));
    expect((await layersOf()).content[0]).toMatchObject({ kind: 'AD_HOC', attachment: 6_000_000, premium: '1850.50', reason: 'Above the client\'s other excess tower' });
  });

  it('rescinds a layer from inception, giving its premium back, once', async () => {
    const [adHoc] = (await layersOf()).content as Json[];
    const before = await policyOf();
    expect((await call('agent', 'PUT', `/api/policy/v1/P250/excess/cancel/${adHoc!.id}`, {})).statusCode).toBe(403);
    const rescinded = await call('admin', 'PUT', `/api/policy/v1/P250/excess/cancel/${adHoc!.id}`, { reason: 'Tower placed elsewhere' });
    expect(rescinded.statusCode, rescinded.body).toBe(200);
    expect(rescinded.json().message).toBe(`Excess layer ${adHoc!.layerNumber} was rescinded; its premium is given back in full.`);
    expect((await policyOf()).totalPremium).toBe(plusMoney(before.totalPremium, '-1850.50'));
    expect((await layersOf()).content[0]).toMatchObject({ status: 'RESCINDED', rescindReason: 'Tower placed elsewhere' });
    expect((await call('admin', 'PUT', `/api/policy/v1/P250/excess/cancel/${adHoc!.id}`, {})).statusCode).toBe(409);
  });

  it('puts each layer\'s premium, and a rescinded layer\'s return, on the agency\'s commission statement', async () => {
    const policy = await policyOf();
    const statement = (await call('agent', 'GET', `/api/commissions/v1/statements?search=${policy.policyNumber}&lineType=Excess&size=100`)).json() as Json;
    const lines = (statement.content as Json[]).map((line) => [line.commissionablePremium, line.commissionsAmount]).sort();
    const layers = (await layersOf()).content as Json[];
    const rate = Number((statement.content as Json[])[0]!.commissionRate) / 100;
    const commission = (premium: string) => (Math.round(Number(premium) * rate * 100) / 100).toFixed(2);
    const expected = [
      ...layers.map((layer) => [layer.premium, commission(layer.premium)]),
      ...layers.filter((layer) => layer.status === 'RESCINDED').map((layer) => [`-${layer.premium}`, `-${commission(layer.premium)}`]),
    ].sort();
    expect(lines).toEqual(expected);
  });
});
