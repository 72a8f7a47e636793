import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createBusinessAccount } from '../../server/resources/accounts/create-account.ts';
import { DEMO_CLIENTS, seedDemoRecords } from '../../server/seed/demo-records.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Business accounts administration (spec 001 sections 2 to 8): the new-account search (page size 10, by
 * state or country), account creation through the dialog's form in both editions with its texts, the 409,
 * the submission while the submissions-view flag is on, address verification and its admin-only override,
 * delete, firmographics from the company directory, the local scan, the agent change, my agent, and the
 * tenant rule (another agency's account answers like a missing one).
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const UK_HOST = 'console.example.uk';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const ids: Record<string, string> = {};

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const idOf = async (sql: string, params: unknown[]) => (await t.db.query<{ id: string }>(sql, params))[0]!.id;
const auditCount = async (action: string, target: string) =>
  (await t.db.query('SELECT 1 FROM audit_log WHERE action = $1 AND target = $2', [action, target])).length;

async function teamOf(agency: string, name: string) {
  return idOf('SELECT t.id FROM teams t JOIN accounts a ON a.id = t.account_id WHERE a.name = $1 AND t.name = $2', [agency, name]);
}

/** A pick from the search, as the dialog sends it after 'Add Account'. */
function picked(match: Json, team: string, extra: Json = {}) {
  const { accountName, state, street, city, zipCode, phone, cbid } = match;
  return { stage: 'adding', accountName, ...(state ? { state } : {}), team, street, city, zipCode, ...(phone ? { phone } : {}), ...(cbid ? { cbid } : {}), ...extra };
}

async function search(caller: string, query: string, host?: string) {
  const response = await call(caller, 'GET', `/api/account/v1/account/search?${query}`, undefined, host);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { content: Json[]; totalElements: number; page: number; size: number };
}

async function setFlag(key: string, enabled: boolean) {
  const response = await call('admin', 'PUT', `/api/auth/v1/feature-flags/${key}`, { enabled });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp();
  const users = {
    admin: 'admin@provider.example', operator: 'operator@provider.example', agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example',
    broker: 'broker@brokerage.example', policyholder: 'policyholder@insured.example',
  };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  ids.summit = await idOf('SELECT id FROM accounts WHERE name = $1', ['Summit Risk Partners']);
  ids.harbor = await idOf('SELECT id FROM accounts WHERE name = $1', ['Harbor Insurance Group']);
  ids.thames = await idOf('SELECT id FROM accounts WHERE name = $1', ['Thames Cyber Brokers']);
  ids.acme = await idOf('SELECT id FROM accounts WHERE name = $1', ['Acme Precision Manufacturing']);
  ids.alex = await idOf('SELECT id FROM users WHERE email = $1', ['agent@agency.example']);
  ids.olivia = await idOf('SELECT id FROM users WHERE email = $1', ['agent@otheragency.example']);
  ids.westCoast = await teamOf('Summit Risk Partners', 'West Coast');
  ids.eastCoast = await teamOf('Summit Risk Partners', 'East Coast');
  ids.city = await teamOf('Thames Cyber Brokers', 'City');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('createBusinessAccount (the function bulk upload calls)', () => {
  it('creates a US account with its details in one audited transaction, and refuses the same one again with 409', async () => {
    const created = await createBusinessAccount(t.db, t.clock, {
      agencyId: ids.summit!, name: '  Granite Peak Outfitters ', address: { address1: ' 88 Canyon Road ', city: 'Boulder', state: 'co', zipCode: '80302' },
      phone: '+1 (303) 555-0148', domainName: 'https://www.GranitePeak.example/about', industryCode: '459110',
    }, { userId: ids.alex!, source: 'test' });
    expect(created).toMatchObject({ edition: 'us', name: 'Granite Peak Outfitters', agencyId: ids.summit });
    const [row] = await t.db.query<Json>('SELECT * FROM account_details WHERE account_id = $1', [created.accountId]);
    expect(row).toMatchObject({ address1: '88 Canyon Road', state: 'CO', zip_code: '80302', phone: '3035550148', domain_name: 'granitepeak.example', industry_code: '459110', country: 'US' });
    expect(await auditCount('account.create', created.accountId)).toBe(1);
    await expect(createBusinessAccount(t.db, t.clock, {
      agencyId: ids.summit!, name: 'granite peak outfitters', address: { address1: '1 Other St', city: 'Boulder', state: 'CO', zipCode: '80302' },
    }, { userId: ids.alex!, source: 'test' })).rejects.toMatchObject({ statusCode: 409 });
  });

  it('answers faults by field in the edition’s words, and nothing is written', async () => {
    const before = (await t.db.query('SELECT 1 FROM accounts')).length;
    await expect(createBusinessAccount(t.db, t.clock, {
      agencyId: ids.thames!, name: 'x'.repeat(101), address: { address1: ' ', city: 'Leeds1', zipCode: '12345' }, phone: '12',
    }, { userId: null, source: 'test' })).rejects.toMatchObject({
      statusCode: 400,
      body: { errors: expect.arrayContaining([
        { field: 'accountName', message: 'Account Name is exceeding 100 Characters. Please reset Handler.' },
        { field: 'address1', message: 'Address is a required field' },
        { field: 'city', message: 'Invalid City/Town' },
        { field: 'zipCode', message: 'Invalid Postcode' },
        { field: 'phone', message: 'Phone number must be in the format 44 5555 555555' },
      ]) },
    });
    expect((await t.db.query('SELECT 1 FROM accounts')).length).toBe(before);
  });
});

describe('the new-account search', () => {
  it('pages the directory 10 at a time for the request’s country (US), by name and by state', async () => {
    const first = await search('agent', 'page=0&size=10');
    expect(first.size).toBe(10);
    expect(first.content).toHaveLength(10);
    expect(first.totalElements).toBeGreaterThan(10);
    const second = await search('agent', 'page=1&size=10');
    expect(second.content.map((row) => row.accountName)).not.toContain(first.content[0]!.accountName);
    expect(new Set([...first.content, ...second.content].map((row) => row.country))).toEqual(new Set(['US']));
    const harbor = await search('agent', 'search=harbor&page=0&size=10');
    expect(harbor.content.map((row) => row.accountName)).toEqual(['Harborline Marine Insurance Agency', 'Harborview Dental Group LLC']);
    expect(harbor.content[1]).toMatchObject({ source: 'directory', cbid: 'CB-US-00001', street: '1200 Harbor Blvd', city: 'San Diego', state: 'CA', zipCode: '92101' });
    const inCalifornia = await search('agent', 'search=harbor&state=CA&page=0&size=10');
    expect(inCalifornia.content.map((row) => row.accountName)).toEqual(['Harborview Dental Group LLC']);
  });

  it('gives a UK brokerage the UK directory (by country, GB)', async () => {
    const uk = await search('broker', 'search=harbourside&page=0&size=10', UK_HOST);
    expect(uk.content.map((row) => row.accountName)).toEqual(['Harbourside Architects LLP', 'Harbourside Dental Group Ltd']);
    expect(uk.content.every((row) => row.country === 'GB' && row.state === null)).toBe(true);
    expect(uk.content[1]!.phoneDisplay).toBe('+44 01174 960142');
  });

  it('refuses a size over 50 and a caller without account:write', async () => {
    expect((await call('agent', 'GET', '/api/account/v1/account/search?size=51')).statusCode).toBe(400);
    expect((await call('policyholder', 'GET', '/api/account/v1/account/search?search=a')).statusCode).toBe(403);
  });
});

describe('creating an account through the dialog (US agency)', () => {
  it("creates the picked company with a submission while submissions-view is on: 'Account Created Successfully!'", async () => {
    const [match] = (await search('agent', 'search=harborview&page=0&size=10')).content;
    const response = await call('agent', 'POST', '/api/account/v1/account', picked(match!, ids.westCoast!));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Account Created Successfully!');
    expect(body.account).toMatchObject({
      name: 'Harborview Dental Group LLC', cbid: 'CB-US-00001', agencyId: ids.summit, teamName: 'West Coast', agentName: 'Alex Agent', state: 'CA',
      domainName: 'harborviewdental.com', industryCode: '621210', status: 'Open', edition: 'us', phone: '6195550142',
    });
    expect(body.account.firmographics).toMatchObject({ source: 'directory', cbid: 'CB-US-00001', noOfEmployeesAll: 48, revenue: 6200000 });
    expect(body.submission.submissionNumber).toMatch(/^SUB-\d{4}-\d{5}$/);
    ids.harborview = body.account.id;
    expect(await auditCount('account.create', ids.harborview!)).toBe(1);
    expect(await auditCount('submission.create', body.submission.id)).toBe(1);
    const found = (await call('agent', 'GET', `/api/submission/v1/search?search=${body.submission.submissionNumber}`)).json();
    expect(found.content).toHaveLength(1);
    expect(found.content[0]).toMatchObject({ accountName: 'Harborview Dental Group LLC', agencyName: 'Summit Risk Partners', agentName: 'Alex Agent', teamName: 'West Coast', status: 'REQUESTED', businessType: 'New Business' });
    // Now one of the agency's accounts: the search lists it as such, no longer as a directory company.
    const again = (await search('agent', 'search=harborview&page=0&size=10')).content;
    expect(again).toEqual([expect.objectContaining({ source: 'account', accountId: ids.harborview, cbid: 'CB-US-00001' })]);
  });

  it('answers 409 with the server message when the account is picked again', async () => {
    const [match] = (await search('agent', 'search=harborview&page=0&size=10')).content;
    const response = await call('agent', 'POST', '/api/account/v1/account', picked(match!, ids.westCoast!));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This company is already one of your accounts.');
    const byName = await call('agent', 'POST', '/api/account/v1/account', { stage: 'lookup', accountName: 'harborview dental group llc', state: 'CA', team: ids.westCoast, street: '9 Elsewhere Rd', city: 'San Diego', zipCode: '92101' });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().message).toBe('An account with this name already exists at this address.');
  });

  it('makes no submission while submissions-view is off', async () => {
    await setFlag('submissions-view', false);
    try {
      const response = await call('agent', 'POST', '/api/account/v1/account', {
        stage: 'lookup', accountName: 'Pine Street Bakery', state: 'WA', team: ids.eastCoast, street: '1420 Pine St', city: 'Seattle', zipCode: '98101', phone: '2065550177',
        domainName: 'pinestreetbakery.com', naicsCode: '311811',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().submission).toBeNull();
      ids.bakery = response.json().account.id;
      expect((await t.db.query('SELECT 1 FROM submissions WHERE account_id = $1', [ids.bakery])).length).toBe(0);
    } finally {
      await setFlag('submissions-view', true);
    }
  });

  it("checks the dialog's form: 'Account Name is exceeding 100 Characters. Please reset Handler.', 'Please select a Team', 'Invalid ZIP Code', 'Invalid City'", async () => {
    const long = await call('agent', 'POST', '/api/account/v1/account', { stage: 'lookup', accountName: 'x'.repeat(101), state: 'CA', team: ids.westCoast, street: '1 Main St', city: 'Fresno', zipCode: '93721' });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'accountName', message: 'Account Name is exceeding 100 Characters. Please reset Handler.' })]));
    const noTeam = await call('agent', 'POST', '/api/account/v1/account', { stage: 'lookup', accountName: 'Fresno Feed Co', state: 'CA', street: '1 Main St', city: 'Fresno', zipCode: '93721' });
    expect(noTeam.statusCode).toBe(400);
    expect(noTeam.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'team', message: 'Please select a Team' })]));
    const bad = await call('agent', 'POST', '/api/account/v1/account', { stage: 'lookup', accountName: 'Fresno Feed Co', state: 'CA', team: ids.westCoast, street: '1 Main St', city: 'Fresno7', zipCode: '00000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'zipCode', message: 'Invalid ZIP Code' }), expect.objectContaining({ field: 'city', message: 'Invalid City' }),
    ]));
    const phone = await call('agent', 'POST', '/api/account/v1/account', { stage: 'lookup', accountName: 'Fresno Feed Co', state: 'CA', team: ids.westCoast, street: '1 Main St', city: 'Fresno', zipCode: '93721', phone: '555' });
    expect(phone.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'phone', message: 'Phone number must be in the format (555) 555-5555' })]));
  });

  it("refuses another agency's team", async () => {
    const newEngland = await teamOf('Harbor Insurance Group', 'New England');
    const response = await call('agent', 'POST', '/api/account/v1/account', { stage: 'lookup', accountName: 'Fresno Feed Co', state: 'CA', team: newEngland, street: '1 Main St', city: 'Fresno', zipCode: '93721' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please select a Team');
  });
});

describe('address verification', () => {
  it('US: a ZIP Code of another state cannot be verified (country USA), a consistent one can', async () => {
    const wrong = await call('agent', 'POST', '/api/account/v1/address/verify', { street: '1 Main St', city: 'Fresno', state: 'CA', zipCode: '10001' });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ country: 'USA', verified: false, errorFields: ['zipCode', 'state'], localizedErrorFieldNames: ['Zip Code', 'State'], mayConfirm: false });
    const right = await call('agent', 'POST', '/api/account/v1/address/verify', { street: '1 Main St', city: 'Fresno', state: 'CA', zipCode: '93721-1234' });
    expect(right.json()).toMatchObject({ verified: true, errorFields: [], localizedErrorFieldNames: [] });
    expect((await call('admin', 'POST', '/api/account/v1/address/verify', { street: '1 Main St', city: 'Fresno', state: 'CA', zipCode: '10001' })).json().mayConfirm).toBe(true);
  });

  it('UK: a postcode outside the postcode areas cannot be verified (country GBR), in UK words', async () => {
    const wrong = await call('broker', 'POST', '/api/account/v1/address/verify', { street: '1 High St', city: 'Leeds', zipCode: 'QQ1 1AA' }, UK_HOST);
    expect(wrong.json()).toEqual({ country: 'GBR', verified: false, errorFields: ['zipCode'], localizedErrorFieldNames: ['Postcode'], mayConfirm: false });
    const right = await call('broker', 'POST', '/api/account/v1/address/verify', { street: '1 High St', city: 'Leeds', zipCode: 'ls1 5jd' }, UK_HOST);
    expect(right.json()).toMatchObject({ country: 'GBR', verified: true });
  });

  it('an unverified address is refused with 422; only a provider admin may confirm it (server-enforced)', async () => {
    const fields = { stage: 'lookup', accountName: 'Mismatch Supply Co', state: 'CA', team: ids.westCoast, street: '1 Main St', city: 'Fresno', zipCode: '10001' };
    const refused = await call('agent', 'POST', '/api/account/v1/account', fields);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'Unable to verify address', errors: [{ field: 'zipCode', message: 'Zip Code' }, { field: 'state', message: 'State' }] });
    const override = await call('agent', 'POST', '/api/account/v1/account', { ...fields, confirmUnverifiedAddress: true });
    expect(override.statusCode).toBe(403);
    expect((await t.db.query('SELECT 1 FROM accounts WHERE name = $1', ['Mismatch Supply Co'])).length).toBe(0);
    const admin = await call('admin', 'POST', '/api/account/v1/account', { ...fields, agency: ids.summit, agent: ids.alex, confirmUnverifiedAddress: true });
    expect(admin.statusCode, admin.body).toBe(201);
    const [detail] = await t.db.query<{ address_confirmed_by: string }>('SELECT address_confirmed_by FROM account_details WHERE account_id = $1', [admin.json().account.id]);
    expect(detail!.address_confirmed_by).toBe(await idOf('SELECT id FROM users WHERE email = $1', ['admin@provider.example']));
  });
});

describe('provider staff create for an agency', () => {
  it("needs the agency ('Please select a Agency') and its agent; agencies of the request's edition only", async () => {
    const fields = { stage: 'lookup', accountName: 'Cobalt Robotics Inc', state: 'TX', team: ids.eastCoast, street: '500 Commerce St', city: 'Dallas', zipCode: '75202' };
    const noAgency = await call('admin', 'POST', '/api/account/v1/account', fields);
    expect(noAgency.statusCode).toBe(400);
    expect(noAgency.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'agency', message: 'Please select a Agency' })]));
    const noAgent = await call('admin', 'POST', '/api/account/v1/account', { ...fields, agency: ids.summit });
    expect(noAgent.statusCode).toBe(400);
    expect(noAgent.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'agent' })]));
    const created = await call('admin', 'POST', '/api/account/v1/account', { ...fields, agency: ids.summit, agent: ids.alex });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().account).toMatchObject({ agencyName: 'Summit Risk Partners', agentName: 'Alex Agent', teamName: 'East Coast' });
    const agencies = (await call('admin', 'GET', '/api/account/v1/account/agencies')).json().content.map((row: Json) => row.name);
    expect(agencies).toContain('Summit Risk Partners - Denver');
    expect(agencies).not.toContain('Thames Cyber Brokers - London');
    const ukAgencies = (await call('admin', 'GET', '/api/account/v1/account/agencies', undefined, UK_HOST)).json().content.map((row: Json) => row.name);
    expect(ukAgencies).toEqual(['Thames Cyber Brokers - London']);
    const agents = (await call('admin', 'GET', `/api/account/v1/account/agents?agencyId=${ids.summit}&teamId=${ids.westCoast}`)).json().content;
    expect(agents.map((row: Json) => row.email)).toEqual(['agent@agency.example']);
  });

  it('an agency user gets only its own agency, teams and agents', async () => {
    expect((await call('agent', 'GET', '/api/account/v1/account/agencies')).json().content.map((row: Json) => row.id)).toEqual([ids.summit]);
    expect((await call('agent', 'GET', '/api/account/v1/account/teams')).json().content.map((row: Json) => row.name)).toEqual(['Default Team', 'East Coast', 'West Coast']);
    expect((await call('agent', 'GET', `/api/account/v1/account/teams?agencyId=${ids.harbor}`)).statusCode).toBe(404);
    expect((await call('agent', 'GET', `/api/account/v1/account/agents?agencyId=${ids.harbor}`)).statusCode).toBe(404);
  });
});

describe('a UK brokerage', () => {
  it('creates a picked UK company with UK fields (Postcode, Town/City, address3, sicCode, +44)', async () => {
    const [match] = (await search('broker', 'search=clydeside&page=0&size=10', UK_HOST)).content;
    const response = await call('broker', 'POST', '/api/account/v1/account', picked(match!, ids.city!), UK_HOST);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().account).toMatchObject({ name: 'Clydeside Engineering Ltd', city: 'Glasgow', zipCode: 'G2 6AE', state: null, country: 'GB', industryCode: '25620', edition: 'uk', phone: '1414960157' });
    const typed = await call('broker', 'POST', '/api/account/v1/account', {
      stage: 'lookup', accountName: 'Severn Valley Joinery Ltd', team: ids.city, street: '4 Mill Lane', address3: 'Coalbrookdale', city: 'Telford', zipCode: 'tf8 7dq',
      phone: '01952960123', sicCode: '16230', domainName: 'severnvalleyjoinery.co.uk',
    }, UK_HOST);
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json().account).toMatchObject({ zipCode: 'TF8 7DQ', phone: '1952960123', industryCode: '16230', address3: 'Coalbrookdale' });
  });

  it("is told the UK rules: 'Invalid City/Town', 'Invalid Postcode' and the +44 phone format", async () => {
    const response = await call('broker', 'POST', '/api/account/v1/account', { stage: 'lookup', accountName: 'Bad Address Ltd', team: ids.city, street: '1 High St', city: 'Leeds 1', zipCode: '12345', phone: '123' }, UK_HOST);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'city', message: 'Invalid City/Town' }),
      expect.objectContaining({ field: 'zipCode', message: 'Invalid Postcode' }),
      expect.objectContaining({ field: 'phone', message: 'Phone number must be in the format 44 5555 555555' }),
    ]));
  });

  it('cannot create under the US edition (its agency is UK)', async () => {
    const response = await call('broker', 'POST', '/api/account/v1/account', { stage: 'lookup', accountName: 'Wrong Host Ltd', state: 'CA', team: ids.city, street: '1 Main St', city: 'Fresno', zipCode: '93721' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please select a Agency');
  });
});

describe('the accounts list and the tenant rule', () => {
  it('an agency sees its own clients; provider staff all; another agency’s account answers like a missing one', async () => {
    const own = (await call('agent', 'GET', '/api/account/v1/accounts?size=100')).json();
    const names = own.content.map((row: Json) => row.name);
    expect(names).toEqual(expect.arrayContaining(['Harborview Dental Group LLC', 'Acme Precision Manufacturing', 'Pine Street Bakery']));
    expect(own.content.every((row: Json) => row.agencyId === ids.summit)).toBe(true);
    const other = (await call('otherAgent', 'GET', '/api/account/v1/accounts?size=100')).json();
    expect(other.content.map((row: Json) => row.name)).not.toContain('Harborview Dental Group LLC');
    const all = (await call('admin', 'GET', '/api/account/v1/accounts?size=100')).json();
    expect(all.totalElements).toBeGreaterThan(own.totalElements);
    for (const [method, url] of [
      ['GET', `/api/account/v1/account/${ids.harborview}`], ['DELETE', `/api/account/v1/account/${ids.harborview}`],
      ['POST', `/api/account/v1/account/${ids.harborview}/scan`], ['POST', `/api/account/v1/account/${ids.harborview}/firmographics/refresh`],
      ['GET', `/api/account/v1/account/${MISSING_ID}`],
    ] as const) {
      const response = await call('otherAgent', method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe('Account not found.');
    }
    expect((await call('otherAgent', 'GET', `/api/submission/v1/search?accountId=${ids.harborview}`)).json().totalElements).toBe(0);
    // The policyholder sees its own account only.
    const mine = (await call('policyholder', 'GET', '/api/account/v1/accounts')).json();
    expect(mine.content.map((row: Json) => row.name)).toEqual(['Acme Precision Manufacturing']);
    expect((await call('policyholder', 'GET', `/api/account/v1/account/${ids.harborview}`)).statusCode).toBe(404);
  });

  it('searches, sorts and filters on the server', async () => {
    const searched = (await call('agent', 'GET', '/api/account/v1/accounts?search=bakery')).json();
    expect(searched.content.map((row: Json) => row.name)).toEqual(['Pine Street Bakery']);
    const sorted = (await call('agent', 'GET', '/api/account/v1/accounts?sort=name,desc&size=100')).json().content.map((row: Json) => row.name.toLowerCase());
    expect(sorted).toEqual([...sorted].sort().reverse());
    const open = (await call('agent', 'GET', '/api/account/v1/accounts?type=Open&size=100')).json();
    expect(open.totalElements).toBeGreaterThan(0);
    expect((await call('agent', 'GET', '/api/account/v1/accounts?type=Quoted')).json().totalElements).toBe(0);
  });
});

describe('refresh firmographic data and the on-demand scan', () => {
  it('refreshes from the company directory (source directory) and audits it', async () => {
    const response = await call('agent', 'POST', `/api/account/v1/account/${ids.harborview}/firmographics/refresh`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().firmographics).toMatchObject({ source: 'directory', cbid: 'CB-US-00001', yearEstablished: 2004, ownershipType: 'Private' });
    expect(await auditCount('account.firmographics.refresh', ids.harborview!)).toBe(1);
    const unknown = await call('agent', 'POST', `/api/account/v1/account/${ids.bakery}/firmographics/refresh`);
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toBe('No company in the directory matches this account, so there is nothing to refresh.');
  });

  it('records a dated local scan of the domain, the same findings for the same domain', async () => {
    const first = await call('agent', 'POST', `/api/account/v1/account/${ids.harborview}/scan`);
    expect(first.statusCode, first.body).toBe(201);
    t.clock.advance(60_000);
    const second = await call('agent', 'POST', `/api/account/v1/account/${ids.harborview}/scan`);
    expect(first.json()).toMatchObject({ source: 'local scan', domainName: 'harborviewdental.com' });
    expect(second.json().findings).toEqual(first.json().findings);
    expect(second.json().score).toBe(first.json().score);
    expect(first.json().findings).toHaveLength(6);
    expect(first.json().summary).toMatch(/^\d of 6 checks passed$/);
    const scans = (await call('agent', 'GET', `/api/account/v1/account/scans?accountId=${ids.harborview}`)).json();
    expect(scans.totalElements).toBe(2);
    expect(scans.content[0].scanned > scans.content[1].scanned).toBe(true);
    expect((await call('agent', 'GET', `/api/account/v1/account/${ids.harborview}`)).json().latestScan.id).toBe(second.json().id);
    expect(await auditCount('account.scan', ids.harborview!)).toBe(2);
  });
});

describe('the no-primary-domain attestation', () => {
  it('is recorded for an account without a domain and refused for one with a domain', async () => {
    const created = await call('agent', 'POST', '/api/account/v1/account', { stage: 'lookup', accountName: 'Quiet Creek Farm', state: 'OR', team: ids.westCoast, street: '77 Farm Rd', city: 'Salem', zipCode: '97301' });
    const id = created.json().account.id;
    expect((await call('agent', 'POST', `/api/account/v1/account/${id}/scan`)).json().message).toBe('This account has no primary domain to scan.');
    const unticked = await call('agent', 'PUT', `/api/account/v1/account/${id}/no-domain`, {});
    expect(unticked.statusCode).toBe(400);
    const attested = await call('agent', 'PUT', `/api/account/v1/account/${id}/no-domain`, { attest: true });
    expect(attested.statusCode, attested.body).toBe(200);
    expect(attested.json()).toMatchObject({ noDomainAttested: true });
    expect(await auditCount('account.no-domain.attest', id)).toBe(1);
    expect((await call('agent', 'PUT', `/api/account/v1/account/${ids.harborview}/no-domain`, { attest: true })).statusCode).toBe(409);
  });
});

describe('changing the agent of an account', () => {
  it("asks for the organization contact first: 'Update this account's organization contact info and try again'", async () => {
    const response = await call('agent', 'PUT', `/api/account/v1/account/${ids.harborview}/agent`, { team: ids.eastCoast, agent: ids.alex });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Update this account's organization contact info and try again");
  });

  it("needs a team ('Team is a required field.') and changes agent and team once the contact is there, audited", async () => {
    const contact = await call('agent', 'PUT', `/api/account/v1/account/${ids.harborview}/contact`, { contactFirstName: 'Lena', contactLastName: 'Ortiz', contactEmail: 'Lena@HarborviewDental.com', contactPhone: '6195550199' });
    expect(contact.statusCode, contact.body).toBe(200);
    expect(contact.json()).toMatchObject({ contactFirstName: 'Lena', contactEmail: 'lena@harborviewdental.com', contactPhone: '6195550199' });
    const noTeam = await call('agent', 'PUT', `/api/account/v1/account/${ids.harborview}/agent`, { agent: ids.alex });
    expect(noTeam.statusCode).toBe(400);
    expect(noTeam.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'team', message: 'Team is a required field.' })]));
    const newAgent = await t.createUser({ email: 'casey@agency.example', accountOf: 'agent@agency.example' });
    const changed = await call('agent', 'PUT', `/api/account/v1/account/${ids.harborview}/agent`, { team: ids.eastCoast, agent: newAgent });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ teamName: 'East Coast', agentUserId: newAgent });
    expect(await auditCount('account.agent.change', ids.harborview!)).toBe(1);
    const foreign = await call('agent', 'PUT', `/api/account/v1/account/${ids.harborview}/agent`, { team: ids.eastCoast, agent: ids.olivia });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('The selected agent is not a user of this agency.');
  });
});

describe('my agent (the policyholder)', () => {
  beforeAll(async () => {
    const at = t.clock.now();
    await t.db.query('INSERT INTO account_interested_agencies (account_id, agency_id, agent_user_id, added_at) VALUES ($1, $2, $3, $4), ($1, $5, $6, $4)',
      [ids.acme, ids.summit, ids.alex, at, ids.harbor, ids.olivia]);
  });

  it('makes an agent its own: the other interested agencies are set aside; removing puts them back; both audited', async () => {
    const before = (await call('policyholder', 'GET', '/api/account/v1/account/interested-agencies')).json();
    expect(before.accountId).toBe(ids.acme);
    expect(before.content.map((row: Json) => [row.agencyName, row.isMyAgent])).toEqual([['Harbor Insurance Group', false], ['Summit Risk Partners', false]]);
    const set = await call('policyholder', 'PUT', `/api/account/v1/account/${ids.acme}/my-agent/${ids.summit}`);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ agencyName: 'Summit Risk Partners', agentName: 'Alex Agent', agentEmail: 'agent@agency.example' });
    const after = (await call('policyholder', 'GET', '/api/account/v1/account/interested-agencies')).json();
    expect(after.content.map((row: Json) => [row.agencyName, row.isMyAgent])).toEqual([['Summit Risk Partners', true]]);
    expect((await call('policyholder', 'GET', `/api/account/v1/account/${ids.acme}`)).json().myAgent).toMatchObject({ agentName: 'Alex Agent' });
    expect(await auditCount('account.my-agent.set', ids.acme!)).toBe(1);
    // Harbor was set aside: it is no longer offered.
    expect((await call('policyholder', 'PUT', `/api/account/v1/account/${ids.acme}/my-agent/${ids.harbor}`)).statusCode).toBe(404);
    const removed = await call('policyholder', 'DELETE', `/api/account/v1/account/${ids.acme}/my-agent`);
    expect(removed.statusCode, removed.body).toBe(200);
    const back = (await call('policyholder', 'GET', '/api/account/v1/account/interested-agencies')).json();
    expect(back.content.map((row: Json) => [row.agencyName, row.isMyAgent])).toEqual([['Harbor Insurance Group', false], ['Summit Risk Partners', false]]);
    expect(await auditCount('account.my-agent.remove', ids.acme!)).toBe(1);
    expect((await call('policyholder', 'DELETE', `/api/account/v1/account/${ids.acme}/my-agent`)).statusCode).toBe(409);
  });

  it('is the policyholder’s choice: an agency may not make itself the agent', async () => {
    expect((await call('agent', 'PUT', `/api/account/v1/account/${ids.acme}/my-agent/${ids.summit}`)).statusCode).toBe(403);
    expect((await call('otherAgent', 'PUT', `/api/account/v1/account/${ids.acme}/my-agent/${ids.harbor}`)).statusCode).toBe(404);
  });
});

describe('deleting an account', () => {
  it('deletes one without records (its new submission goes with it), audited', async () => {
    const response = await call('agent', 'DELETE', `/api/account/v1/account/${ids.bakery}`);
    expect(response.statusCode, response.body).toBe(200);
    expect((await call('agent', 'GET', `/api/account/v1/account/${ids.bakery}`)).statusCode).toBe(404);
    expect(await auditCount('account.delete', ids.bakery!)).toBe(1);
  });

  it('refuses with a clear message while the account has claims, users or submissions being worked on', async () => {
    await t.db.query(
      `INSERT INTO claims (account_id, agency_id, edition, status, is_filed, data, created_at, modified_at) VALUES ($1, $2, 'us', 'UN_FILED', false, '{}', $3, $3)`,
      [ids.harborview, ids.summit, t.clock.now()],
    );
    const claims = await call('agent', 'DELETE', `/api/account/v1/account/${ids.harborview}`);
    expect(claims.statusCode).toBe(409);
    expect(claims.json().message).toBe('This account cannot be deleted: it has 1 claim.');
    const users = await call('agent', 'DELETE', `/api/account/v1/account/${ids.acme}`);
    expect(users.statusCode).toBe(409);
    expect(users.json().message).toBe('This account cannot be deleted: it has 1 user.');
    expect((await call('agent', 'GET', `/api/account/v1/account/${ids.harborview}`)).statusCode).toBe(200);
    expect((await call('policyholder', 'DELETE', `/api/account/v1/account/${ids.acme}`)).statusCode).toBe(403);
  });
});

describe('the demo accounts of a development start', () => {
  it('seed with the demo records: addresses, domains, directory clients, submissions, a scan', async () => {
    const dev = await startTestApp();
    try {
      await dev.db.transaction((tx) => seedDemoRecords(tx, dev.clock));
      const [counts] = await dev.db.query<{ details: number; submissions: number; scans: number; interested: number }>(
        `SELECT (SELECT count(*)::int FROM account_details d JOIN accounts a ON a.id = d.account_id WHERE a.name = ANY($1)) AS details,
                (SELECT count(*)::int FROM submissions) AS submissions,
                (SELECT count(*)::int FROM account_scans) AS scans, (SELECT count(*)::int FROM account_interested_agencies WHERE account_id = (SELECT id FROM accounts WHERE name = 'Acme Precision Manufacturing')) AS interested`,
        [[...DEMO_CLIENTS.map((client) => client.name), 'Acme Precision Manufacturing', 'Union Square Bistro Group', 'Nimbus Cloud Consulting',
          'Juniper Legal Services', 'Orchard Lane Dental', 'Clydeside Engineering Ltd']],
      );
      expect(counts).toEqual({ details: 12, submissions: 10, scans: 1, interested: 2 });
    } finally {
      await dev.close();
    }
  }, 150_000);
});
