import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { issuedPolicy } from './support/policy-fixtures.ts';
import { clientOf, p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { PDFParse } from 'pdf-parse';

/**
 * The binders and policies of the agencies an organisation oversees (spec 002 section 3: carrier, cluster and
 * digital-agent binders): a cluster sees its member agencies', a digital agency its partner agencies', a
 * carrier its appointed agencies'; nobody sees an agency it does not oversee; an overseer opens those records
 * but changes none (changes keep the tenant rule), and an agency or a policyholder sees what it saw before.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const TODAY = '2026-11-23';
const UK = 'console.example.uk';
const USERS = {
  admin: 'admin@provider.example', agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example',
  cluster: 'cluster@cluster.example', carrier: 'carrier@carrier.example', da: 'da@aggregator.example', mssp: 'mssp@mssp.example',
  policyholder: 'policyholder@insured.example',
};

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const accountOfType = async (type: string) => (await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE account_type = $1 ORDER BY created_at LIMIT 1', [type]))[0]!.id;
const agencyNamed = async (name: string) => (await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [name]))[0]!.id;

/** A quote of the agency's new client, made Ready and bound, not issued: a binder. */
async function binderOf(caller: string, agency: string, client: string): Promise<string> {
  const account = await clientOf(t, agency, client, { edition: 'us', state: 'CO', zip: '80202', industry: '541512', revenue: 4_000_000 });
  const created = await call(caller, 'POST', '/api/quote/v1/create', p250Request(account, 'us', 'CO', TODAY));
  expect(created.statusCode, created.body).toBe(201);
  await t.db.query(`UPDATE quotes SET status = 'READY' WHERE id = $1`, [created.json().id]);
  const bound = await call(caller, 'PUT', `/api/quote/v1/${created.json().id}/bind`,
    { customerFirstName: 'Dana', customerLastName: 'Reyes', customerEmail: 'dana@client.example', customerPhone: '3035550111' });
  expect(bound.statusCode, bound.body).toBe(200);
  return created.json().id as string;
}

const listed = async (caller: string, what: 'binders' | 'policies', host?: string) => {
  const url = what === 'binders' ? '/api/quote/v1/overseen/binders?size=100' : '/api/policy/v1/overseen/policies?size=100';
  const response = await call(caller, 'GET', url, undefined, host);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().content as Json[]).map((row) => row.id as string);
};

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
  const summit = await agencyNamed('Summit Risk Partners');
  const harbor = await agencyNamed('Harbor Insurance Group');
  // Through the admin's membership forms: the cluster groups Summit, the carrier appoints and the digital agency partners with Harbor.
  for (const [path, organisation, agency] of [['cluster', 'CLUSTER', summit], ['carrier', 'CARRIER', harbor], ['da', 'DIGITAL', harbor]] as const) {
    const added = await call('admin', 'PUT', `/api/account/v1/${path}`, { organisationId: await accountOfType(organisation), agencyId: agency });
    expect(added.statusCode, added.body).toBe(200);
  }
  ids.summitBinder = await binderOf('agent', 'Summit Risk Partners', 'Aspen Ridge Outfitters LLC');
  ids.harborBinder = await binderOf('otherAgent', 'Harbor Insurance Group', 'Back Bay Bookkeeping LLC');
  const summitClient = await clientOf(t, 'Summit Risk Partners', 'Larimer Analytics Inc', { edition: 'us', state: 'CO', zip: '80202', industry: '541512', revenue: 4_000_000 });
  ids.summitPolicy = await issuedPolicy(t, call, 'agent', summitClient, { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
  const harborClient = await clientOf(t, 'Harbor Insurance Group', 'Beacon Hill Dental PC', { edition: 'us', state: 'CO', zip: '80202', industry: '541512', revenue: 4_000_000 });
  ids.harborPolicy = await issuedPolicy(t, call, 'otherAgent', harborClient, { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
  const ukClient = await clientOf(t, 'Thames Cyber Brokers', 'Southwark Surveyors Ltd', { edition: 'uk', state: null, zip: 'SE1 9GF', industry: '62020', revenue: 3_000_000 });
  ids.ukPolicy = await issuedPolicy(t, call, 'broker', ukClient, { edition: 'uk', state: 'ENG', product: 'P_ONE', today: TODAY, host: UK });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('what an organisation oversees', () => {
  it.each([
    { caller: 'cluster', sees: ['summit'], not: ['harbor', 'uk'] },
    { caller: 'carrier', sees: ['harbor'], not: ['summit', 'uk'] },
    { caller: 'da', sees: ['harbor'], not: ['summit', 'uk'] },
    { caller: 'agent', sees: ['summit'], not: ['harbor', 'uk'] },
    { caller: 'otherAgent', sees: ['harbor'], not: ['summit', 'uk'] },
    { caller: 'admin', sees: ['summit', 'harbor', 'uk'], not: [] },
  ])('$caller lists the binders and policies of $sees only', async ({ caller, sees, not }) => {
    const binders = await listed(caller, 'binders');
    const policies = await listed(caller, 'policies');
    for (const who of sees) {
      if (who !== 'uk') expect(binders, `${who} binder`).toContain(ids[`${who}Binder`]);
      expect(policies, `${who} policy`).toContain(ids[`${who}Policy`]);
    }
    for (const who of not) {
      if (who !== 'uk') expect(binders, `${who} binder`).not.toContain(ids[`${who}Binder`]);
      expect(policies, `${who} policy`).not.toContain(ids[`${who}Policy`]);
    }
  });

  it('uk: a brokerage lists its own policies', async () => {
    expect(await listed('broker', 'policies', UK)).toContain(ids.ukPolicy);
    expect(await listed('broker', 'policies', UK)).not.toContain(ids.summitPolicy);
  });

  it('opens the records it oversees, read-only: a policy, a binder and its PDF; another agency\'s stay out of reach, and nothing changes', async () => {
    const policy = await call('cluster', 'GET', `/api/policy/v1/${ids.summitPolicy}`);
    expect(policy.statusCode, policy.body).toBe(200);
    expect(policy.json()).toMatchObject({ id: ids.summitPolicy, agencyName: 'Summit Risk Partners' });
    // Only the certificate, a read like the policy itself; both PDFs print for the overseer.
    expect(policy.json()).toMatchObject({ status: 'ISSUED', actions: ['certificate'] });
    for (const file of ['document', 'certificate']) {
      const printed = await call('cluster', 'GET', `/api/policy/v1/${ids.summitPolicy}/${file}`);
      expect(printed.statusCode, `${file}: ${printed.body.slice(0, 200)}`).toBe(200);
      expect(printed.headers['content-type']).toBe('application/pdf');
      expect((await new PDFParse({ data: new Uint8Array(printed.rawPayload) }).getText()).text).toContain('Larimer Analytics Inc');
      expect((await call('cluster', 'GET', `/api/policy/v1/${ids.harborPolicy}/${file}`)).statusCode).toBe(404);
      expect((await call('carrier', 'GET', `/api/policy/v1/${ids.ukPolicy}/${file}`)).statusCode).toBe(404);
    }
    const binder = await call('carrier', 'GET', `/api/quote/v1/${ids.harborBinder}`);
    expect(binder.statusCode, binder.body).toBe(200);
    expect(binder.json()).toMatchObject({ id: ids.harborBinder, status: 'BOUND' });
    expect(binder.json().rating?.trace).toBeUndefined();
    const pdf = await call('da', 'GET', `/api/quote/v1/${ids.harborBinder}/binder`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Not theirs: an agency they do not oversee, and the other edition.
    expect((await call('cluster', 'GET', `/api/policy/v1/${ids.harborPolicy}`)).statusCode).toBe(404);
    expect((await call('carrier', 'GET', `/api/quote/v1/${ids.summitBinder}`)).statusCode).toBe(404);
    expect((await call('carrier', 'GET', `/api/policy/v1/${ids.ukPolicy}`)).statusCode).toBe(404);
    // Opening is all: changes keep to the tenant rule.
    expect((await call('carrier', 'POST', `/api/policy/v1/generate/${ids.harborBinder}`)).statusCode).toBe(403);
    expect([403, 404]).toContain((await call('cluster', 'PUT', `/api/policy/v1/description/${ids.summitPolicy}`, { checkInMail: true })).statusCode);
    expect([403, 404]).toContain((await call('cluster', 'POST', `/api/quote/v1/${ids.summitBinder}/notes`, { note: 'x' })).statusCode);
  });

  it('is refused to those who read no policies, and a policyholder sees only its own', async () => {
    expect((await call('mssp', 'GET', '/api/policy/v1/overseen/policies')).statusCode).toBe(403);
    const own = await listed('policyholder', 'policies');
    expect(own).not.toContain(ids.summitPolicy);
    expect(own).not.toContain(ids.harborPolicy);
  });

  it('filters and searches on the server, by the agency among others', async () => {
    const byName = (await call('carrier', 'GET', '/api/policy/v1/overseen/policies?search=Beacon%20Hill')).json().content as Json[];
    expect(byName.map((row) => row.id)).toEqual([ids.harborPolicy]);
    expect(byName[0]).toMatchObject({ agencyName: 'Harbor Insurance Group', companyName: 'Beacon Hill Dental PC' });
    const rescinded = (await call('cluster', 'GET', '/api/quote/v1/overseen/binders?status=RESCIND')).json().content as Json[];
    expect(rescinded.map((row) => row.id)).not.toContain(ids.summitBinder);
  });
});
