import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { setAccountStatus } from '../../server/resources/accounts/account-status.ts';
import { createBusinessAccount } from '../../server/resources/accounts/create-account.ts';
import { seedDemoRecords } from '../../server/seed/demo-records.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The account profile (spec 002 sections 3 to 6 and 8) through the API in both editions: the profile with its
 * status, score and quote eligibility in the spec's words, the save checked by the account-profile form with
 * its messages and the clearing rules (the pro product's extras too), the domain check's texts, the pre-check
 * and what a save does to real quotes (P100 invalidated, P250 referred), the policy contact, additional
 * insureds, notes and risk factors; the tenant rule (another agency's account answers 404), the permission
 * (403) and the audit log.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const UK = 'console.example.uk';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const UPDATE_FAILED = 'Not able to update account details at this time.Please try again later';

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string, status = 200): Promise<Json> {
  const response = await call(caller, method, url, payload, host);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

const idOf = async (sql: string, params: unknown[]) => (await t.db.query<{ id: string }>(sql, params))[0]!.id;
const auditEntries = (action: string, target: string) =>
  t.db.query<{ detail: Json }>('SELECT detail FROM audit_log WHERE action = $1 AND target = $2 ORDER BY id', [action, target]);

/** A complete US profile, as the form sends it (primary industry 100%). */
const US_PROFILE = {
  name: 'Northwind Dental Studio',
  naicsCode: 621210,
  primaryNaicsPercentage: 100,
  revenue: 4_200_000,
  noOfEmployeesAll: 32,
  yearEstablished: 2009,
  ownershipType: 'Private',
  entityType: 'Independent',
  isFranchise: false,
  domainName: 'https://www.NorthwindDental.com/',
  domains: 'northwindsmiles.com, northwinddental.com',
  incidentResponsePlan: true,
  address1: '75 Market Street',
  address2: 'Suite 12',
  city: 'Portland',
  state: 'ME',
  zipCode: '04101',
  phoneNumber: '2075550182',
};

const UK_PROFILE = {
  name: 'Quayside Opticians Ltd',
  sicCode: 86900,
  primaryNaicsPercentage: 100,
  revenue: 2_100_000,
  noOfEmployeesAll: 18,
  yearEstablished: 2012,
  ownershipType: 'Private',
  entityType: 'Independent',
  domainName: 'quaysideopticians.co.uk',
  address1: '4 Quayside',
  address3: 'Ouseburn',
  city: 'Newcastle upon Tyne',
  zipCode: 'ne1 3dx',
  phoneNumber: '01914960155',
};

/**
 * A quote row as the quotes area would write it (its resource owns the table): the columns this suite cares
 * about, and a plain value for any other column the table requires, so the suite follows the table's changes.
 */
async function insertQuote(accountId: string, agencyId: string, product: string, status: string): Promise<string> {
  const given: Record<string, unknown> = {
    quote_number: `Q-TEST-${Math.random().toString(36).slice(2, 12)}`, account_id: accountId, agency_id: agencyId, edition: 'us', product, status,
    currency: 'USD', agg_limit: 1_000_000, deductible: 25_000, effective_date: '2026-03-16', end_date: '2027-03-16', expires_on: '2026-04-01',
    premium: 2500, total_premium: 2650, request_data: '{}', rating: '{}', created_at: t.clock.now(), modified_at: t.clock.now(),
  };
  const required = await t.db.query<{ column_name: string; data_type: string }>(
    `SELECT column_name, data_type FROM information_schema.columns
     WHERE table_name = 'quotes' AND table_schema = current_schema() AND is_nullable = 'NO' AND column_default IS NULL`,
  );
  const plain: Record<string, unknown> = { jsonb: '{}', json: '{}', text: 'x', numeric: 0, integer: 0, bigint: 0, boolean: false, date: '2026-03-16' };
  for (const column of required) {
    if (!(column.column_name in given)) given[column.column_name] = plain[column.data_type] ?? t.clock.now();
  }
  const names = Object.keys(given);
  const [row] = await t.db.query<{ id: string }>(
    `INSERT INTO quotes (${names.join(', ')}) VALUES (${names.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`,
    names.map((name) => given[name]),
  );
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  const users = {
    admin: 'admin@provider.example', agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example',
    policyholder: 'policyholder@insured.example', carrier: 'carrier@carrier.example',
  };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  ids.summit = await idOf('SELECT id FROM accounts WHERE name = $1', ['Summit Risk Partners']);
  ids.harbor = await idOf('SELECT id FROM accounts WHERE name = $1', ['Harbor Insurance Group']);
  ids.thames = await idOf('SELECT id FROM accounts WHERE name = $1', ['Thames Cyber Brokers']);
  ids.alex = await idOf('SELECT id FROM users WHERE email = $1', ['agent@agency.example']);
  const us = await createBusinessAccount(t.db, t.clock, {
    agencyId: ids.summit!, name: 'Northwind Dental Studio', address: { address1: '75 Market Street', city: 'Portland', state: 'ME', zipCode: '04101' },
    phone: '2075550182', domainName: 'northwinddental.com', industryCode: '621210',
  }, { userId: ids.alex!, source: 'test' });
  ids.us = us.accountId;
  const sparse = await createBusinessAccount(t.db, t.clock, {
    agencyId: ids.summit!, name: 'Pinecone Bakery', address: { address1: '9 Fore Street', city: 'Portland', state: 'ME', zipCode: '04101' },
  }, { userId: ids.alex!, source: 'test' });
  ids.sparse = sparse.accountId;
  const other = await createBusinessAccount(t.db, t.clock, {
    agencyId: ids.harbor!, name: 'Beacon Street Books', address: { address1: '1 Beacon Street', city: 'Boston', state: 'MA', zipCode: '02108' },
    domainName: 'beaconstreetbooks.com', industryCode: '459210',
  }, { userId: null, source: 'test' });
  ids.other = other.accountId;
  const uk = await createBusinessAccount(t.db, t.clock, {
    agencyId: ids.thames!, name: 'Quayside Opticians Ltd', address: { address1: '4 Quayside', city: 'Newcastle upon Tyne', zipCode: 'NE1 3DX' },
    phone: '01914960155', industryCode: '86900',
  }, { userId: null, source: 'test' });
  ids.uk = uk.accountId;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the profile, its score and quote eligibility', () => {
  it('reads a new US account as the form reads it, with the industry from the code list', async () => {
    const profile = await ok('agent', 'GET', `/api/account/v1/account/${ids.us}/profile`);
    expect(profile).toMatchObject({
      id: ids.us, name: 'Northwind Dental Studio', edition: 'us', status: 'Open', naicsCode: 621210, industryCode: '621210',
      primaryIndustry: 'Health Care and Social Assistance', secondaryIndustry: 'Offices of Dentists', primaryNaicsPercentage: 100,
      address1: '75 Market Street', city: 'Portland', state: 'ME', zipCode: '04101', phoneNumber: '2075550182', domainName: 'northwinddental.com',
      isVerifiedByAgent: false, requestQuotePath: `/agency/requestQuote/P250/${ids.us}`,
    });
    expect(profile).not.toHaveProperty('sicCode');
    // Industry, domain and address are given; revenue, employees and the year are not: 3 of 6.
    expect(profile.profileScore).toEqual({ score: 3, max: 6, threshold: 4, missing: ['Revenue', 'Number of employees', 'Year established'] });
    expect(profile.eligibility).toEqual({ canRequestQuote: false, reason: 'Account needs more information to enable Request Quote' });
  });

  it('scores a bare account lower, and the business account record carries the same answer', async () => {
    const profile = await ok('agent', 'GET', `/api/account/v1/account/${ids.sparse}/profile`);
    expect(profile.profileScore.score).toBe(1);
    const record = await ok('agent', 'GET', `/api/account/v1/account/${ids.sparse}`);
    expect(record.profileScore).toEqual(profile.profileScore);
    expect(record.eligibility).toEqual({ canRequestQuote: false, reason: 'Account needs more information to enable Request Quote' });
    expect(record.status).toBe('Open');
  });

  it('allows a quote once the score reaches 4, and refuses it for a status that does not allow quoting', async () => {
    const saved = await ok('agent', 'PUT', `/api/account/v1/account/${ids.us}/profile`, US_PROFILE);
    expect(saved.message).toBe('Account Details Updated Successfully.');
    expect(saved.profileScore).toMatchObject({ score: 6, missing: [] });
    expect(saved.eligibility).toEqual({ canRequestQuote: true, reason: null });
    for (const status of ['Quoted', 'Active Policy'] as const) {
      await setAccountStatus(t.db, ids.us!, status, t.clock.now());
      expect((await ok('agent', 'GET', `/api/account/v1/account/${ids.us}/profile`)).eligibility.canRequestQuote).toBe(true);
    }
    for (const status of ['Declined', 'Lost'] as const) {
      await setAccountStatus(t.db, ids.us!, status, t.clock.now());
      const profile = await ok('agent', 'GET', `/api/account/v1/account/${ids.us}/profile`);
      expect(profile).toMatchObject({ status, eligibility: { canRequestQuote: false, reason: 'Account is not eligible to Request Quote' } });
    }
    expect(await setAccountStatus(t.db, ids.us!, 'Quoted', t.clock.now())).toBe('Lost');
    const listed = await ok('agent', 'GET', '/api/account/v1/accounts?type=Quoted&size=100');
    expect(listed.content.map((row: Json) => row.id)).toEqual([ids.us]);
    expect(listed.content[0]).toMatchObject({ status: 'Quoted', revenue: 4_200_000, noOfEmployeesAll: 32 });
    await setAccountStatus(t.db, ids.us!, 'Open', t.clock.now());
  });
});

describe('saving the profile (US)', () => {
  it('stores what the form sent: the domain stripped, the other domains without the primary one, and audits it', async () => {
    const profile = await ok('agent', 'GET', `/api/account/v1/account/${ids.us}/profile`);
    expect(profile).toMatchObject({
      domainName: 'northwinddental.com', domains: 'northwindsmiles.com', address2: 'Suite 12', revenue: 4_200_000, totalRevenue: 4_200_000,
      noOfEmployeesAll: 32, yearEstablished: 2009, ownershipType: 'Private', entityType: 'Independent', incidentResponsePlan: true, isFranchise: false,
    });
    const [entry] = await auditEntries('account.profile.update', ids.us!);
    expect(entry!.detail.changed).toEqual(expect.arrayContaining(['revenue', 'employees', 'yearEstablished', 'address2', 'otherDomains']));
  });

  it('answers the form’s messages in the spec’s words, with the failure text', async () => {
    const cases: Array<[Json, string, string]> = [
      [{ yearEstablished: 2031 }, 'yearEstablished', 'must be less than or equal to current year'],
      [{ naicsCode: 5 }, 'naicsCode', 'Industry Code must be atleast 2 digits'],
      [{ naicsCode: 1_000_000 }, 'naicsCode', 'Industry Code be less than 6 digits'],
      [{ primaryNaicsPercentage: 40 }, 'primaryNaicsPercentage', 'Primary Naics Percentage must be 51% or higher'],
      [{ secondNaicsCode: 339116 }, 'secondNaicsCode', 'Secondary Industry Code is not allowed when NiacsCode is 100%'],
      [{ primaryNaicsPercentage: 80 }, 'secondNaicsCode', 'Secondary NAICS Code is a required field'],
      [{ revenue: 2_000_000_000_000 }, 'revenue', 'must be less than or equal to 1 Trillion Dollars.'],
      [{ zipCode: '00000' }, 'zipCode', 'Invalid ZIP Code'],
      [{ city: 'Portland 2' }, 'city', 'Invalid City'],
      [{ name: '1234' }, 'name', 'Organization Name must contain at least one letter'],
      [{ domainName: 'northwind.com, other.com' }, 'domainName', 'Only enter one domain'],
      [{ domainName: 'not a domain' }, 'domainName', 'Not a valid domain name'],
    ];
    for (const [change, field, message] of cases) {
      const response = await call('agent', 'PUT', `/api/account/v1/account/${ids.us}/profile`, { ...US_PROFILE, ...change });
      expect(response.statusCode, `${JSON.stringify(change)}: ${response.body}`).toBe(400);
      expect(response.json().message).toBe(UPDATE_FAILED);
      expect(response.json().errors.filter((error: Json) => error.field === field).map((error: Json) => error.message), JSON.stringify(change)).toContain(message);
    }
    const { ownershipType: _ownership, ...withoutOwnership } = US_PROFILE;
    const missing = await call('agent', 'PUT', `/api/account/v1/account/${ids.us}/profile`, withoutOwnership);
    expect(missing.json().errors).toEqual([{ field: 'ownershipType', message: 'Ownership Type is a required field', code: 'required' }]);
  });

  it('keeps a secondary industry with its share and clears it with the code (clearing rules)', async () => {
    const withSecondary = await ok('agent', 'PUT', `/api/account/v1/account/${ids.us}/profile`, { ...US_PROFILE, primaryNaicsPercentage: 80, secondNaicsCode: 339116 });
    expect(withSecondary).toMatchObject({
      primaryNaicsPercentage: 80, secondNaicsCode: 339116, secondaryNaicsPercentage: 20, secondPrimaryIndustry: 'Manufacturing',
      secondSecondaryIndustry: 'Dental Laboratories',
    });
    const cleared = await ok('agent', 'PUT', `/api/account/v1/account/${ids.us}/profile`, { ...US_PROFILE, secondNaicsCode: null, secondaryNaicsPercentage: 20 });
    expect(cleared).toMatchObject({ primaryNaicsPercentage: 100, secondNaicsCode: null, secondaryNaicsPercentage: null, secondSecondaryIndustry: null });
  });

  it('for the pro product requires the extras and applies the clearing rules; outside it keeps them as stored', async () => {
    const url = `/api/account/v1/account/${ids.us}/profile?product=P100_PRO`;
    const bare = await call('agent', 'PUT', url, US_PROFILE);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors.map((error: Json) => error.message)).toEqual(expect.arrayContaining([
      'Non-US Revenue is a required field', 'Change in Scope is a required field', 'Collecting Personal Information is a required field',
    ]));
    const tooFew = await call('agent', 'PUT', url, { ...US_PROFILE, nonUsRevenue: 0, changeInScope: false, collectingPersonalInformation: true, numberOfPersonalRecords: 1000 });
    expect(tooFew.json().errors).toEqual([{ field: 'numberOfPersonalRecords', message: 'Number of Personal Records must be 250,000 or more', code: 'minimum' }]);
    const detailNeeded = await call('agent', 'PUT', url, { ...US_PROFILE, nonUsRevenue: 0, changeInScope: true, collectingPersonalInformation: false });
    expect(detailNeeded.json().errors).toEqual([{ field: 'changeInScopeDetail', message: 'Change in Scope Detail is a required field', code: 'required' }]);

    const full = await ok('agent', 'PUT', url, {
      ...US_PROFILE, nonUsRevenue: 300_000, isFranchise: true, franchiseSystemConnectivity: true, collectingPersonalInformation: true,
      numberOfPersonalRecords: 400_000, changeInScope: true, changeInScopeDetail: 'Acquired a second practice in Bangor.',
    });
    expect(full).toMatchObject({
      nonUsRevenue: 300_000, totalRevenue: 4_500_000, franchiseSystemConnectivity: true, numberOfPersonalRecords: 400_000,
      changeInScopeDetail: 'Acquired a second practice in Bangor.',
    });
    // Outside the pro product the extras are not the form's: a save keeps them.
    const plain = await ok('agent', 'PUT', `/api/account/v1/account/${ids.us}/profile`, { ...US_PROFILE, isFranchise: true });
    expect(plain).toMatchObject({ nonUsRevenue: 300_000, numberOfPersonalRecords: 400_000, changeInScope: true, franchiseSystemConnectivity: true });
    // Not a franchise, not collecting, no change in scope: the answers that depend on them go, even when sent.
    const cleared = await ok('agent', 'PUT', url, {
      ...US_PROFILE, nonUsRevenue: 300_000, isFranchise: false, franchiseSystemConnectivity: true, collectingPersonalInformation: false,
      numberOfPersonalRecords: 400_000, changeInScope: false, changeInScopeDetail: 'Left over',
    });
    expect(cleared).toMatchObject({
      isFranchise: false, franchiseSystemConnectivity: null, collectingPersonalInformation: false, numberOfPersonalRecords: null,
      changeInScope: false, changeInScopeDetail: null,
    });
    const [stored] = await t.db.query<Json>('SELECT franchise_system_connectivity, number_of_personal_records, change_in_scope_detail FROM account_profiles WHERE account_id = $1', [ids.us]);
    expect(stored).toEqual({ franchise_system_connectivity: null, number_of_personal_records: null, change_in_scope_detail: null });
  });

  it('resets the agent’s verification on every save; verifying is once', async () => {
    const verified = await ok('agent', 'PUT', `/api/account/v1/account/${ids.us}/verify`);
    expect(verified.isVerifiedByAgent).toBe(true);
    expect(verified.verifiedDate).toBe(t.clock.now().toISOString());
    expect((await ok('agent', 'PUT', `/api/account/v1/account/${ids.us}/verify`)).verifiedDate).toBe(verified.verifiedDate);
    expect(await auditEntries('account.profile.verify', ids.us!)).toHaveLength(1);
    const saved = await ok('agent', 'PUT', `/api/account/v1/account/${ids.us}/profile`, US_PROFILE);
    expect(saved).toMatchObject({ isVerifiedByAgent: false, verifiedDate: null });
  });
});

describe('the domain check', () => {
  const check = (domains: string, field = 'domains') => ok('agent', 'GET', `/api/account/v1/domain/check?domains=${encodeURIComponent(domains)}&field=${field}`);

  it('answers the spec’s three texts and the one-domain rule', async () => {
    await ok('admin', 'POST', '/api/account/v1/domain/blacklist', { name: 'spam-hub.net' }, undefined, 201);
    expect(await check('https://www.example-dental.com/')).toMatchObject({ valid: true, message: 'Valid domain found!', domains: [{ domain: 'example-dental.com', valid: true }] });
    expect(await check('not a domain')).toMatchObject({ valid: false, message: 'Only valid domains are accepted.' });
    expect(await check('intranet.test')).toMatchObject({ valid: false, message: 'Only valid domains are accepted.' });
    expect(await check('mail.spam-hub.net')).toMatchObject({ valid: false, message: 'Invalid Domain! Try a different domain name.' });
    const several = await check('good-one.com, spam-hub.net');
    expect(several.message).toBe('Invalid Domain! Try a different domain name.');
    expect(several.domains.map((domain: Json) => domain.message)).toEqual(['Valid domain found!', 'Invalid Domain! Try a different domain name.']);
    expect(await check('one.com, two.com', 'domainName')).toMatchObject({ valid: false, message: 'Only enter one domain' });
    expect(await check('')).toEqual({ valid: true, message: null, domains: [] });
  });

  it('refuses a save with a blacklisted domain under its field', async () => {
    const response = await call('agent', 'PUT', `/api/account/v1/account/${ids.us}/profile`, { ...US_PROFILE, domains: 'ok-domain.com, www.spam-hub.net' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: UPDATE_FAILED, errors: [{ field: 'domains', message: 'Invalid Domain! Try a different domain name.' }] });
  });
});

describe('the pre-check and what a save does to quotes', () => {
  const precheck = (change: Json) => ok('agent', 'POST', `/api/account/v1/account/${ids.us}/profile/precheck`, { ...US_PROFILE, ...change });

  it('answers false while the account has no open quotes, whatever changes', async () => {
    expect(await precheck({ revenue: 5_000_000 })).toEqual({ WillInvalidateQuotes: false, WillReferQuotes: false, changedFields: ['revenue'] });
  });

  it('answers from the open quotes by product: P100 invalidated, P250 referred, and only for a rating change', async () => {
    const p100 = await insertQuote(ids.us!, ids.summit!, 'P100', 'READY');
    const bound = await insertQuote(ids.us!, ids.summit!, 'P100', 'BOUND');
    expect(await precheck({ revenue: 5_000_000 })).toEqual({ WillInvalidateQuotes: true, WillReferQuotes: false, changedFields: ['revenue'] });
    // The phone and the DBA are not what quotes are rated on.
    expect(await precheck({ phoneNumber: '2075550199', dbaOrTradestyle: 'Northwind Smiles' })).toMatchObject({ WillInvalidateQuotes: false, WillReferQuotes: false, changedFields: [] });
    const p250 = await insertQuote(ids.us!, ids.summit!, 'P250', 'INDICATION');
    expect(await precheck({ noOfEmployeesAll: 40, state: 'NH', zipCode: '03101', city: 'Manchester' })).toEqual({
      WillInvalidateQuotes: true, WillReferQuotes: true, changedFields: ['noOfEmployeesAll', 'state', 'zipCode'],
    });
    // A pre-check saves nothing.
    expect((await ok('agent', 'GET', `/api/account/v1/account/${ids.us}/profile`)).noOfEmployeesAll).toBe(32);

    const saved = await ok('agent', 'PUT', `/api/account/v1/account/${ids.us}/profile`, { ...US_PROFILE, noOfEmployeesAll: 40 });
    expect(saved).toMatchObject({ quotesInvalidated: 1, quotesReferred: 1, noOfEmployeesAll: 40 });
    const quotes = await t.db.query<Json>('SELECT id, status, agency_status, last_patched_at, decision FROM quotes WHERE account_id = $1', [ids.us]);
    const byId = new Map(quotes.map((quote) => [quote.id, quote]));
    expect(byId.get(p100)).toMatchObject({ status: 'INVALID', agency_status: 'INVALID', last_patched_at: null });
    expect(byId.get(p250)).toMatchObject({ status: 'REFERRED', agency_status: 'ACTIVE' });
    expect(new Date(byId.get(p250)!.last_patched_at).toISOString()).toBe(t.clock.now().toISOString());
    expect(byId.get(p250)!.decision.reason).toBe('Account details changed: noOfEmployeesAll');
    expect(byId.get(bound)).toMatchObject({ status: 'BOUND', agency_status: 'ACTIVE' });
    const events = await t.db.query<Json>(`SELECT quote_id, from_status, to_status, detail FROM quote_events WHERE action = 'ACCOUNT_CHANGED' ORDER BY id`);
    expect(events).toHaveLength(2);
    expect(events).toEqual(expect.arrayContaining([
      { quote_id: p100, from_status: 'READY', to_status: 'INVALID', detail: { fields: ['noOfEmployeesAll'], family: 'P100' } },
      { quote_id: p250, from_status: 'INDICATION', to_status: 'REFERRED', detail: { fields: ['noOfEmployeesAll'], family: 'P250' } },
    ]));
    const [entry] = (await auditEntries('account.profile.update', ids.us!)).slice(-1);
    expect(entry!.detail).toMatchObject({ ratingFieldsChanged: ['noOfEmployeesAll'], quotesInvalidated: [p100], quotesReferred: [p250] });
    // The referred quote is still open: the next rating change refers it again; the invalid one is left alone.
    expect(await precheck({ noOfEmployeesAll: 41 })).toMatchObject({ WillInvalidateQuotes: false, WillReferQuotes: true });
    await t.db.query('DELETE FROM quotes WHERE account_id = $1', [ids.us]);
  });
});

describe('the tenant rule and permissions', () => {
  it('answers 404 for another agency’s account on every profile operation, as for a missing one', async () => {
    for (const id of [ids.other, MISSING_ID]) {
      expect((await call('agent', 'GET', `/api/account/v1/account/${id}/profile`)).statusCode).toBe(404);
      expect((await call('agent', 'PUT', `/api/account/v1/account/${id}/profile`, US_PROFILE)).statusCode).toBe(404);
      expect((await call('agent', 'POST', `/api/account/v1/account/${id}/profile/precheck`, US_PROFILE)).statusCode).toBe(404);
      expect((await call('agent', 'GET', `/api/account/v1/account/${id}/risk-factors`)).statusCode).toBe(404);
      expect((await call('agent', 'GET', `/api/account/v1/notes?accountId=${id}`)).statusCode).toBe(404);
      expect((await call('agent', 'GET', `/api/account/v1/additional-insureds?accountId=${id}`)).statusCode).toBe(404);
      const contact = { policyContactFirstName: 'Ann', policyContactLastName: 'Lee', policyContactEmail: 'ann@example.com', policyContactPhone: '2075550100' };
      expect((await call('agent', 'PUT', `/api/account/v1/account/${id}/policy-contact`, contact)).statusCode).toBe(404);
    }
    expect((await call('carrier', 'GET', `/api/account/v1/account/${ids.us}/profile`)).statusCode).toBe(404);
    expect((await call('otherAgent', 'GET', `/api/account/v1/account/${ids.other}/profile`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/account/v1/account/${ids.other}/profile`)).statusCode).toBe(200);
  });

  it('answers 403 to a policyholder, who reads accounts but may not change them, before looking at the body', async () => {
    const acme = await idOf('SELECT id FROM accounts WHERE name = $1', ['Acme Precision Manufacturing']);
    expect((await call('policyholder', 'GET', `/api/account/v1/account/${acme}/profile`)).statusCode).toBe(200);
    for (const [method, url] of [
      ['PUT', `/api/account/v1/account/${acme}/profile`], ['POST', `/api/account/v1/account/${acme}/profile/precheck`],
      ['PUT', `/api/account/v1/account/${acme}/policy-contact`], ['POST', `/api/account/v1/account/${acme}/notes`],
      ['POST', `/api/account/v1/account/${acme}/additional-insureds`],
    ] as const) {
      const response = await call('policyholder', method, url, {});
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('refuses to save a UK account through the US console', async () => {
    const response = await call('admin', 'PUT', `/api/account/v1/account/${ids.uk}/profile`, US_PROFILE);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This account belongs to the UK console; change its details there.');
  });
});

describe('the UK edition', () => {
  it('reads sicCode without a state and saves with the UK form: Postcode, Turnover, address3', async () => {
    const before = await ok('broker', 'GET', `/api/account/v1/account/${ids.uk}/profile`, undefined, UK);
    expect(before).toMatchObject({ edition: 'uk', sicCode: 86900, industryCode: '86900', state: null, zipCode: 'NE1 3DX', phoneNumber: '01914960155', secondaryIndustry: 'Other human health activities' });
    expect(before).not.toHaveProperty('naicsCode');
    const saved = await ok('broker', 'PUT', `/api/account/v1/account/${ids.uk}/profile`, { ...UK_PROFILE, state: 'CA' }, UK);
    expect(saved).toMatchObject({ sicCode: 86900, zipCode: 'NE1 3DX', state: null, address3: 'Ouseburn', revenue: 2_100_000, phoneNumber: '01914960155', profileScore: { score: 6 } });
    const refused = await call('broker', 'PUT', `/api/account/v1/account/${ids.uk}/profile`, { ...UK_PROFILE, zipCode: '12345', city: 'Leeds 1', naicsCode: 621210 }, UK);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'city', message: 'Invalid City/Town', code: 'pattern' },
      { field: 'zipCode', message: 'Invalid Postcode', code: 'pattern' },
    ]);
    const { sicCode: _sic, ...withoutCode } = UK_PROFILE;
    const noCode = await call('broker', 'PUT', `/api/account/v1/account/${ids.uk}/profile`, withoutCode, UK);
    expect(noCode.json().errors).toEqual([{ field: 'sicCode', message: 'SIC Code is a required field', code: 'required' }]);
  });

  it('keeps a SIC code’s leading zero', async () => {
    const saved = await ok('broker', 'PUT', `/api/account/v1/account/${ids.uk}/profile`, { ...UK_PROFILE, sicCode: 1110 }, UK);
    expect(saved).toMatchObject({ industryCode: '01110', sicCode: 1110 });
    await ok('broker', 'PUT', `/api/account/v1/account/${ids.uk}/profile`, UK_PROFILE, UK);
  });
});

describe('the policy contact', () => {
  const url = () => `/api/account/v1/account/${ids.us}/policy-contact`;

  it('requires every field with the spec’s messages', async () => {
    const empty = await call('agent', 'PUT', url(), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.map((error: Json) => error.message)).toEqual([
      'Please enter Policy Holder First Name.', 'Please enter Policy Holder Last Name.', 'Please enter Email Address', 'Please enter a valid Policy Holder Phone Number.',
    ]);
    const bad = await call('agent', 'PUT', url(), { policyContactFirstName: 'Maya', policyContactLastName: 'Lind', policyContactEmail: 'maya@', policyContactPhone: '12345' });
    expect(bad.json().errors.map((error: Json) => error.message)).toEqual(['Please enter a valid Email Address', 'Please enter a valid Policy Holder Phone Number.']);
  });

  it('saves it, audited, and the profile reads it', async () => {
    const saved = await ok('agent', 'PUT', url(), { policyContactFirstName: ' Maya ', policyContactLastName: 'Lind', policyContactEmail: 'Maya.Lind@NorthwindDental.com', policyContactPhone: '2075550183' });
    expect(saved).toMatchObject({ policyContactFirstName: 'Maya', policyContactLastName: 'Lind', policyContactEmail: 'maya.lind@northwinddental.com', policyContactPhone: '2075550183' });
    const [entry] = await auditEntries('account.policy-contact.update', ids.us!);
    expect(entry!.detail.to).toEqual({ firstName: 'Maya', lastName: 'Lind', email: 'maya.lind@northwinddental.com' });
    const uk = await ok('broker', 'PUT', `/api/account/v1/account/${ids.uk}/policy-contact`, { policyContactFirstName: 'Ewan', policyContactLastName: 'Hall', policyContactEmail: 'ewan@quayside.example', policyContactPhone: '01914960156' }, UK);
    expect(uk.policyContactPhone).toBe('01914960156');
  });
});

describe('additional insureds', () => {
  it('adds, lists, changes and removes them (US), with the form’s messages, audited', async () => {
    const refused = await call('agent', 'POST', `/api/account/v1/account/${ids.us}/additional-insureds`, { businessName: ' ' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((error: Json) => error.field)).toEqual(['businessName', 'address1', 'city', 'state', 'zipCode', 'naicsCode']);
    const created = await ok('agent', 'POST', `/api/account/v1/account/${ids.us}/additional-insureds`, {
      businessName: 'Market Street Properties LLC', address1: '70 Market Street', city: 'Portland', state: 'ME', zipCode: '04101', naicsCode: 531120,
    }, undefined, 201);
    expect(created).toMatchObject({ accountId: ids.us, businessName: 'Market Street Properties LLC', state: 'ME', naicsCode: 531120, industryCode: '531120', address2: null });
    await ok('agent', 'POST', `/api/account/v1/account/${ids.us}/additional-insureds`, {
      businessName: 'Casco Bay Leasing', address1: '2 Commercial Street', city: 'Portland', state: 'ME', zipCode: '04101', naicsCode: 532490,
    }, undefined, 201);
    const page = await ok('agent', 'GET', `/api/account/v1/additional-insureds?accountId=${ids.us}&sort=businessName,asc`);
    expect(page.content.map((row: Json) => row.businessName)).toEqual(['Casco Bay Leasing', 'Market Street Properties LLC']);
    expect((await ok('agent', 'GET', `/api/account/v1/additional-insureds?accountId=${ids.us}&search=casco`)).totalElements).toBe(1);
    const { businessName, address1, city, state, zipCode } = created;
    const changed = await ok('agent', 'PUT', `/api/account/v1/additional-insureds/${created.id}`, { businessName, address1, address2: 'Floor 3', city, state, zipCode, naicsCode: 531120 });
    expect(changed.address2).toBe('Floor 3');
    expect((await call('otherAgent', 'GET', `/api/account/v1/additional-insureds/${created.id}`)).statusCode).toBe(404);
    expect((await call('otherAgent', 'DELETE', `/api/account/v1/additional-insureds/${created.id}`)).statusCode).toBe(404);
    expect(await ok('agent', 'DELETE', `/api/account/v1/additional-insureds/${created.id}`)).toEqual({ message: 'Additional insured removed' });
    expect((await call('agent', 'GET', `/api/account/v1/additional-insureds/${created.id}`)).statusCode).toBe(404);
    for (const action of ['create', 'update', 'delete']) expect(await auditEntries(`account.additional-insured.${action}`, ids.us!), action).not.toHaveLength(0);
  });

  it('takes a UK one with its sicCode and Postcode and no state', async () => {
    const created = await ok('broker', 'POST', `/api/account/v1/account/${ids.uk}/additional-insureds`, {
      businessName: 'Ouseburn Lettings Ltd', address1: '20 Lime Street', address3: 'Ouseburn', city: 'Newcastle upon Tyne', zipCode: 'ne1 2pq', sicCode: 68209, state: 'NY',
    }, UK, 201);
    expect(created).toMatchObject({ sicCode: 68209, naicsCode: null, zipCode: 'NE1 2PQ', state: null, address3: 'Ouseburn' });
  });
});

describe('notes', () => {
  it('adds notes and lists them newest first; an empty one is refused with the spec’s text', async () => {
    const refused = await call('agent', 'POST', `/api/account/v1/account/${ids.us}/notes`, { noteType: 'GENERAL', note: '   ' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Failed to save note', errors: [{ field: 'note', message: 'Note is a required field' }] });
    const first = await ok('agent', 'POST', `/api/account/v1/account/${ids.us}/notes`, { noteType: 'UNDERWRITING', note: 'MFA on e-mail since March.' }, undefined, 201);
    expect(first).toMatchObject({ accountId: ids.us, noteType: 'UNDERWRITING', createdByName: 'Alex Agent', created: t.clock.now().toISOString() });
    await t.clock.sleep(60_000);
    await ok('agent', 'POST', `/api/account/v1/account/${ids.us}/notes`, { note: 'Renewal call booked.', noteType: 'SALES' }, undefined, 201);
    const page = await ok('agent', 'GET', `/api/account/v1/notes?accountId=${ids.us}`);
    expect(page.content.map((note: Json) => note.note)).toEqual(['Renewal call booked.', 'MFA on e-mail since March.']);
    expect((await ok('agent', 'GET', `/api/account/v1/notes?accountId=${ids.us}&noteType=SALES`)).totalElements).toBe(1);
    expect(await auditEntries('account.note.create', ids.us!)).toHaveLength(2);
  });
});

describe('risk factors', () => {
  const factorsOf = (id: string, host?: string) => ok('agent', 'GET', `/api/account/v1/account/${id}/risk-factors`, undefined, host);

  it('scores the eight factors and the three aggregates within 0..100, the same every time, with a reason each', async () => {
    const first = await factorsOf(ids.us!);
    expect(first.factors.map((factor: Json) => factor.id)).toEqual([
      'networkSecurity', 'cloudSecurity', 'endpointSecurity', 'darkIntelligence', 'fundsTransfer', 'cyberExtortion', 'compliance', 'supplyChain',
    ]);
    for (const score of [...first.factors.map((factor: Json) => factor.score), first.companyAggregate, first.industryAggregate, first.portfolioAggregate]) {
      expect(Number.isInteger(score) && score >= 0 && score <= 100, String(score)).toBe(true);
    }
    for (const factor of first.factors) expect(factor.why).toMatch(/health care/);
    expect(first).toMatchObject({ industry: 'health care', scanSource: 'local scan', accountId: ids.us });
    expect(first.portfolioSize).toBeGreaterThanOrEqual(2);
    expect(await factorsOf(ids.us!)).toEqual(first);
  });

  it('follows the account’s data: an incident response plan answered no lowers extortion and compliance', async () => {
    const before = await factorsOf(ids.us!);
    await ok('agent', 'PUT', `/api/account/v1/account/${ids.us}/profile`, { ...US_PROFILE, noOfEmployeesAll: 40, incidentResponsePlan: false });
    const after = await factorsOf(ids.us!);
    const score = (answer: Json, id: string) => answer.factors.find((factor: Json) => factor.id === id).score;
    expect(score(after, 'cyberExtortion')).toBe(score(before, 'cyberExtortion') - 20);
    expect(score(after, 'compliance')).toBe(score(before, 'compliance') - 16);
    expect(after.companyAggregate).toBeLessThan(before.companyAggregate);
    expect(after.industryAggregate).toBe(before.industryAggregate);
  });

  it('reads a UK account by its SIC division', async () => {
    const uk = await ok('broker', 'GET', `/api/account/v1/account/${ids.uk}/risk-factors`, undefined, UK);
    expect(uk.industry).toBe('health care');
    expect(uk.factors).toHaveLength(8);
  });
});

describe('the demo clients of a development start', () => {
  it('have profiles in both editions: statuses, firmographics, contacts, insureds and notes, the same every time', async () => {
    const snapshots: Json[] = [];
    for (let run = 0; run < 2; run += 1) {
      const dev = await startTestApp();
      try {
        await dev.db.transaction((tx) => seedDemoRecords(tx, dev.clock));
        const agent = (await dev.tokensFor('agent@agency.example')).accessToken;
        const broker = (await dev.tokensFor('broker@brokerage.example')).accessToken;
        const idIn = async (name: string) => (await dev.db.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [name]))[0]!.id;
        const read = async (token: string, name: string, host?: string) => {
          const response = await dev.inject({ method: 'GET', url: `/api/account/v1/account/${await idIn(name)}/profile`, headers: { authorization: `Bearer ${token}`, ...(host ? { host } : {}) } });
          expect(response.statusCode, response.body).toBe(200);
          const { id: _id, agencyId: _agency, modified: _modified, verifiedDate: _verified, requestQuotePath: _path, ...profile } = response.json();
          // Who declined is a user id, new on every seed.
          if (profile.statusDecision) profile.statusDecision = { ...profile.statusDecision, by: typeof profile.statusDecision.by };
          return profile;
        };
        const seen = {
          cedar: await read(agent, 'Cedar Grove Logistics Inc'),
          brightline: await read(agent, 'Brightline Dental Group'),
          lakeside: await read(agent, 'Lakeside Credit Union'),
          nimbus: await read(agent, 'Nimbus Cloud Consulting'),
          thameside: await read(broker, 'Thameside Freight Ltd', UK),
        };
        expect(seen.cedar).toMatchObject({ status: 'Quoted', revenue: 26_000_000, isVerifiedByAgent: true, policyContactFirstName: 'Priya', eligibility: { canRequestQuote: true } });
        expect(seen.brightline).toMatchObject({ status: 'Open', eligibility: { canRequestQuote: false, reason: 'Account needs more information to enable Request Quote' } });
        expect(seen.lakeside).toMatchObject({ status: 'Active Policy', collectingPersonalInformation: true, numberOfPersonalRecords: 1_200_000 });
        expect(seen.nimbus.eligibility).toEqual({ canRequestQuote: false, reason: 'Account is not eligible to Request Quote' });
        expect(seen.nimbus).toMatchObject({ status: 'Declined', statusDecision: { kind: 'declined', reasonSummary: 'Poor Controls', by: 'string', previous: 'Open' } });
        expect(seen.thameside).toMatchObject({ status: 'Quoted', sicCode: 49410, policyContactPhone: '02079460321', domains: 'thamesidelogistics.co.uk' });
        // The profiles' three additional insureds, and the two the policy servicing names on certificates (demo-policy-servicing.ts).
        const [counts] = await dev.db.query<{ insureds: number; certified: number; notes: number }>(
          `SELECT (SELECT count(*)::int FROM account_additional_insureds) AS insureds,
             (SELECT count(*)::int FROM policy_certificates WHERE doc_type = 'Additional_Insured') AS certified, (SELECT count(*)::int FROM account_notes) AS notes`);
        expect(counts).toEqual({ insureds: 5, certified: 2, notes: 7 });
        snapshots.push(seen);
      } finally {
        await dev.close();
      }
    }
    expect(snapshots[1]).toEqual(snapshots[0]);
  }, 240_000);
});
