import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { AGGREGATOR_HOSTNAME_SUFFIX } from '../../server/constants.ts';
import { listOutbox } from '../../server/mail/outbox.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import aggregatorForm from '../../definitions/forms/aggregator.json' with { type: 'json' };

/**
 * Aggregators, clusters, carriers, reinsurers, premium processors and managed security providers (spec 001
 * section 7), served by one module: the same cases run for every type (search with its parameters, choices,
 * create with the invited administrator, read, edit, remove), then each type's own rules and texts (the
 * aggregator's subdomain and fixed suffix, 'Not a valid domain name'; adding agencies to an aggregator,
 * cluster, carrier or MSSP; carrier hostnames and profiles; the MSSP's client accounts), in both editions,
 * with the tenant rule: provider staff only.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const UK_HOST = 'console.example.uk';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

interface TypeCase {
  segment: string;
  accountType: string;
  seeded: string;
  adminRole: string;
  fields: Json;
  removed: string;
}

const ADDRESS = { phone: '3035550188', address1: '1200 17th Street', city: 'Denver', state: 'CO', zipCode: '80202' };
const TYPES: TypeCase[] = [
  { segment: 'da', accountType: 'DIGITAL', seeded: 'QuoteStream Digital', adminRole: 'digital-admin', removed: 'Successfully removed the DA',
    fields: { name: 'CoverCompare Online', description: 'Comparison site for small-business cover.', subdomain: 'CoverCompare', domain: 'covercompare.example' } },
  { segment: 'cluster', accountType: 'CLUSTER', seeded: 'Mountain States Agency Cluster', adminRole: 'cluster-admin', removed: 'Successfully removed the cluster',
    fields: { name: 'Front Range Agency Alliance', description: 'Agencies along the Front Range.', ...ADDRESS } },
  { segment: 'carrier', accountType: 'CARRIER', seeded: 'Keystone Specialty Insurance Company', adminRole: 'carrier-admin', removed: 'Successfully removed the carrier',
    fields: { name: 'Summit Mutual Insurance', description: 'Regional mutual.', ...ADDRESS } },
  { segment: 'reinsurer', accountType: 'RE_INSURER', seeded: 'Atlas Re', adminRole: 'reinsurer-admin', removed: 'Successfully removed the reinsurer',
    fields: { name: 'Meridian Reinsurance', ...ADDRESS } },
  { segment: 'premiumprocessor', accountType: 'PREMIUM_PROCESSOR', seeded: 'Premium Finance Services', adminRole: 'premium-processor-admin',
    removed: 'Successfully removed the premium processor', fields: { name: 'Plains Premium Finance', ...ADDRESS } },
  { segment: 'mssp', accountType: 'MSSP', seeded: 'Sentinel Managed Security', adminRole: 'mssp-admin', removed: 'Successfully removed the managed security provider',
    fields: { name: 'Bastion Security Services', description: 'SOC as a service.', ...ADDRESS } },
];

async function accountIdOf(name: string): Promise<string> {
  const [row] = await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [name]);
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  const users = {
    admin: 'admin@provider.example', operator: 'operator@provider.example', agent: 'agent@agency.example', cluster: 'cluster@cluster.example',
    da: 'da@aggregator.example', mssp: 'mssp@mssp.example', carrier: 'carrier@carrier.example', policyholder: 'policyholder@insured.example',
    broker: 'broker@brokerage.example',
  };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  for (const name of ['Summit Risk Partners', 'Harbor Insurance Group', 'Thames Cyber Brokers', ...TYPES.map((type) => type.seeded)]) ids[name] = await accountIdOf(name);
});

afterAll(async () => {
  await t?.close();
});

describe.each(TYPES)('$segment: the same operations for every type', (type) => {
  const base = `/api/account/v1/${type.segment}`;
  const auth = `/api/auth/v1/${type.segment}`;
  let created: Json;

  it('creates it with a default team, invites the contact as its administrator, and audits it', async () => {
    const contact = { contactFirstName: 'Casey', contactLastName: 'Contact', contactEmail: `Admin.${type.segment}@neworg.example`, contactPhone: '3035550101' };
    const response = await call('admin', 'POST', auth, { ...type.fields, ...contact });
    expect(response.statusCode, response.body).toBe(201);
    created = response.json();
    expect(created).toMatchObject({ name: type.fields.name, accountType: type.accountType, edition: 'us', users: 1, agencies: 0, contactEmail: `admin.${type.segment}@neworg.example` });
    const [user] = await t.db.query<Json>(`SELECT role_id, status FROM users WHERE account_id = $1`, [created.id]);
    expect(user).toEqual({ role_id: type.adminRole, status: 'PENDING_VALIDATION' });
    const [team] = await t.db.query<Json>('SELECT name, is_default FROM teams WHERE account_id = $1', [created.id]);
    expect(team).toEqual({ name: 'Default Team', is_default: true });
    expect((await listOutbox(t.db, `admin.${type.segment}@neworg.example`))[0]?.body).toMatch(/\/confirmUser\//);
    const [entry] = await t.db.query<Json>(`SELECT detail FROM audit_log WHERE action = 'organisation.create' AND target = $1`, [created.id]);
    expect(entry!.detail).toMatchObject({ accountType: type.accountType, name: type.fields.name });
  });

  it('a contact is optional, but one with an e-mail needs both names; a taken name answers 409', async () => {
    const bare = await call('admin', 'POST', auth, { ...type.fields, name: `${type.fields.name} West`, ...(type.fields.subdomain ? { subdomain: 'coverwest' } : {}) });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json().users).toBe(0);
    const noNames = await call('admin', 'POST', auth, { ...type.fields, name: `${type.fields.name} East`, contactEmail: 'x@neworg.example' });
    expect(noNames.statusCode).toBe(400);
    expect(noNames.json().message).toBe('Unable to save your data, please try again');
    expect(noNames.json().errors.map((error: Json) => error.field)).toEqual(['contactFirstName', 'contactLastName']);
    const taken = await call('admin', 'POST', auth, { ...type.fields, name: type.fields.name.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An organisation of this type with this name already exists.');
    const noName = await call('admin', 'POST', auth, { ...type.fields, name: '  ' });
    expect(noName.json().errors[0]).toMatchObject({ field: 'name', code: 'required' });
  });

  it('searches, sorts, pages and filters by state and creation day on the server; choices list every one', async () => {
    const all = (await call('admin', 'GET', `${base}/search?size=100`)).json();
    expect(all.content.map((row: Json) => row.name)).toEqual(expect.arrayContaining([type.seeded, type.fields.name]));
    expect(all.content.every((row: Json) => row.accountType === type.accountType)).toBe(true);
    const names = all.content.map((row: Json) => row.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const desc = (await call('admin', 'GET', `${base}/search?size=100&sort=name,desc`)).json().content.map((row: Json) => row.name.toLowerCase());
    expect(desc).toEqual([...names].reverse());
    const page = (await call('admin', 'GET', `${base}/search?size=1&page=1`)).json();
    expect(page).toMatchObject({ page: 1, size: 1, totalElements: all.totalElements });
    expect((await call('admin', 'GET', `${base}/search?search=${encodeURIComponent(type.fields.name.split(' ')[0].toUpperCase())}`)).json().content.map((row: Json) => row.name))
      .toContain(type.fields.name);
    if (type.fields.state) {
      expect((await call('admin', 'GET', `${base}/search?state=CO`)).json().content.every((row: Json) => row.state === 'CO')).toBe(true);
      expect((await call('admin', 'GET', `${base}/search?state=CO`)).json().totalElements).toBeGreaterThan(0);
    }
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    const since = (await call('admin', 'GET', `${base}/search?after=${today}&before=${today}`)).json();
    expect(since.content.map((row: Json) => row.name)).toContain(type.fields.name);
    expect((await call('admin', 'GET', `${base}/search?before=2000-01-01`)).json().totalElements).toBe(0);
    expect((await call('admin', 'GET', `${base}/search?sort=description,asc`)).statusCode).toBe(400);
    const choices = (await call('admin', 'GET', base)).json().content;
    expect(choices.map((row: Json) => row.name)).toEqual(expect.arrayContaining([type.seeded, type.fields.name]));
    expect(Object.keys(choices[0]).sort()).toEqual(['id', 'name']);
  });

  it('reads and edits it (audited); another type or a missing id answers like a missing one', async () => {
    expect((await call('operator', 'GET', `${auth}/${created.id}`)).json()).toMatchObject({ id: created.id });
    const edited = await call('admin', 'PUT', `${auth}/${created.id}`, { ...type.fields, name: `${type.fields.name} Group`, description: 'Changed.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: `${type.fields.name} Group`, description: 'Changed.' });
    const [entry] = await t.db.query<Json>(`SELECT detail FROM audit_log WHERE action = 'organisation.update' AND target = $1`, [created.id]);
    expect(entry!.detail.before).toMatchObject({ name: type.fields.name });
    const other = TYPES.find((candidate) => candidate.segment !== type.segment)!;
    for (const id of [ids[other.seeded]!, MISSING_ID, ids['Summit Risk Partners']!]) {
      const response = await call('admin', 'GET', `${auth}/${id}`);
      expect(response.statusCode).toBe(404);
    }
  });

  it('only provider staff administer it; only those with organisation:write change it', async () => {
    for (const caller of ['agent', 'cluster', 'da', 'mssp', 'carrier', 'policyholder']) {
      expect((await call(caller, 'GET', `${base}/search`)).statusCode, caller).toBe(403);
      expect((await call(caller, 'POST', auth, type.fields)).statusCode, caller).toBe(403);
      expect((await call(caller, 'DELETE', `${auth}/${created.id}`)).statusCode, caller).toBe(403);
    }
    expect((await call('operator', 'GET', `${base}/search`)).statusCode).toBe(200);
    expect((await call('operator', 'PUT', `${auth}/${created.id}`, type.fields)).statusCode).toBe(403);
  });

  it('removing it disables its users and hides it from the lists; its records stay', async () => {
    const removed = await call('admin', 'DELETE', `${auth}/${created.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(type.removed);
    expect((await call('admin', 'GET', `${auth}/${created.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `${base}/search?size=100`)).json().content.map((row: Json) => row.id)).not.toContain(created.id);
    const [user] = await t.db.query<Json>('SELECT status FROM users WHERE account_id = $1', [created.id]);
    expect(user!.status).toBe('DISABLED');
    expect(await t.db.query('SELECT 1 FROM accounts WHERE id = $1', [created.id])).toHaveLength(1);
    const [entry] = await t.db.query<Json>(`SELECT detail FROM audit_log WHERE action = 'organisation.remove' AND target = $1`, [created.id]);
    expect(entry!.detail).toMatchObject({ accountType: type.accountType, usersDisabled: 1 });
    expect((await call('admin', 'DELETE', `${auth}/${created.id}`)).statusCode).toBe(404);
  });
});

describe('aggregators (DA)', () => {
  const DA = { name: 'InsureFast Online', description: 'Direct-to-business quotes.', subdomain: 'insurefast' };

  it('the hostname is the subdomain plus the fixed suffix, appended on save, and the form says so', async () => {
    const created = await call('admin', 'POST', '/api/auth/v1/da', { ...DA, subdomain: 'InsureFast' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ hostname: `insurefast${AGGREGATOR_HOSTNAME_SUFFIX}`, subdomain: 'insurefast', domain: null });
    expect(JSON.stringify(aggregatorForm.uiSchema.subdomain)).toContain(AGGREGATOR_HOSTNAME_SUFFIX);
    const taken = await call('admin', 'POST', '/api/auth/v1/da', { ...DA, name: 'Another DA' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This hostname is already in use.');
    ids.insurefast = created.json().id;
  });

  it.each([
    ['US', undefined],
    ['UK', UK_HOST],
  ])('%s: name and description are required, the subdomain is checked, the domain is empty or valid', async (_, host) => {
    const empty = await call('admin', 'POST', '/api/auth/v1/da', { subdomain: 'valid-sub' }, host);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Unable to save your data, please try again' });
    expect(empty.json().errors).toEqual([
      { field: 'name', message: 'Aggregator Name is a required field', code: 'required' },
      { field: 'description', message: 'Description is a required field', code: 'required' },
    ]);
    const badSub = await call('admin', 'POST', '/api/auth/v1/da', { ...DA, name: 'Bad Sub', subdomain: '-bad.sub' }, host);
    expect(badSub.json().errors).toEqual([{ field: 'subdomain', code: 'pattern', message: 'Hostname may only contain letters, digits and hyphens, and cannot start or end with a hyphen' }]);
    const badDomain = await call('admin', 'POST', '/api/auth/v1/da', { ...DA, name: 'Bad Domain', subdomain: 'bad-domain', domain: 'not a domain' }, host);
    expect(badDomain.json().errors).toEqual([{ field: 'domain', code: 'pattern', message: 'Not a valid domain name' }]);
    const emptyDomain = await call('admin', 'POST', '/api/auth/v1/da', { ...DA, name: `Empty Domain ${host ?? 'us'}`, subdomain: `empty-domain-${host ? 'uk' : 'us'}`, domain: '' }, host);
    expect(emptyDomain.statusCode, emptyDomain.body).toBe(201);
    expect(emptyDomain.json()).toMatchObject({ domain: null, edition: host ? 'uk' : 'us' });
  });

  it("adds an agency ('An agent must be selected.'), one aggregator per agency, the aggregator then sees it; removes it", async () => {
    const daId = ids['QuoteStream Digital']!;
    const none = await call('admin', 'PUT', '/api/account/v1/da', { organisationId: daId });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ field: 'agencyId', message: 'An agent must be selected.', code: 'required' }]);
    const added = await call('admin', 'PUT', '/api/account/v1/da', { organisationId: daId, agencyId: ids['Harbor Insurance Group'] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe('Agency added');
    expect((await call('da', 'GET', '/api/account/v1/agency/search')).json().content.map((row: Json) => row.name)).toEqual(['Harbor Insurance Group']);
    expect((await call('admin', 'PUT', '/api/account/v1/da', { organisationId: daId, agencyId: ids['Harbor Insurance Group'] })).json().message)
      .toBe('This agency is already one of its agencies.');
    const elsewhere = await call('admin', 'PUT', '/api/account/v1/da', { organisationId: ids.insurefast, agencyId: ids['Harbor Insurance Group'] });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe('This agency already belongs to the aggregator QuoteStream Digital. Remove it there first.');
    const notAnAgency = await call('admin', 'PUT', '/api/account/v1/da', { organisationId: daId, agencyId: ids['Atlas Re'] });
    expect(notAnAgency.statusCode).toBe(404);
    expect(notAnAgency.json().message).toBe('Agency not found.');

    const removed = await call('admin', 'PUT', `/api/account/v1/da/remove/agency/${ids['Harbor Insurance Group']}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('da', 'GET', '/api/account/v1/agency/search')).json().totalElements).toBe(0);
    expect((await call('admin', 'PUT', `/api/account/v1/da/remove/agency/${ids['Harbor Insurance Group']}`)).statusCode).toBe(404);
    const actions = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 AND action LIKE 'organisation.agency-%' ORDER BY id`, [daId]);
    expect(actions.map((row) => row.action)).toEqual(['organisation.agency-add', 'organisation.agency-remove']);
  });
});

describe('clusters', () => {
  it('adds an agency (an agency must be selected), removes it by PUT /cluster/remove/agency/{id}; the cluster sees only its own', async () => {
    const clusterId = ids['Mountain States Agency Cluster']!;
    const none = await call('admin', 'PUT', '/api/account/v1/cluster', { organisationId: clusterId });
    expect(none.json().errors).toEqual([{ field: 'agencyId', message: 'An agency must be selected.', code: 'required' }]);
    expect((await call('admin', 'PUT', '/api/account/v1/cluster', { organisationId: clusterId, agencyId: ids['Summit Risk Partners'] })).statusCode).toBe(200);
    expect((await call('admin', 'PUT', '/api/account/v1/cluster', { organisationId: clusterId, agencyId: ids['Thames Cyber Brokers'] }, UK_HOST)).statusCode).toBe(200);
    expect((await call('cluster', 'GET', '/api/account/v1/agency/search?sort=name,asc')).json().content.map((row: Json) => row.name))
      .toEqual(['Summit Risk Partners', 'Thames Cyber Brokers']);
    const agencies = (await call('admin', 'GET', `/api/account/v1/agency/search?organisationId=${clusterId}`)).json();
    expect(agencies.totalElements).toBe(2);
    expect((await call('admin', 'GET', `/api/auth/v1/cluster/${clusterId}`)).json().agencies).toBe(2);
    expect((await call('admin', 'PUT', `/api/account/v1/cluster/remove/agency/${ids['Thames Cyber Brokers']}`)).statusCode).toBe(200);
    expect((await call('cluster', 'GET', '/api/account/v1/agency/search')).json().content.map((row: Json) => row.name)).toEqual(['Summit Risk Partners']);
    expect((await call('cluster', 'PUT', `/api/account/v1/cluster/remove/agency/${ids['Summit Risk Partners']}`)).statusCode).toBe(403);
  });
});

describe('carriers', () => {
  it('sets a carrier hostname (checked, unique, audited) and appoints several agencies', async () => {
    const carrierId = ids['Keystone Specialty Insurance Company']!;
    const bad = await call('admin', 'PUT', `/api/auth/v1/carrier/hostname/${carrierId}`, { hostname: 'no spaces allowed' });
    expect(bad.json().errors).toEqual([{ field: 'hostname', message: 'Not a valid hostname', code: 'pattern' }]);
    const set = await call('admin', 'PUT', `/api/auth/v1/carrier/hostname/${carrierId}`, { hostname: 'Keystone.CyberConsole.example' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().hostname).toBe('keystone.cyberconsole.example');
    const [entry] = await t.db.query<Json>(`SELECT detail FROM audit_log WHERE action = 'organisation.hostname-update' AND target = $1`, [carrierId]);
    expect(entry!.detail).toMatchObject({ from: null, to: 'keystone.cyberconsole.example' });
    const reinsurer = ids['Atlas Re']!;
    expect((await call('admin', 'PUT', `/api/auth/v1/carrier/hostname/${reinsurer}`, { hostname: 'atlas.example' })).statusCode).toBe(404);

    for (const agency of ['Summit Risk Partners', 'Harbor Insurance Group']) {
      expect((await call('admin', 'PUT', '/api/account/v1/carrier', { organisationId: carrierId, agencyId: ids[agency] })).statusCode).toBe(200);
    }
    expect((await call('carrier', 'GET', '/api/account/v1/agency/search')).json().totalElements).toBe(2);
    const removed = await call('admin', 'PUT', `/api/account/v1/carrier/${carrierId}/remove/agency/${ids['Harbor Insurance Group']}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('carrier', 'GET', '/api/account/v1/agency/search')).json().content.map((row: Json) => row.name)).toEqual(['Summit Risk Partners']);
  });

  it('carrier profiles: add, list, search, edit and delete, names unique per carrier, audited', async () => {
    const carrierId = ids['Keystone Specialty Insurance Company']!;
    const profile = { carrierId, name: 'Keystone Admitted', naicCode: '10120', amBestRating: 'A', paperType: 'ADMITTED', states: ['TX', 'CO'], active: true };
    const created = await call('admin', 'POST', '/api/rater/v1/carrier', profile);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Keystone Admitted', carrierName: 'Keystone Specialty Insurance Company', states: ['CO', 'TX'], paperType: 'ADMITTED' });
    const surplus = await call('admin', 'POST', '/api/rater/v1/carrier', { ...profile, name: 'Keystone Surplus', paperType: 'SURPLUS', active: false });
    expect(surplus.statusCode).toBe(201);
    expect((await call('admin', 'POST', '/api/rater/v1/carrier', { ...profile, name: 'keystone admitted' })).statusCode).toBe(409);
    const naic = await call('admin', 'POST', '/api/rater/v1/carrier', { ...profile, name: 'Bad NAIC', naicCode: '12' });
    expect(naic.json().errors).toEqual([{ field: 'naicCode', message: 'NAIC code must be 5 digits', code: 'pattern' }]);
    const twice = await call('admin', 'POST', '/api/rater/v1/carrier', { ...profile, name: 'Twice', states: ['CO', 'CO'] });
    expect(twice.json().errors).toEqual([{ field: 'states', message: 'Each state can be chosen once', code: 'uniqueItems' }]);
    const paper = await call('admin', 'POST', '/api/rater/v1/carrier', { ...profile, name: 'No Paper', paperType: 'OTHER' });
    expect(paper.statusCode).toBe(400);
    expect((await call('admin', 'POST', '/api/rater/v1/carrier', { ...profile, name: 'Not a carrier', carrierId: ids['Atlas Re'] })).statusCode).toBe(404);

    expect((await call('admin', 'GET', '/api/rater/v1/carrier/profiles')).json().content.map((row: Json) => row.name)).toEqual(['Keystone Admitted']);
    expect((await call('admin', 'GET', '/api/rater/v1/carrier/search?paperType=SURPLUS')).json().content.map((row: Json) => row.name)).toEqual(['Keystone Surplus']);
    expect((await call('admin', 'GET', `/api/rater/v1/carrier/search?carrierId=${carrierId}&sort=name,desc`)).json().content.map((row: Json) => row.name))
      .toEqual(['Keystone Surplus', 'Keystone Admitted']);
    const id = created.json().id;
    const edited = await call('admin', 'PUT', `/api/rater/v1/carrier/${id}`, { ...profile, amBestRating: 'A+', states: ['PA'] });
    expect(edited.json()).toMatchObject({ amBestRating: 'A+', states: ['PA'] });
    expect((await call('admin', 'DELETE', `/api/rater/v1/carrier/${id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/rater/v1/carrier/${id}`)).statusCode).toBe(404);
    const actions = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 ORDER BY id`, [id]);
    expect(actions.map((row) => row.action)).toEqual(['carrier-profile.create', 'carrier-profile.update', 'carrier-profile.delete']);
    expect((await call('carrier', 'GET', '/api/rater/v1/carrier/profiles')).statusCode).toBe(403);
  });
});

describe("the managed security provider's client accounts", () => {
  const ACCOUNT = { name: 'Riverbend Veterinary Clinic', state: 'TX', address1: '2210 South Congress Avenue', city: 'Austin', zipCode: '78704', phone: '5125550187' };

  it('an MSSP that works with no agency yet is told so', async () => {
    const response = await call('mssp', 'POST', '/api/account/v1/mssp/account', ACCOUNT);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Your organisation works with no agency yet: ask your administrator to add one.');
  });

  it.each([
    ['name', { name: undefined }, 'Account Name is a required field', 'required'],
    ['state', { state: undefined }, 'State is a required field', 'required'],
    ['zipCode', { zipCode: '00000' }, 'Invalid ZIP Code', 'pattern'],
    ['zipCode', { zipCode: '7870' }, 'Invalid ZIP Code', 'pattern'],
    ['city', { city: 'Austin 2' }, 'Invalid City', 'pattern'],
    ['phone', { phone: '512555' }, 'Phone number must be in the format (555) 555-5555', 'pattern'],
    ['name', { name: 'x'.repeat(101) }, 'Account Name is exceeding 100 Characters. Please reset Handler.', 'maxLength'],
  ])('refuses %s %j: %s', async (field, change, message, code) => {
    const response = await call('mssp', 'POST', '/api/account/v1/mssp/account', { ...ACCOUNT, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Server Error, please try again');
    expect(response.json().errors).toContainEqual({ field, message, code });
  });

  it('creates the account under its agency (5+4 Zip Code accepted); a second one of the same business answers 409; the lookup finds it', async () => {
    const msspId = ids['Sentinel Managed Security']!;
    expect((await call('admin', 'PUT', '/api/account/v1/mssp', { organisationId: msspId, agencyId: ids['Summit Risk Partners'] })).statusCode).toBe(200);
    // The MSSP sees the agencies it works with, for its picker.
    expect((await call('mssp', 'GET', '/api/account/v1/agency/search')).json().content.map((row: Json) => row.name)).toEqual(['Summit Risk Partners']);

    const created = await call('mssp', 'POST', '/api/account/v1/mssp/account', { ...ACCOUNT, zipCode: '78704-1234' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Riverbend Veterinary Clinic', state: 'TX', city: 'Austin', zipCode: '78704-1234', agencyName: 'Summit Risk Partners' });
    expect(created.json().cbid).toBe(created.json().id);
    const [account] = await t.db.query<Json>('SELECT account_type, agency_id FROM accounts WHERE id = $1', [created.json().id]);
    expect(account).toEqual({ account_type: 'CUSTOMER', agency_id: ids['Summit Risk Partners'] });
    const [entry] = await t.db.query<Json>(`SELECT detail FROM audit_log WHERE action = 'account.create' AND target = $1`, [created.json().id]);
    expect(entry!.detail).toMatchObject({ source: 'mssp' });

    const again = await call('mssp', 'POST', '/api/account/v1/mssp/account', { ...ACCOUNT, zipCode: '78704-1234' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An account with this name already exists at this address.');

    const lookup = async (query: string) => (await call('mssp', 'GET', `/api/account/v1/mssp/account/search?${query}`)).json().content.map((row: Json) => row.name);
    expect(await lookup('accountName=riverbend&state=TX')).toEqual(['Riverbend Veterinary Clinic']);
    expect(await lookup('city=AUSTIN&zipCode=78704')).toEqual(['Riverbend Veterinary Clinic']);
    expect(await lookup('phone=(512)%20555-0187&street=congress')).toEqual(['Riverbend Veterinary Clinic']);
    expect(await lookup(`agency=${ids['Summit Risk Partners']}`)).toEqual(['Riverbend Veterinary Clinic']);
    expect(await lookup('state=CO')).toEqual([]);
    expect(await lookup('accountName=%25')).toEqual([]);
    // The MSSP's accounts are its own: the agency's other clients are not in its lookup.
    expect(await lookup('size=100')).toEqual(['Riverbend Veterinary Clinic']);
    expect((await call('admin', 'GET', '/api/account/v1/mssp/account/search')).json().totalElements).toBe(1);
    expect((await call('agent', 'GET', '/api/account/v1/mssp/account/search')).statusCode).toBe(403);
  });

  it('places a client only with an agency the MSSP works with; with several it must choose', async () => {
    const msspId = ids['Sentinel Managed Security']!;
    expect((await call('admin', 'PUT', '/api/account/v1/mssp', { organisationId: msspId, agencyId: ids['Harbor Insurance Group'] })).statusCode).toBe(200);
    const unchosen = await call('mssp', 'POST', '/api/account/v1/mssp/account', { ...ACCOUNT, name: 'Lone Star Dental' });
    expect(unchosen.json().errors).toEqual([{ field: 'agencyId', message: 'Please select a Agency' }]);
    const foreign = await call('mssp', 'POST', '/api/account/v1/mssp/account', { ...ACCOUNT, name: 'Lone Star Dental', agencyId: ids['Thames Cyber Brokers'] });
    expect(foreign.json().errors).toEqual([{ field: 'agencyId', message: 'The selected agency does not work with your organisation.' }]);
    const chosen = await call('mssp', 'POST', '/api/account/v1/mssp/account', { ...ACCOUNT, name: 'Lone Star Dental', agencyId: ids['Harbor Insurance Group'] });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().agencyName).toBe('Harbor Insurance Group');
  });

  it('only an MSSP creates MSSP accounts', async () => {
    expect((await call('admin', 'POST', '/api/account/v1/mssp/account', ACCOUNT)).statusCode).toBe(403);
    expect((await call('agent', 'POST', '/api/account/v1/mssp/account', ACCOUNT)).statusCode).toBe(403);
  });
});
