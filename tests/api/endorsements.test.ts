import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { addDays, endorsementPremiumChange } from '../../engine/index.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { issuedPolicy, quotableAcme } from './support/policy-fixtures.ts';
import { clientOf } from './support/quote-fixtures.ts';

/**
 * Endorsements, revisions and revert (spec 002 'Policy actions'; section 9 'Endorsement window: 14 days back
 * and 30 days forward'; 'jumped provider users may choose any endorsement date'): a policy in force gets a new
 * limit and retention from a day in the window, is rated again and charged or refunded pro rata for the rest of
 * the term; each change is a revision; provider staff revert the latest one.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const TODAY = '2026-11-23';
const UK = 'console.example.uk';
let policyId: string;
let ukPolicyId: string;

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const policyOf = async (id: string, caller = 'agent', host?: string) => (await call(caller, 'GET', `/api/policy/v1/${id}`, undefined, host)).json() as Json;
const revisionsOf = async (id: string, caller = 'agent', host?: string) => (await call(caller, 'GET', `/api/policy/v1/revisions?policyId=${id}`, undefined, host)).json() as Json;

/** The admin jumped into the agency (spec 002: a jumped provider user may choose any endorsement date). */
async function jumpedAdmin(agencyName: string): Promise<string> {
  const [agency] = await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [agencyName]);
  const { accessToken } = await t.tokensFor('admin@provider.example');
  const issued = await t.inject({ method: 'POST', url: `/api/auth/v1/agency/${agency!.id}/jtoken`, headers: { authorization: `Bearer ${accessToken}` } });
  const entered = await t.inject({ method: 'POST', url: `/api/auth/v1/loading/${issued.json().token}` });
  return entered.json().accessToken;
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  const users = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example', admin: 'admin@provider.example', policyholder: 'policyholder@insured.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  tokens.jumped = await jumpedAdmin('Summit Risk Partners');
  policyId = await issuedPolicy(t, call, 'agent', await quotableAcme(t), { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
  const ukClient = await clientOf(t, 'Thames Cyber Brokers', 'Bermondsey Print Works Ltd', { edition: 'uk', state: null, zip: 'SE16 3UL', industry: '62020', revenue: 3_000_000 });
  ukPolicyId = await issuedPolicy(t, call, 'broker', ukClient, { edition: 'uk', state: 'GB', product: 'P_ONE', today: TODAY, host: UK });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('endorsing a policy', () => {
  it('offers the product\'s limits and retentions in the edition\'s currency', async () => {
    const limits = (await call('agent', 'GET', `/api/policy/v1/endorsement-options/${policyId}?option=limit`)).json() as Json[];
    expect(limits).toEqual(expect.arrayContaining([{ value: 2_000_000, label: '$2,000,000.00' }]));
    const retentions = (await call('broker', 'GET', `/api/policy/v1/endorsement-options/${ukPolicyId}?option=deductible`, undefined, UK)).json() as Json[];
    expect(retentions.length).toBeGreaterThan(1);
    expect(retentions[0]!.label).toMatch(/^£/);
  });

  it('previews and then charges the pro-rata change for the rest of the term; the revision and the audit keep it', async () => {
    const before = await policyOf(policyId);
    const date = before.effectiveDate > TODAY ? before.effectiveDate : TODAY;
    const ask = `endorsementDate=${date}&aggLimit=2000000&deductible=${before.deductible}`;
    const preview = await call('agent', 'GET', `/api/policy/v1/endorsement-premium/${policyId}?${ask}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const money = preview.json() as Json;
    expect(Number(money.annualPremium)).toBeGreaterThan(Number(before.premium));
    const term = { effectiveDate: before.effectiveDate, endDate: before.endDate };
    expect(money.premiumChange).toBe(endorsementPremiumChange(before.premium, money.annualPremium, term, date));

    const done = await call('agent', 'POST', `/api/policy/v1/endorsement/${policyId}`,
      { policyId, endorsementDate: date, aggLimit: 2_000_000, deductible: Number(before.deductible), description: 'New contract needs a higher limit' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toMatch(new RegExp(`^Policy ${before.policyNumber} endorsed from `));
    const after = await policyOf(policyId);
    expect(Number(after.aggLimit)).toBe(2_000_000);
    expect(after.premium).toBe(money.premium);
    expect(after.totalPremium).toBe(money.totalPremium);
    expect(after.events.at(-1)).toMatchObject({ action: 'endorse', detail: { revision: 1, premiumChange: money.premiumChange } });

    const revisions = await revisionsOf(policyId);
    expect(revisions.content.map((row: Json) => [row.label, row.revertible])).toEqual([['Endorsement 1', true], ['As issued', false]]);
    expect(revisions.content[0]).toMatchObject({ endorsementDate: date, aggLimit: 2_000_000, premiumChange: money.premiumChange, description: 'New contract needs a higher limit' });
    const [audit] = await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM audit_log WHERE action = 'policy.endorse' AND target = $1`, [policyId]);
    expect(audit!.n).toBe('1');
    // The agency's commission: the issued line stays at the written premium; the endorsement adds its own line.
    const lines = await t.db.query<{ id: string; line_type: string; commissionable_premium: string }>(
      `SELECT id, line_type, commissionable_premium::text AS commissionable_premium FROM commission_lines WHERE policy_id = $1 ORDER BY id`, [policyId]);
    expect(lines).toEqual([
      { id: `${policyId}:issued`, line_type: 'New Business', commissionable_premium: before.premium },
      { id: `${policyId}:revision:1`, line_type: 'Endorsement', commissionable_premium: money.premiumChange },
    ]);
  });

  it.each([
    { name: 'a date more than 14 days back', days: -15, field: 'endorsementDate', text: /^The endorsement date must be between / },
    { name: 'a date more than 30 days ahead', days: 31, field: 'endorsementDate', text: /^The endorsement date must be between / },
  ])('refuses $name for an agent', async ({ days, field, text }) => {
    const policy = await policyOf(policyId);
    const refused = await call('agent', 'POST', `/api/policy/v1/endorsement/${policyId}`, { policyId, endorsementDate: addDays(TODAY, days), aggLimit: 3_000_000, deductible: Number(policy.deductible) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ field, message: expect.stringMatching(text) })]);
  });

  it('refuses an option the product does not sell, the same terms again, and a date outside the policy period', async () => {
    const policy = await policyOf(policyId);
    const date = policy.effectiveDate > TODAY ? policy.effectiveDate : TODAY;
    const odd = await call('agent', 'POST', `/api/policy/v1/endorsement/${policyId}`, { policyId, endorsementDate: date, aggLimit: 1_234_567, deductible: Number(policy.deductible) });
    expect(odd.json().errors).toEqual([expect.objectContaining({ field: 'aggLimit', message: 'Choose one of the options the policy\'s product offers.' })]);
    const same = await call('agent', 'POST', `/api/policy/v1/endorsement/${policyId}`, { policyId, endorsementDate: date, aggLimit: 2_000_000, deductible: Number(policy.deductible) });
    expect(same.json().message).toBe('The limit and retention are the same as the policy has now.');
    // The policy starts in the window's future: a day before it is in the window but not in the policy period.
    expect(policy.effectiveDate > TODAY).toBe(true);
    const early = await call('agent', 'POST', `/api/policy/v1/endorsement/${policyId}`, { policyId, endorsementDate: TODAY, aggLimit: 3_000_000, deductible: Number(policy.deductible) });
    expect(early.json().errors).toEqual([expect.objectContaining({ field: 'endorsementDate', message: 'The endorsement date must fall within the policy period.' })]);
  });

  it('lets a provider user jumped into the agency choose any day of the policy period', async () => {
    const policy = await policyOf(policyId);
    const late = addDays(TODAY, 60);
    expect(late < policy.endDate).toBe(true);
    const done = await call('jumped', 'POST', `/api/policy/v1/endorsement/${policyId}`, { policyId, endorsementDate: late, aggLimit: 3_000_000, deductible: Number(policy.deductible) });
    expect(done.statusCode, done.body).toBe(200);
    const revisions = await revisionsOf(policyId);
    expect(revisions.content.map((row: Json) => row.label)).toEqual(['Endorsement 2', 'Endorsement 1', 'As issued']);
  });

  it('keeps other agencies and the policyholder out', async () => {
    expect((await call('otherAgent', 'GET', `/api/policy/v1/revisions?policyId=${policyId}`)).statusCode).toBe(404);
    expect((await call('otherAgent', 'POST', `/api/policy/v1/endorsement/${policyId}`, { policyId, endorsementDate: TODAY, aggLimit: 1_000_000, deductible: 25_000 })).statusCode).toBe(404);
    expect((await call('policyholder', 'POST', `/api/policy/v1/endorsement/${policyId}`, { policyId, endorsementDate: TODAY, aggLimit: 1_000_000, deductible: 25_000 })).statusCode).toBe(403);
  });
});

describe('reverting an endorsement', () => {
  it('is the provider\'s: the terms before the latest endorsement come back and its premium change is undone, once', async () => {
    const before = await policyOf(policyId);
    const [latest, previous] = (await revisionsOf(policyId)).content as Json[];
    expect((await call('agent', 'PUT', `/api/policy/v1/revert/${policyId}`)).statusCode).toBe(403);
    const reverted = await call('admin', 'PUT', `/api/policy/v1/revert/${policyId}`);
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json().message).toBe(`Endorsement 2 of policy ${before.policyNumber} was reverted.`);
    const after = await policyOf(policyId);
    expect(Number(after.aggLimit)).toBe(previous!.aggLimit);
    expect(Number(after.premium)).toBeCloseTo(Number(before.premium) - Number(latest!.premiumChange), 2);
    const revisions = (await revisionsOf(policyId)).content as Json[];
    expect(revisions[0]).toMatchObject({ label: 'Reverts endorsement 2', kind: 'REVERT', revertible: false, aggLimit: previous!.aggLimit });
    expect(revisions.some((row) => row.revertible)).toBe(false);
    const again = await call('admin', 'PUT', `/api/policy/v1/revert/${policyId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The policy has no endorsement to revert.');
  });

  it('endorses a UK policy in pounds and refuses a cancelled one', async () => {
    const policy = await policyOf(ukPolicyId, 'broker', UK);
    const retentions = (await call('broker', 'GET', `/api/policy/v1/endorsement-options/${ukPolicyId}?option=deductible`, undefined, UK)).json() as Json[];
    // A higher excess: the policy is charged less for the rest of the term.
    const other = retentions.find((option) => option.value > Number(policy.deductible))!;
    const date = policy.effectiveDate > TODAY ? policy.effectiveDate : TODAY;
    const done = await call('broker', 'POST', `/api/policy/v1/endorsement/${ukPolicyId}`, { policyId: ukPolicyId, endorsementDate: date, aggLimit: Number(policy.aggLimit), deductible: other.value }, UK);
    expect(done.statusCode, done.body).toBe(200);
    const revision = (await revisionsOf(ukPolicyId, 'broker', UK)).content[0] as Json;
    expect(revision).toMatchObject({ currency: 'GBP', deductible: other.value });
    expect(Number(revision.premiumChange)).toBeLessThan(0);
    await t.db.query(`UPDATE policies SET status = 'CANCELLED' WHERE id = $1`, [ukPolicyId]);
    const refused = await call('broker', 'POST', `/api/policy/v1/endorsement/${ukPolicyId}`, { policyId: ukPolicyId, endorsementDate: date, aggLimit: Number(policy.aggLimit), deductible: Number(policy.deductible) }, UK);
    expect(refused.statusCode).toBe(409);
  });
});

describe('non-premium endorsement', () => {
  it('renames the named insured and sets a mailing address without touching the premium; the PDF prints them', async () => {
    const before = await policyOf(policyId);
    const incomplete = await call('agent', 'PUT', `/api/policy/v1/nonpremium/${policyId}/insured`, { namedInsured: before.companyName, address1: 'PO Box 4410' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'city', message: 'City is a required field' })]));
    const same = await call('agent', 'PUT', `/api/policy/v1/nonpremium/${policyId}/insured`, { namedInsured: before.companyName });
    expect(same.json().message).toBe('The named insured and mailing address are the same as the policy has now.');

    const done = await call('agent', 'PUT', `/api/policy/v1/nonpremium/${policyId}/insured`,
      { namedInsured: 'Acme Precision Manufacturing Holdings LLC', address1: 'PO Box 4410', city: 'Denver', state: 'CO', zip: '80216' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(`Policy ${before.policyNumber} was updated. The premium does not change.`);
    const after = await policyOf(policyId);
    expect(after).toMatchObject({
      companyName: 'Acme Precision Manufacturing Holdings LLC', premium: before.premium, totalPremium: before.totalPremium,
      mailingAddress: { address1: 'PO Box 4410', city: 'Denver', state: 'CO', zip: '80216' },
    });
    const [latest] = (await revisionsOf(policyId)).content as Json[];
    expect(latest).toMatchObject({ kind: 'NON_PREMIUM', premiumChange: '0.00', revertible: false, description: expect.stringContaining('Named insured: Acme Precision Manufacturing Holdings LLC') });
    const pdf = await call('agent', 'GET', `/api/policy/v1/${policyId}/document`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const { PDFParse } = await import('pdf-parse');
    const text = (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text.replace(/\s+/g, ' ');
    expect(text).toContain('Acme Precision Manufacturing Holdings LLC');
    expect(text).toContain('PO Box 4410, Denver, CO 80216');
    expect((await call('otherAgent', 'PUT', `/api/policy/v1/nonpremium/${policyId}/insured`, { namedInsured: 'Nope' })).statusCode).toBe(404);
  });
});
