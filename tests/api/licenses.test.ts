import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Licences (spec 001 sections 3, 5, 7, 8 and 9): agency, agent and surplus lines licences, each list paged,
 * sorted, searched and filtered on the server within the tenant rule (an agency its own; provider staff every
 * agency's; another agency's licence answers like a missing one), every write checked by its form definition
 * with the spec's texts, the agency picker and signatureOnFile for provider staff only, every change audited,
 * and the surplus lines notice of each state stored in the database. Licences by US state are a US notion:
 * the UK edition answers every licence operation with 404 and says so. The test clock's today is 2026-03-02.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const UK_HOST = 'console.example.uk';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const TODAY = '2026-03-02';
const US_ONLY = 'Licenses by US state and surplus lines licenses are part of the US edition only.';
const TEXTS = {
  agencyAddFailed: 'Not able to add license at this time.Please try again later.',
  agentAddFailed: 'Cannot add license at this time.Please try again later.',
  addFailed: 'Failed to add license. Please try again!',
  editFailed: 'Failed to edit license. Please try again!',
  surplusDone: 'Surplus License added, updated or deleted succesfully!',
  invalidAgency: 'The selected agency is invalid.',
};

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, status = 200): Promise<Json> {
  const response = await call(caller, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json();
}

const page = (caller: string, path: string, query = '') => ok(caller, 'GET', `${path}?${query}`);
const AGENCY_SEARCH = '/api/agency/v1/license/search/';
const AGENT_SEARCH = '/api/agency/v1/agent/license/search/';
const SURPLUS_SEARCH = '/api/account/v1/agency/surplus/search';

async function actionsOn(target: string): Promise<string[]> {
  return (await t.db.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1 ORDER BY id', [target])).map((row) => row.action);
}

/** A multipart body with text fields and, when given, one file. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }) {
  const boundary = '----licences-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

function upload(caller: string, fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }) {
  const body = multipart(fields, file);
  return t.inject({
    method: 'POST', url: '/api/account/v1/agency/surplus/notice/upload', payload: body.payload,
    headers: { authorization: `Bearer ${tokens[caller]}`, ...body.headers },
  });
}

beforeAll(async () => {
  t = await startTestApp();
  const users = {
    admin: 'admin@provider.example', operator: 'operator@provider.example', agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example',
    broker: 'broker@brokerage.example', policyholder: 'policyholder@insured.example',
  };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  const accounts = await t.db.query<{ id: string; name: string }>('SELECT id, name FROM accounts');
  const account = (name: string) => accounts.find((row) => row.name === name)!.id;
  Object.assign(ids, {
    summit: account('Summit Risk Partners'), harbor: account('Harbor Insurance Group'), thames: account('Thames Cyber Brokers'), provider: account('Cyber Console'),
  });
  const people = await t.db.query<{ id: string; email: string }>('SELECT id, email FROM users');
  const user = (email: string) => people.find((row) => row.email === email)!.id;
  Object.assign(ids, { alex: user('agent@agency.example'), olivia: user('agent@otheragency.example'), ben: user('broker@brokerage.example'), ada: user('admin@provider.example') });
});

afterAll(async () => {
  await t?.close();
});

describe('agency licences', () => {
  const valid = { number: 'AGY 0932178', state: 'CO', expirationDate: '2027-06-30', npn: '17654321' };

  it("an agency adds its own licence (NPN left out takes the agency's), reads, edits and deletes it, each change audited", async () => {
    const created = await ok('agent', 'POST', '/api/agency/v1/license', { number: '  CO 118842 ', state: 'CO', expirationDate: '2027-06-30', activeResidentState: true }, 201);
    expect(created).toMatchObject({ agencyId: ids.summit, agencyName: 'Summit Risk Partners', npn: '17654321', number: 'CO 118842', state: 'CO', activeResidentState: true, expirationDate: '2027-06-30' });
    expect(await ok('agent', 'GET', `/api/agency/v1/license/${created.id}`)).toMatchObject({ number: 'CO 118842' });

    const saved = await ok('agent', 'PUT', '/api/agency/v1/license', { id: created.id, number: 'CO 118843', state: 'CO', expirationDate: '2028-01-31', activeResidentState: true, npn: '17654321' });
    expect(saved).toMatchObject({ id: created.id, number: 'CO 118843', expirationDate: '2028-01-31' });

    expect(await ok('agent', 'DELETE', `/api/agency/v1/license/${created.id}`)).toEqual({ message: 'License deleted' });
    expect((await call('agent', 'GET', `/api/agency/v1/license/${created.id}`)).statusCode).toBe(404);
    expect(await actionsOn(created.id)).toEqual(['license.agency.create', 'license.agency.update', 'license.agency.delete']);
  });

  it.each([
    ['no licence number', { number: '' }, 'number', 'License # is required'],
    ['a licence number with other characters', { number: 'AB-12' }, 'number', 'Only alphabets and numbers are allowed for this field '],
    ['an NPN of 11 digits', { npn: '12345678901' }, 'npn', 'NPN must be less than or equal to 10 digits'],
    ['no state', { state: undefined }, 'state', 'State field is required'],
    ['a state that is not a US state', { state: 'ZZ' }, 'state', 'Please select a valid State'],
    ['no expiration date', { expirationDate: undefined }, 'expirationDate', 'Date is required'],
    ['an expiration date before today', { expirationDate: '2026-03-01' }, 'expirationDate', 'Expiration date cannot be before today'],
  ])("%s is refused with the spec's text", async (_, change, field, message) => {
    const response = await call('agent', 'POST', '/api/agency/v1/license', { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: TEXTS.agencyAddFailed, errors: [{ field, message }] });
  });

  it("an agency cannot name another agency; provider staff must name a US agency ('The selected agency is invalid.')", async () => {
    const foreign = await call('agent', 'POST', '/api/agency/v1/license', { ...valid, agencyId: ids.harbor });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ message: TEXTS.agencyAddFailed, errors: [{ field: 'agencyId', message: TEXTS.invalidAgency }] });
    for (const agencyId of [undefined, MISSING_ID, ids.thames, ids.provider, 'not-an-id']) {
      const response = await call('admin', 'POST', '/api/agency/v1/license', { ...valid, agencyId });
      expect(response.statusCode, String(agencyId)).toBe(400);
      expect(response.json().errors).toEqual([expect.objectContaining({ field: 'agencyId', message: TEXTS.invalidAgency })]);
    }
    const forHarbor = await ok('admin', 'POST', '/api/agency/v1/license', { ...valid, agencyId: ids.harbor, npn: undefined }, 201);
    expect(forHarbor).toMatchObject({ agencyId: ids.harbor, agencyName: 'Harbor Insurance Group', npn: '18765432' });
  });

  it('one licence number per state; marking a resident state takes the mark off the agency\'s other licence', async () => {
    const first = await ok('agent', 'POST', '/api/agency/v1/license', { ...valid, number: 'RES 1', state: 'TX', activeResidentState: true }, 201);
    const taken = await call('agent', 'POST', '/api/agency/v1/license', { ...valid, number: 'res 1', state: 'TX' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([{ field: 'number', message: 'A license with this number already exists in this state.', code: 'taken' }]);
    const second = await ok('agent', 'POST', '/api/agency/v1/license', { ...valid, number: 'RES 1', state: 'NM', activeResidentState: true }, 201);
    expect(second.activeResidentState).toBe(true);
    expect((await ok('agent', 'GET', `/api/agency/v1/license/${first.id}`)).activeResidentState).toBe(false);
    const resident = await page('agent', AGENCY_SEARCH, 'activeResidentState=true');
    expect(resident.content.map((row: Json) => row.id)).toEqual([second.id]);
  });

  it("an agency lists only its own licences; provider staff every agency's; paged, sorted, searched and filtered on the server", async () => {
    for (const [state, number, expirationDate] of [['CA', 'CA 7781', '2027-01-31'], ['NY', 'NY 2207', '2026-12-31'], ['FL', 'FL 3390', '2028-03-31']]) {
      await ok('agent', 'POST', '/api/agency/v1/license', { ...valid, state, number, expirationDate }, 201);
    }
    await ok('otherAgent', 'POST', '/api/agency/v1/license', { ...valid, state: 'MA', number: 'MA 5521' }, 201);
    const own = await page('agent', AGENCY_SEARCH, 'size=100');
    expect(new Set(own.content.map((row: Json) => row.agencyName))).toEqual(new Set(['Summit Risk Partners']));
    const all = await page('admin', AGENCY_SEARCH, 'size=100');
    expect(new Set(all.content.map((row: Json) => row.agencyName))).toEqual(new Set(['Summit Risk Partners', 'Harbor Insurance Group']));
    expect((await page('admin', AGENCY_SEARCH, `agencyId=${ids.harbor}&size=100`)).content.every((row: Json) => row.agencyName === 'Harbor Insurance Group')).toBe(true);

    const byDate = own.content.map((row: Json) => row.expirationDate);
    expect(byDate).toEqual([...byDate].sort());
    const byState = (await page('agent', AGENCY_SEARCH, 'sort=state,desc&size=100')).content.map((row: Json) => row.state);
    expect(byState).toEqual([...byState].sort().reverse());
    expect((await page('agent', AGENCY_SEARCH, 'search=ny 22')).content.map((row: Json) => row.number)).toEqual(['NY 2207']);
    expect((await page('agent', AGENCY_SEARCH, 'state=FL')).content.map((row: Json) => row.number)).toEqual(['FL 3390']);
    const first = await page('agent', AGENCY_SEARCH, 'size=2&page=0');
    const second = await page('agent', AGENCY_SEARCH, 'size=2&page=1');
    expect(first.totalElements).toBe(own.totalElements);
    expect(first.content.map((row: Json) => row.id)).not.toEqual(second.content.map((row: Json) => row.id));
    expect((await call('agent', 'GET', `${AGENCY_SEARCH}?sort=createdAt,asc`)).statusCode).toBe(400);
  });

  it('another agency\'s licence answers like a missing one, for reads, edits and deletes', async () => {
    const foreign = await ok('otherAgent', 'POST', '/api/agency/v1/license', { ...valid, state: 'RI', number: 'RI 100' }, 201);
    for (const id of [foreign.id, MISSING_ID]) {
      const read = await call('agent', 'GET', `/api/agency/v1/license/${id}`);
      const edit = await call('agent', 'PUT', '/api/agency/v1/license', { ...valid, id });
      const remove = await call('agent', 'DELETE', `/api/agency/v1/license/${id}`);
      for (const response of [read, edit, remove]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('License not found.');
      }
    }
    expect((await ok('otherAgent', 'GET', `/api/agency/v1/license/${foreign.id}`)).number).toBe('RI 100');
    const edited = await call('agent', 'PUT', '/api/agency/v1/license', { ...valid, number: 'x-1' });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().message).toBe(TEXTS.agencyAddFailed);
    const noId = await call('agent', 'PUT', '/api/agency/v1/license', valid);
    expect(noId.json()).toMatchObject({ message: TEXTS.editFailed, errors: [{ field: 'id' }] });
  });

  it('needs license:read to read and license:write to change', async () => {
    expect((await call('policyholder', 'GET', AGENCY_SEARCH)).statusCode).toBe(403);
    expect((await call('operator', 'GET', AGENCY_SEARCH)).statusCode).toBe(200);
    expect((await call('operator', 'POST', '/api/agency/v1/license', valid)).statusCode).toBe(403);
  });
});

describe('both editions', () => {
  it.each([
    ['GET', AGENCY_SEARCH, undefined],
    ['POST', '/api/agency/v1/license', { number: 'A 1', state: 'CA', expirationDate: '2027-01-01' }],
    ['GET', AGENT_SEARCH, undefined],
    ['GET', '/api/agency/v1/agent/license/TX', undefined],
    ['POST', '/api/agency/v1/agent/license', {}],
    ['GET', SURPLUS_SEARCH, undefined],
    ['POST', '/api/account/v1/agency/surplus', { brokerFirstName: 'Ann' }],
    ['GET', '/api/docs/v1/template?type=surplusNotice&state=LA', undefined],
  ] as const)('the UK edition answers %s %s with 404 and says licences are US only', async (method, url, body) => {
    for (const caller of ['broker', 'admin']) {
      const response = await call(caller, method, url, body, UK_HOST);
      expect(response.statusCode, `${caller} ${method} ${url}`).toBe(404);
      expect(response.json().message).toBe(US_ONLY);
    }
  });

  it('a UK brokerage holds no US licences, whichever host it calls', async () => {
    const response = await call('broker', 'POST', '/api/agency/v1/license', { number: 'UK 1', state: 'NY', expirationDate: '2027-01-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ field: 'agencyId', message: TEXTS.invalidAgency })]);
    expect((await page('broker', AGENCY_SEARCH)).totalElements).toBe(0);
    expect((await page('admin', '/api/agency/v1/license/agencies', 'size=200')).content.map((row: Json) => row.name)).not.toContain('Thames Cyber Brokers');
  });
});

describe('agent licences', () => {
  const valid = { number: 'OK 48213', state: 'TX', expirationDate: '2027-03-31' };

  it("offers the agency's own active users as agents; provider staff every US agency's", async () => {
    const own = await page('agent', '/api/agency/v1/agent/license/agents');
    expect(own.content.map((row: Json) => row.email)).toEqual(['agent@agency.example']);
    expect(own.content[0]).toMatchObject({ id: ids.alex, firstName: 'Alex', lastName: 'Agent', agencyName: 'Summit Risk Partners', label: 'Alex Agent (agent@agency.example)' });
    const all = await page('admin', '/api/agency/v1/agent/license/agents', 'size=200');
    const emails = all.content.map((row: Json) => row.email);
    expect(emails).toEqual(expect.arrayContaining(['agent@agency.example', 'agent@otheragency.example']));
    expect(emails).not.toContain('broker@brokerage.example');
    expect(emails).not.toContain('admin@provider.example');
    expect(all.content.find((row: Json) => row.email === 'agent@otheragency.example').label).toBe('Olivia Other (agent@otheragency.example), Harbor Insurance Group');
    expect((await page('admin', '/api/agency/v1/agent/license/agents', 'search=olivia')).content.map((row: Json) => row.email)).toEqual(['agent@otheragency.example']);
  });

  it("adds a licence for one of the agency's agents, with the agent's name, e-mail and phone; edits and deletes it, audited", async () => {
    const created = await ok('agent', 'POST', '/api/agency/v1/agent/license', { ...valid, agentId: ids.alex, agentFirstName: 'Not', agentLastName: 'Stored' }, 201);
    expect(created).toMatchObject({ agentId: ids.alex, agentFirstName: 'Alex', agentLastName: 'Agent', agentEmail: 'agent@agency.example', agencyName: 'Summit Risk Partners', ...valid });
    const saved = await ok('agent', 'PUT', '/api/agency/v1/agent/license', { ...valid, id: created.id, agentId: ids.alex, number: 'OK 48214', npn: '17654321' });
    expect(saved).toMatchObject({ number: 'OK 48214', npn: '17654321' });
    expect(await ok('agent', 'GET', `/api/agency/v1/agent/license/id/${created.id}`)).toMatchObject({ number: 'OK 48214' });
    expect(await ok('agent', 'DELETE', `/api/agency/v1/agent/license/${created.id}`)).toEqual({ message: 'License deleted' });
    expect(await actionsOn(created.id)).toEqual(['license.agent.create', 'license.agent.update', 'license.agent.delete']);
  });

  it("agent, number, state and date are required; an agent of another agency is refused ('Cannot add license …')", async () => {
    const empty = await call('agent', 'POST', '/api/agency/v1/agent/license', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: TEXTS.agentAddFailed });
    expect(empty.json().errors.map((error: Json) => [error.field, error.message])).toEqual([
      ['agentId', 'Agent is a required field'], ['number', 'License # is a required field'], ['state', 'State is a required field'], ['expirationDate', 'Expiration Date is a required field'],
    ]);
    for (const agentId of [ids.olivia, ids.ada, MISSING_ID]) {
      const response = await call('agent', 'POST', '/api/agency/v1/agent/license', { ...valid, agentId });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: TEXTS.agentAddFailed, errors: [{ field: 'agentId', message: 'The selected agent is invalid.' }] });
    }
    expect((await ok('admin', 'POST', '/api/agency/v1/agent/license', { ...valid, agentId: ids.olivia }, 201)).agencyName).toBe('Harbor Insurance Group');
  });

  it('lists, searches all, and names the agents licensed in a state (not expired), within the tenant rule', async () => {
    await ok('agent', 'POST', '/api/agency/v1/agent/license', { ...valid, agentId: ids.alex, state: 'AZ', number: 'AZ 1' }, 201);
    await ok('agent', 'POST', '/api/agency/v1/agent/license', { ...valid, agentId: ids.alex, state: 'NV', number: 'NV 1', expirationDate: TODAY }, 201);
    await ok('otherAgent', 'POST', '/api/agency/v1/agent/license', { ...valid, agentId: ids.olivia, state: 'AZ', number: 'AZ 2' }, 201);
    // An expired licence (written as it was before it expired).
    await t.db.query(
      `INSERT INTO agent_licenses (agency_id, agent_user_id, number, state, expiration_date, created_at, updated_at) VALUES ($1, $2, 'UT 9', 'UT', '2025-12-31', now(), now())`,
      [ids.summit, ids.alex],
    );

    const own = await page('agent', AGENT_SEARCH, 'size=100');
    expect(new Set(own.content.map((row: Json) => row.agencyName))).toEqual(new Set(['Summit Risk Partners']));
    expect((await page('agent', AGENT_SEARCH, 'state=AZ')).content.map((row: Json) => row.number)).toEqual(['AZ 1']);
    expect((await page('admin', AGENT_SEARCH, 'state=AZ&sort=agencyName,asc')).content.map((row: Json) => row.agencyName)).toEqual(['Harbor Insurance Group', 'Summit Risk Partners']);
    expect((await page('agent', AGENT_SEARCH, 'search=alex agent&size=100')).totalElements).toBe(own.totalElements);

    const everything = await ok('agent', 'GET', '/api/agency/v1/agent/license/searchall');
    expect(Array.isArray(everything)).toBe(true);
    expect(everything.length).toBe(own.totalElements);
    expect((await ok('agent', 'GET', '/api/agency/v1/agent/license/searchall?state=NV')).map((row: Json) => row.number)).toEqual(['NV 1']);

    expect((await ok('agent', 'GET', '/api/agency/v1/agent/license/AZ')).map((row: Json) => row.agentEmail)).toEqual(['agent@agency.example']);
    expect((await ok('admin', 'GET', '/api/agency/v1/agent/license/AZ')).map((row: Json) => row.agentEmail).sort()).toEqual(['agent@agency.example', 'agent@otheragency.example']);
    expect((await ok('agent', 'GET', '/api/agency/v1/agent/license/NV')).map((row: Json) => row.number)).toEqual(['NV 1']);
    expect(await ok('agent', 'GET', '/api/agency/v1/agent/license/UT')).toEqual([]);
    expect((await call('agent', 'GET', '/api/agency/v1/agent/license/texas')).statusCode).toBe(400);
  });

  it("another agency's agent licence answers like a missing one", async () => {
    const foreign = await ok('otherAgent', 'POST', '/api/agency/v1/agent/license', { ...valid, agentId: ids.olivia, state: 'VT', number: 'VT 1' }, 201);
    for (const [method, url, body] of [
      ['GET', `/api/agency/v1/agent/license/id/${foreign.id}`, undefined],
      ['PUT', '/api/agency/v1/agent/license', { ...valid, id: foreign.id, agentId: ids.alex }],
      ['DELETE', `/api/agency/v1/agent/license/${foreign.id}`, undefined],
    ] as const) {
      const response = await call('agent', method, url, body);
      expect(response.statusCode, method).toBe(404);
      expect(response.json().message).toBe('License not found.');
    }
  });
});

describe('surplus licences', () => {
  const valid = { brokerFirstName: 'Thomas', brokerLastName: 'Boudreaux', brokerEmail: 'TBoudreaux@bayouexcess.com', surplusLicenseNumber: 'SL 774120', surplusLinesState: 'NY' };
  const create = (caller: string, body: Json) => call(caller, 'POST', '/api/account/v1/agency/surplus', body);

  it("an agency adds one for its own agency, edits and deletes it ('Surplus License added, updated or deleted succesfully!'), audited", async () => {
    const created = await ok('agent', 'POST', '/api/account/v1/agency/surplus', valid, 201);
    expect(created).toMatchObject({ agencyId: ids.summit, agencyName: 'Summit Risk Partners', brokerEmail: 'tboudreaux@bayouexcess.com', signatureOnFile: false });
    const saved = await ok('agent', 'PUT', `/api/account/v1/agency/surplus/${created.id}`, { ...valid, surplusLicenseNumber: 'SL 774121' });
    expect(saved.surplusLicenseNumber).toBe('SL 774121');
    expect(await ok('agent', 'DELETE', `/api/account/v1/agency/surplus/${created.id}`)).toEqual({ message: TEXTS.surplusDone });
    expect(await actionsOn(created.id)).toEqual(['license.surplus.create', 'license.surplus.update', 'license.surplus.delete']);
  });

  it.each([
    ['a first name with a digit', { brokerFirstName: 'Tom3' }, 'brokerFirstName', 'Only alphabets are allowed for this field '],
    ['a last name with an apostrophe', { brokerLastName: "O'Neil" }, 'brokerLastName', 'Only alphabets are allowed for this field '],
    ['no first name', { brokerFirstName: '' }, 'brokerFirstName', 'Broker First Name is a required field'],
    ['no e-mail', { brokerEmail: '' }, 'brokerEmail', 'Please enter Email Address'],
    ['an invalid e-mail', { brokerEmail: 'tboudreaux@' }, 'brokerEmail', 'Please enter a valid Email Address'],
    ['a licence number with a hyphen', { surplusLicenseNumber: 'SL-1' }, 'surplusLicenseNumber', 'Only alphabets and numbers are allowed for this field '],
    ['no licence number', { surplusLicenseNumber: '' }, 'surplusLicenseNumber', 'Surplus License Number is a required field'],
    ['no state', { surplusLinesState: undefined }, 'surplusLinesState', 'Surplus Lines State is a required field'],
  ])("%s is refused with the spec's text ('Failed to add license. Please try again!')", async (_, change, field, message) => {
    const response = await create('agent', { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: TEXTS.addFailed, errors: [{ field, message }] });
  });

  it('the agency picker is for provider staff: an agency cannot name another agency, an admin must name a US agency', async () => {
    const foreign = await create('agent', { ...valid, agencyId: ids.harbor });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([expect.objectContaining({ field: 'agencyId', message: TEXTS.invalidAgency })]);
    for (const agencyId of [undefined, MISSING_ID, ids.provider, ids.thames]) {
      const response = await create('admin', { ...valid, agencyId });
      expect(response.statusCode, String(agencyId)).toBe(400);
      expect(response.json()).toMatchObject({ message: TEXTS.addFailed, errors: [{ field: 'agencyId', message: TEXTS.invalidAgency }] });
    }
    expect((await ok('admin', 'POST', '/api/account/v1/agency/surplus', { ...valid, agencyId: ids.harbor, surplusLicenseNumber: 'HB 1' }, 201)).agencyName).toBe('Harbor Insurance Group');
  });

  it('signatureOnFile is set by provider staff for LA and MT only; an agency edit keeps it', async () => {
    const byAgency = await create('agent', { ...valid, surplusLinesState: 'LA', signatureOnFile: true });
    expect(byAgency.statusCode).toBe(400);
    expect(byAgency.json()).toMatchObject({ message: TEXTS.addFailed, errors: [{ field: 'signatureOnFile', message: 'Signature on file is set by provider staff, for a Louisiana or Montana license only.' }] });
    const inNewYork = await create('admin', { ...valid, agencyId: ids.summit, signatureOnFile: true });
    expect(inNewYork.statusCode).toBe(400);
    expect(inNewYork.json().errors[0].field).toBe('signatureOnFile');

    const louisiana = await ok('admin', 'POST', '/api/account/v1/agency/surplus', { ...valid, agencyId: ids.summit, surplusLinesState: 'LA', surplusLicenseNumber: 'LA 1', signatureOnFile: true }, 201);
    expect(louisiana).toMatchObject({ surplusLinesState: 'LA', signatureOnFile: true, agencyName: 'Summit Risk Partners' });
    const montana = await ok('admin', 'POST', '/api/account/v1/agency/surplus', { ...valid, agencyId: ids.summit, surplusLinesState: 'MT', surplusLicenseNumber: 'MT 1', signatureOnFile: true }, 201);
    expect(montana.signatureOnFile).toBe(true);

    const kept = await ok('agent', 'PUT', `/api/account/v1/agency/surplus/${louisiana.id}`, { ...valid, surplusLinesState: 'LA', surplusLicenseNumber: 'LA 2' });
    expect(kept).toMatchObject({ surplusLicenseNumber: 'LA 2', signatureOnFile: true });
    const moved = await ok('agent', 'PUT', `/api/account/v1/agency/surplus/${louisiana.id}`, { ...valid, surplusLinesState: 'TX', surplusLicenseNumber: 'LA 2' });
    expect(moved.signatureOnFile).toBe(false);
    const cleared = await ok('admin', 'PUT', `/api/account/v1/agency/surplus/${montana.id}`, { ...valid, agencyId: ids.summit, surplusLinesState: 'MT', surplusLicenseNumber: 'MT 1' });
    expect(cleared.signatureOnFile).toBe(false);
  });

  it('searches with the spec\'s parameters: state (either name), agency, e-mail, after and before (one day is that whole day), sort', async () => {
    const yesterday = await ok('agent', 'POST', '/api/account/v1/agency/surplus', { ...valid, surplusLinesState: 'OR', surplusLicenseNumber: 'OR 1', brokerEmail: 'reed@cascadeexcess.com' }, 201);
    await t.db.query(`UPDATE surplus_licenses SET created_at = created_at - interval '1 day' WHERE id = $1`, [yesterday.id]);
    await ok('agent', 'POST', '/api/account/v1/agency/surplus', { ...valid, surplusLinesState: 'WA', surplusLicenseNumber: 'WA 1', brokerFirstName: 'Anna' }, 201);
    await ok('otherAgent', 'POST', '/api/account/v1/agency/surplus', { ...valid, surplusLinesState: 'OR', surplusLicenseNumber: 'OR 2' }, 201);

    const numbers = (rows: Json) => rows.content.map((row: Json) => row.surplusLicenseNumber);
    expect(numbers(await page('agent', SURPLUS_SEARCH, 'surplusLinesState=OR'))).toEqual(['OR 1']);
    expect(numbers(await page('agent', SURPLUS_SEARCH, 'state=OR'))).toEqual(['OR 1']);
    expect(numbers(await page('admin', SURPLUS_SEARCH, 'state=OR&sort=agencyName,asc'))).toEqual(['OR 2', 'OR 1']);
    expect(numbers(await page('admin', SURPLUS_SEARCH, `agencyId=${ids.harbor}&state=OR`))).toEqual(['OR 2']);
    expect(numbers(await page('agent', SURPLUS_SEARCH, 'email=REED@CascadeExcess.com'))).toEqual(['OR 1']);
    expect(numbers(await page('agent', SURPLUS_SEARCH, 'search=anna'))).toEqual(['WA 1']);
    expect(numbers(await page('agent', SURPLUS_SEARCH, `after=${TODAY}&before=${TODAY}&state=WA`))).toEqual(['WA 1']);
    expect(numbers(await page('agent', SURPLUS_SEARCH, 'after=2026-03-01&before=2026-03-01'))).toEqual(['OR 1']);
    expect(numbers(await page('agent', SURPLUS_SEARCH, 'createdAtFrom=2026-03-01&createdAtTo=2026-03-01'))).toEqual(['OR 1']);
    expect((await page('agent', SURPLUS_SEARCH, 'before=2026-02-28')).totalElements).toBe(0);
    expect((await page('agent', SURPLUS_SEARCH, 'after=2026-03-03')).totalElements).toBe(0);
    const newest = (await page('agent', SURPLUS_SEARCH, 'size=100')).content.map((row: Json) => row.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());
    expect((await call('agent', 'GET', `${SURPLUS_SEARCH}?after=yesterday`)).statusCode).toBe(400);
  });

  it("another agency's surplus licence answers like a missing one", async () => {
    const foreign = await ok('otherAgent', 'POST', '/api/account/v1/agency/surplus', { ...valid, surplusLinesState: 'ME', surplusLicenseNumber: 'ME 1' }, 201);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await call('agent', method, `/api/account/v1/agency/surplus/${foreign.id}`, method === 'PUT' ? valid : undefined);
      expect(response.statusCode, method).toBe(404);
      expect(response.json().message).toBe('License not found.');
    }
    expect((await page('agent', SURPLUS_SEARCH, 'state=ME')).totalElements).toBe(0);
  });
});

describe('surplus notice templates', () => {
  it('provider admins upload a PDF per state; every licence reader downloads it; an upload replaces the one before, audited', async () => {
    expect(await ok('agent', 'GET', '/api/account/v1/agency/surplus/notice')).toEqual([]);
    const stored = await upload('admin', { state: 'LA' }, { name: 'Louisiana notice.pdf', type: 'application/pdf', content: PDF });
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json()).toMatchObject({ state: 'LA', fileName: 'Louisiana notice.pdf', size: PDF.length, uploadedBy: 'admin@provider.example' });

    const file = await call('agent', 'GET', '/api/docs/v1/template?type=surplusNotice&state=LA');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Louisiana notice.pdf"');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const newer = Buffer.concat([PDF, Buffer.from('% second edition\n')]);
    expect((await upload('admin', { state: 'LA' }, { name: 'la-2026.pdf', type: 'application/pdf', content: newer })).statusCode).toBe(201);
    expect((await call('agent', 'GET', '/api/docs/v1/template?type=surplusNotice&state=LA')).rawPayload.equals(newer)).toBe(true);
    expect(await ok('agent', 'GET', '/api/account/v1/agency/surplus/notice')).toEqual([expect.objectContaining({ state: 'LA', fileName: 'la-2026.pdf', size: newer.length })]);
    expect(await actionsOn('LA')).toEqual(['license.surplus-notice.upload', 'license.surplus-notice.upload']);
  });

  it('a state without a template answers 404 saying so', async () => {
    const response = await call('agent', 'GET', '/api/docs/v1/template?type=surplusNotice&state=MT');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No surplus notice template has been uploaded for MT.');
    expect((await call('agent', 'GET', '/api/docs/v1/template?type=invoice&state=MT')).statusCode).toBe(400);
  });

  it('refuses a file that is not a PDF by its content, one over 2MB, no file and no state; agencies may not upload', async () => {
    const disguised = await upload('admin', { state: 'MT' }, { name: 'notice.pdf', type: 'application/pdf', content: Buffer.from('<html>not a pdf</html>') });
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().message).toBe('The surplus notice template must be a PDF file.');
    const renamed = await upload('admin', { state: 'MT' }, { name: 'notice.txt', type: 'text/plain', content: PDF });
    expect(renamed.statusCode).toBe(415);
    const big = await upload('admin', { state: 'MT' }, { name: 'big.pdf', type: 'application/pdf', content: Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]) });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file size is too big, 2MB max.');
    const none = await upload('admin', { state: 'MT' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No file selected for upload.');
    const stateless = await upload('admin', {}, { name: 'notice.pdf', type: 'application/pdf', content: PDF });
    expect(stateless.statusCode).toBe(400);
    expect(stateless.json().message).toBe('Please select the state of the surplus notice.');
    expect((await upload('agent', { state: 'MT' }, { name: 'notice.pdf', type: 'application/pdf', content: PDF })).statusCode).toBe(403);
    expect((await call('agent', 'GET', '/api/docs/v1/template?type=surplusNotice&state=MT')).statusCode).toBe(404);
  });
});
