import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { issuedPolicy, quotableAcme } from './support/policy-fixtures.ts';

/**
 * Broker of record (spec 002 'Policy actions': broker of record; section 7 bor/{policyId}, bor-policies):
 * provider staff move a policy in force and its client account to another agency of the edition on the
 * insured's letter; the old agency loses the policy but keeps the commission it earned on issue; the change
 * is listed for both agencies.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const TODAY = '2026-11-23';
const ids: Record<string, string> = {};

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  const users = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', admin: 'admin@provider.example', policyholder: 'policyholder@insured.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  for (const row of await t.db.query<{ id: string; name: string }>(`SELECT id, name FROM accounts WHERE account_type = 'AGENCY'`)) ids[row.name] = row.id;
  ids.account = await quotableAcme(t);
  ids.policy = await issuedPolicy(t, call, 'agent', ids.account, { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const change = (body: Json, caller = 'admin') => call(caller, 'POST', `/api/policy/v1/bor/${ids.policy}`, body);

describe('broker of record', () => {
  it.each([
    { name: 'the same agency', body: () => ({ agencyId: ids['Summit Risk Partners'] }), field: 'agencyId', text: 'The policy is already with this agency.' },
    { name: 'an agency of the other edition', body: () => ({ agencyId: ids['Thames Cyber Brokers'] }), field: 'agencyId', text: 'The agency must work in the policy\'s edition.' },
    { name: 'a day outside the policy period', body: () => ({ agencyId: ids['Harbor Insurance Group'], effectiveDate: '2026-01-01' }), field: 'effectiveDate', text: 'The broker of record change must take effect within the policy period.' },
    { name: 'a letter dated after today', body: () => ({ agencyId: ids['Harbor Insurance Group'], letterDate: '2026-11-24' }), field: 'letterDate', text: 'The letter date cannot be after today.' },
    { name: 'no agency', body: () => ({ agencyId: '' }), field: 'agencyId', text: 'New Agency is a required field' },
  ])('refuses $name with a sentence on the field', async ({ body, field, text }) => {
    const policy = (await call('admin', 'GET', `/api/policy/v1/${ids.policy}`)).json() as Json;
    const refused = await change({ effectiveDate: policy.effectiveDate, letterDate: TODAY, ...body() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, message: text })]));
  });

  it('is the provider\'s to make', async () => {
    expect((await change({ agencyId: ids['Harbor Insurance Group'], effectiveDate: TODAY, letterDate: TODAY }, 'agent')).statusCode).toBe(403);
  });

  it('moves the policy and its account to the new agency; the old agency loses it but keeps its commission on issue', async () => {
    const before = (await call('admin', 'GET', `/api/policy/v1/${ids.policy}`)).json() as Json;
    const effectiveDate = before.effectiveDate as string;
    // The account's agent and team are the old agency's people.
    const [details] = await t.db.query<{ account_id: string }>(
      `UPDATE account_details SET agent_user_id = (SELECT id FROM users WHERE email = 'agent@agency.example'),
         team_id = (SELECT id FROM teams WHERE account_id = $2 ORDER BY name LIMIT 1) WHERE account_id = $1 RETURNING account_id`,
      [ids.account, ids['Summit Risk Partners']]);
    expect(details).toBeDefined();
    const moved = await change({ agencyId: ids['Harbor Insurance Group'], effectiveDate, letterDate: TODAY, reason: 'Insured appointed a new broker' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toMatch(new RegExp(`^Policy ${before.policyNumber} moved to Harbor Insurance Group as broker of record from `));

    expect((await call('agent', 'GET', `/api/policy/v1/${ids.policy}`)).statusCode).toBe(404);
    const theirs = await call('otherAgent', 'GET', `/api/policy/v1/${ids.policy}`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ agencyName: 'Harbor Insurance Group' });
    expect(theirs.json().events.at(-1)).toMatchObject({ action: 'brokerOfRecord', detail: { fromAgency: 'Summit Risk Partners', toAgency: 'Harbor Insurance Group' } });
    const [account] = await t.db.query<{ agency_id: string }>('SELECT agency_id FROM accounts WHERE id = $1', [ids.account]);
    expect(account!.agency_id).toBe(ids['Harbor Insurance Group']);
    // The account no longer names the old agency's agent and team to the new agency (none was chosen here).
    const listed = (await call('otherAgent', 'GET', '/api/account/v1/accounts?size=100')).json() as Json;
    const shown = (listed.content as Json[]).find((row) => row.id === ids.account);
    expect(shown).toMatchObject({ agencyName: 'Harbor Insurance Group', agentUserId: null, agentName: null, teamId: null });

    // The commission earned on issue stays with the agency that wrote the policy.
    const [line] = await t.db.query<{ agency_id: string }>(`SELECT agency_id FROM commission_lines WHERE id = $1`, [`${ids.policy}:issued`]);
    expect(line!.agency_id).toBe(ids['Summit Risk Partners']);
    const [audit] = await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM audit_log WHERE action = 'policy.brokerOfRecord' AND target = $1`, [ids.policy]);
    expect(audit!.n).toBe('1');
  });

  it('lists the change for both agencies and provider staff, and for nobody else', async () => {
    for (const caller of ['admin', 'agent', 'otherAgent']) {
      const list = (await call(caller, 'GET', `/api/policy/v1/bor-policies?policyId=${ids.policy}`)).json() as Json;
      expect(list.totalElements, caller).toBe(1);
      expect(list.content[0]).toMatchObject({ fromAgencyName: 'Summit Risk Partners', toAgencyName: 'Harbor Insurance Group', letterDate: TODAY, reason: 'Insured appointed a new broker' });
      // The agency the policy left sees the change, not the policy.
      expect(list.content[0].reachable, caller).toBe(caller !== 'agent');
    }
    const broker = (await t.tokensFor('broker@brokerage.example')).accessToken;
    const seen = await t.inject({ method: 'GET', url: `/api/policy/v1/bor-policies?policyId=${ids.policy}`, headers: { authorization: `Bearer ${broker}`, host: 'console.example.uk' } });
    expect(seen.json().totalElements).toBe(0);
  });

  it('corrects the latest change\'s dates and reason, for provider staff only, and records the correction', async () => {
    const policy = (await call('admin', 'GET', `/api/policy/v1/${ids.policy}`)).json() as Json;
    const [listed] = ((await call('admin', 'GET', `/api/policy/v1/bor-policies?policyId=${ids.policy}`)).json() as Json).content as Json[];
    expect(listed).toMatchObject({ correctable: true });
    const correct = (body: Json, caller = 'admin') => call(caller, 'PUT', `/api/policy/v1/update/BOR/${listed!.id}`, body);
    const later = policy.effectiveDate < TODAY ? TODAY : policy.effectiveDate;

    expect((await correct({ effectiveDate: later, letterDate: TODAY }, 'otherAgent')).statusCode).toBe(403);
    const outside = await correct({ effectiveDate: policy.endDate, letterDate: TODAY });
    expect(outside.statusCode, outside.body).toBe(400);
    expect(outside.json().errors).toEqual([expect.objectContaining({ field: 'effectiveDate', message: 'The broker of record change must take effect within the policy period.' })]);
    const same = await correct({ effectiveDate: listed!.effectiveDate, letterDate: listed!.letterDate, reason: listed!.reason });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Nothing to correct: the dates and reason are as recorded.');
    expect((await call('admin', 'PUT', '/api/policy/v1/update/BOR/00000000-0000-4000-8000-000000000000', { effectiveDate: later, letterDate: TODAY })).statusCode).toBe(404);

    const done = await correct({ effectiveDate: later, letterDate: '2026-11-20', reason: 'Letter dated 20 November' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toMatch(new RegExp(`^The broker of record change of policy ${policy.policyNumber} to Harbor Insurance Group now takes effect from `));
    const [after] = ((await call('otherAgent', 'GET', `/api/policy/v1/bor-policies?policyId=${ids.policy}`)).json() as Json).content as Json[];
    expect(after).toMatchObject({ effectiveDate: later, letterDate: '2026-11-20', reason: 'Letter dated 20 November', toAgencyName: 'Harbor Insurance Group' });
    const events = ((await call('admin', 'GET', `/api/policy/v1/${ids.policy}`)).json() as Json).events as Json[];
    expect(events.at(-1)).toMatchObject({ action: 'correctBrokerOfRecord', detail: { from: { letterDate: TODAY }, to: { letterDate: '2026-11-20' } } });
    const [audit] = await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM audit_log WHERE action = 'policy.correctBrokerOfRecord' AND target = $1`, [ids.policy]);
    expect(audit!.n).toBe('1');
  });

  it('leaves an older change as history once a later one moved the policy on', async () => {
    const policy = (await call('admin', 'GET', `/api/policy/v1/${ids.policy}`)).json() as Json;
    const [first] = ((await call('admin', 'GET', `/api/policy/v1/bor-policies?policyId=${ids.policy}`)).json() as Json).content as Json[];
    t.clock.set(new Date(`${TODAY}T12:01:00Z`));
    const back = await change({ agencyId: ids['Summit Risk Partners'], effectiveDate: policy.effectiveDate < TODAY ? TODAY : policy.effectiveDate, letterDate: TODAY });
    expect(back.statusCode, back.body).toBe(200);
    const listed = ((await call('admin', 'GET', `/api/policy/v1/bor-policies?policyId=${ids.policy}`)).json() as Json).content as Json[];
    expect(listed.map((row) => [row.toAgencyName, row.correctable])).toEqual([['Summit Risk Partners', true], ['Harbor Insurance Group', false]]);
    const refused = await call('admin', 'PUT', `/api/policy/v1/update/BOR/${first!.id}`, { effectiveDate: first!.effectiveDate, letterDate: TODAY });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only the policy\'s latest broker of record change, while the policy is still with that agency, can be corrected.');
  });
});

describe('accounts moved before the change reset their people', () => {
  it("lose the old agency's agent and team to the migration; an account's own agent and team stay", async () => {
    const client = async (name: string, agency: string) => {
      const [row] = await t.db.query<{ id: string }>(`INSERT INTO accounts (name, account_type, edition, agency_id, created_at) VALUES ($1, 'CUSTOMER', 'us', $2, now()) RETURNING id`, [name, ids[agency]]);
      await t.db.query(`INSERT INTO account_details (account_id, address1, city, state, zip_code, country, industry_code, modified_at) VALUES ($1, '1 Main Street', 'Denver', 'CO', '80202', 'US', '541512', now())`, [row!.id]);
      return { account_id: row!.id };
    };
    const moved = await client('Moved Earlier Dental LLC', 'Harbor Insurance Group');
    const own = await client('Stayed Put Bakery LLC', 'Summit Risk Partners');
    const summitAgent = `(SELECT id FROM users WHERE email = 'agent@agency.example')`;
    const summitTeam = `(SELECT id FROM teams WHERE account_id = '${ids['Summit Risk Partners']}' ORDER BY name LIMIT 1)`;
    // A Harbor account still naming Summit's agent and team, as a move made before the fix left it; a Summit account naming its own.
    await t.db.query(`UPDATE account_details SET agent_user_id = ${summitAgent}, team_id = ${summitTeam} WHERE account_id = ANY($1::uuid[])`, [[moved!.account_id, own!.account_id]]);
    await t.db.exec(readFileSync(new URL('../../server/resources/policy-broker-of-record/migrations/228_moved_accounts_people.sql', import.meta.url), 'utf8'));
    const rows = await t.db.query<{ account_id: string; agent_user_id: string | null; team_id: string | null }>(
      'SELECT account_id, agent_user_id, team_id FROM account_details WHERE account_id = ANY($1::uuid[])', [[moved!.account_id, own!.account_id]]);
    const byId = new Map(rows.map((row) => [row.account_id, row]));
    expect(byId.get(moved!.account_id)).toMatchObject({ agent_user_id: null, team_id: null });
    expect(byId.get(own!.account_id)!.agent_user_id).not.toBeNull();
    expect(byId.get(own!.account_id)!.team_id).not.toBeNull();
  });
});
