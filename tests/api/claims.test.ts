import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, type TestApp } from './support/test-app.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
let agent: string;
let otherAgent: string;
let broker: string;
let admin: string;
let policyholder: string;
let carrier: string;
let insuredId: string;
let ukClientId: string;

const UK_HOST = 'console.example.uk';

/** A complete US claim (the reporter is the right contact, no authorities, no report). */
const US_CLAIM = {
  name: 'Priya Raman',
  role: 'IT Director',
  email: 'priya.raman@acmeprecision.com',
  companyName: 'Acme Precision Manufacturing',
  workPhone: '3125550164',
  isRightContact: 'yes',
  address: '1450 West Fulton Street',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60607',
  lossDate: '2026-02-18',
  lossDescription: 'Ransomware encrypted the dispatch and billing servers overnight.',
  isAuthoritiesInvolved: 'no',
  isReportFiled: 'no',
  isBusinessImpacted: 'yes',
  isCyberIncident: 'yes',
  isRemediationServiceBegun: 'no',
};

const UK_CLAIM = {
  name: 'Oliver Hughes',
  email: 'oliver.hughes@thamesidefreight.co.uk',
  companyName: 'Thameside Freight Ltd',
  workPhone: '02079460321',
  isRightContact: 'yes',
  address: 'Unit 4, Riverside Business Park',
  address3: 'Barking',
  city: 'London',
  zipCode: 'IG11 0DS',
  lossDescription: 'Invoices were redirected to a fraudulent account after a mailbox compromise.',
};

function call(token: string, method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
}

const createClaim = (token: string, body: unknown, accountId?: string, headers: Record<string, string> = {}) =>
  call(token, 'POST', `/api/policy/v1/claim${accountId ? `?accountId=${accountId}` : ''}`, body, headers);
const search = async (token: string, query = '') => {
  const response = await call(token, 'GET', `/api/claims/v1/search${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { content: Json[]; totalElements: number; page: number; size: number };
};
const errorsOf = (body: Json) => body.errors as Array<{ field: string; message: string }>;

beforeAll(async () => {
  t = await startTestApp();
  const sign = async (email: string) => (await t.tokensFor(email)).accessToken;
  [agent, otherAgent, broker, admin, policyholder, carrier] = await Promise.all([
    sign('agent@agency.example'), sign('agent@otheragency.example'), sign('broker@brokerage.example'),
    sign('admin@provider.example'), sign('policyholder@insured.example'), sign('carrier@carrier.example'),
  ]);
  const [insured] = await t.db.query<{ id: string }>(`SELECT id FROM accounts WHERE name = 'Acme Precision Manufacturing'`);
  insuredId = insured!.id;
  // A UK client of the UK brokerage.
  const [ukClient] = await t.db.query<{ id: string }>(
    `INSERT INTO accounts (name, account_type, edition, agency_id, created_at)
     SELECT 'Thameside Freight Ltd', 'CUSTOMER', 'uk', id, $1 FROM accounts WHERE name = 'Thames Cyber Brokers' RETURNING id`,
    [t.clock.now()],
  );
  ukClientId = ukClient!.id;
});
afterAll(() => t.close());

describe('reporting a claim', () => {
  let claimId: string;

  test('an agency reports a valid US claim for its client: 201, saved as UN_FILED, listed in its search', async () => {
    const response = await createClaim(agent, US_CLAIM, insuredId);
    expect(response.statusCode, response.body).toBe(201);
    const claim = response.json();
    expect(claim).toMatchObject({
      ...US_CLAIM, accountId: insuredId, accountName: 'Acme Precision Manufacturing', agencyName: 'Summit Risk Partners',
      status: 'UN_FILED', isFiled: false, claimNumber: null, edition: 'us', createdBy: 'Alex Agent',
    });
    claimId = claim.id;
    // Fields the rules hide are not stored: the contact fields show only when isRightContact is 'no'.
    const withHidden = await createClaim(agent, { ...US_CLAIM, contactName: 'Marcus Bell', authorityName: 'FBI' }, insuredId);
    expect(withHidden.statusCode, withHidden.body).toBe(201);
    expect(withHidden.json()).not.toHaveProperty('contactName');
    expect(withHidden.json()).not.toHaveProperty('authorityName');

    const page = await search(agent);
    expect(page).toMatchObject({ totalElements: 2, page: 0, size: 25 });
    expect(page.content.map((row) => row.id)).toContain(claimId);
    expect(page.content.find((row) => row.id === claimId)).toMatchObject({
      companyName: 'Acme Precision Manufacturing', name: 'Priya Raman', lossDate: '2026-02-18', status: 'UN_FILED', agencyName: 'Summit Risk Partners',
    });
    const [entry] = await t.db.query<{ action: string; target: string }>(`SELECT action, target FROM audit_log WHERE action = 'claim.create' AND target = $1`, [claimId]);
    expect(entry).toBeDefined();
    // Cleaning up the second claim.
    expect((await call(agent, 'DELETE', `/api/claims/v1/${withHidden.json().id}`)).statusCode).toBe(200);
  });

  test('a ZIP Code of 00000 is refused with the definition message', async () => {
    const response = await createClaim(agent, { ...US_CLAIM, zipCode: '00000' }, insuredId);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Error saving claim');
    expect(errorsOf(response.json())).toEqual([{ field: 'zipCode', message: 'Invalid ZIP Code', code: 'pattern' }]);
  });

  test("isRightContact 'no' without the contact fields names each with '{label} is a required field'", async () => {
    const response = await createClaim(agent, { ...US_CLAIM, isRightContact: 'no' }, insuredId);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Error saving claim');
    expect(errorsOf(response.json()).map(({ field, message }) => ({ field, message }))).toEqual([
      { field: 'contactName', message: 'Contact Name is a required field' },
      { field: 'contactEmail', message: 'Contact Email is a required field' },
      { field: 'contactPhone', message: 'Contact Phone is a required field' },
    ]);
  });

  test('an empty claim names every required field, the name with its own message', async () => {
    const response = await createClaim(agent, {}, insuredId);
    expect(response.statusCode).toBe(400);
    const errors = errorsOf(response.json());
    expect(errors.map((error) => error.field)).toEqual(['name', 'isRightContact', 'address', 'city', 'state', 'zipCode', 'lossDescription']);
    expect(errors[0]!.message).toBe('Please select a option ');
    expect(errors.find((error) => error.field === 'zipCode')!.message).toBe('Zip Code is a required field');
  });

  test('a malformed body is refused by the contract: unknown field, wrong type, not JSON', async () => {
    const unknown = await createClaim(agent, { ...US_CLAIM, premium: 5 }, insuredId);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain("unknown field 'premium'");
    const wrongType = await createClaim(agent, { ...US_CLAIM, zipCode: 60607 }, insuredId);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('zipCode must be string or null');
    const notJson = await createClaim(agent, '{"name": ', insuredId);
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('The request body is not valid JSON.');
    const notObject = await createClaim(agent, [US_CLAIM], insuredId);
    expect(notObject.statusCode).toBe(400);
  });

  test('the UK host uses the UK claim definition: Postcode rules, no state', async () => {
    const ok = await createClaim(broker, { ...UK_CLAIM, state: 'IL' }, ukClientId, { host: UK_HOST });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ ...UK_CLAIM, edition: 'uk', agencyName: 'Thames Cyber Brokers', state: null });

    const usZip = await createClaim(broker, { ...UK_CLAIM, zipCode: '60607' }, ukClientId, { host: UK_HOST });
    expect(usZip.statusCode).toBe(400);
    expect(errorsOf(usZip.json())).toEqual([{ field: 'zipCode', message: 'Invalid Postcode', code: 'pattern' }]);

    const missing = await createClaim(broker, { ...UK_CLAIM, zipCode: undefined, city: 'L0nd0n' }, ukClientId, { host: UK_HOST });
    expect(errorsOf(missing.json()).map(({ field, message }) => ({ field, message }))).toEqual([
      { field: 'city', message: 'Invalid City/Town' },
      { field: 'zipCode', message: 'Postcode is a required field' },
    ]);
    // The same UK data on the US host lacks its state.
    const onUsHost = await createClaim(broker, UK_CLAIM, ukClientId);
    expect(onUsHost.statusCode).toBe(400);
    expect(errorsOf(onUsHost.json()).map((error) => error.field)).toEqual(expect.arrayContaining(['state', 'zipCode']));
  });

  test("another agency gets 404 on get, update, file and delete, and does not see the claim in its search", async () => {
    for (const [method, url, body] of [
      ['GET', `/api/claims/v1/${claimId}`, undefined],
      ['PUT', `/api/claims/v1/${claimId}`, US_CLAIM],
      ['PUT', `/api/claims/v1/${claimId}/file`, undefined],
      ['DELETE', `/api/claims/v1/${claimId}`, undefined],
    ] as const) {
      const response = await call(otherAgent, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe('Claim not found.');
    }
    expect((await search(otherAgent)).totalElements).toBe(0);
    expect((await search(otherAgent, `?accountId=${insuredId}`)).totalElements).toBe(0);
    // Nor can it report a claim on the other agency's client.
    const create = await createClaim(otherAgent, US_CLAIM, insuredId);
    expect(create.statusCode).toBe(404);
    // The UK brokerage sees only its own client's claim.
    expect((await search(broker)).content.map((row) => row.companyName)).toEqual(['Thameside Freight Ltd']);
    // The claim still stands.
    expect((await call(agent, 'GET', `/api/claims/v1/${claimId}`)).json().name).toBe('Priya Raman');
  });

  test('provider staff see every claim; the policyholder sees the claims on its own account', async () => {
    const all = await search(admin, '?size=100');
    expect(all.content.map((row) => row.companyName).sort()).toEqual(['Acme Precision Manufacturing', 'Thameside Freight Ltd']);
    const own = await search(policyholder);
    expect(own.content.map((row) => row.id)).toEqual([claimId]);
    expect((await call(policyholder, 'GET', `/api/claims/v1/${claimId}`)).statusCode).toBe(200);
  });

  test('the policyholder may report a claim on its own account only; a role without claim:write gets 403', async () => {
    const own = await createClaim(policyholder, { ...US_CLAIM, name: 'Paula Holder' });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({ accountId: insuredId, agencyName: 'Summit Risk Partners' });
    expect((await createClaim(policyholder, US_CLAIM, ukClientId)).statusCode).toBe(404);
    const refused = await createClaim(carrier, US_CLAIM, insuredId);
    expect(refused.statusCode).toBe(403);
    expect((await call(carrier, 'DELETE', `/api/claims/v1/${claimId}`)).statusCode).toBe(403);
    expect((await call(policyholder, 'DELETE', `/api/claims/v1/${own.json().id}`)).statusCode).toBe(200);
  });

  test("an agency reports claims for its clients, not on its own account (given or by default)", async () => {
    const [{ id: agencyAccountId }] = (await t.db.query<{ id: string }>(`SELECT id FROM accounts WHERE name = 'Summit Risk Partners'`)) as [{ id: string }];
    for (const accountId of [agencyAccountId, undefined]) {
      const refused = await createClaim(agent, US_CLAIM, accountId);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe("A claim is reported for a client's account, not for the agency's own account.");
    }
    expect((await search(admin, '?size=100')).content.filter((row) => row.accountName === 'Summit Risk Partners')).toEqual([]);
  });

  test('search pages, sorts and searches', async () => {
    const second = await createClaim(agent, { ...US_CLAIM, companyName: 'Brightline Dental Group', name: 'Daniel Okafor', lossDate: '2026-01-05' }, insuredId);
    expect(second.statusCode).toBe(201);
    const byLoss = await search(agent, '?sort=lossDate,asc&size=1');
    expect(byLoss).toMatchObject({ totalElements: 2, size: 1, page: 0 });
    expect(byLoss.content.map((row) => row.name)).toEqual(['Daniel Okafor']);
    expect((await search(agent, '?sort=lossDate,asc&size=1&page=1')).content.map((row) => row.name)).toEqual(['Priya Raman']);
    expect((await search(agent, '?search=brightline')).content.map((row) => row.name)).toEqual(['Daniel Okafor']);
    expect((await search(agent, '?search=%25')).totalElements).toBe(0);
    expect((await call(agent, 'GET', '/api/claims/v1/search?sort=premium,asc')).statusCode).toBe(400);
    expect((await call(agent, 'DELETE', `/api/claims/v1/${second.json().id}`)).statusCode).toBe(200);
  });

  test('an update is checked like a new claim and keeps the status', async () => {
    const refused = await call(agent, 'PUT', `/api/claims/v1/${claimId}`, { ...US_CLAIM, city: 'Chicago 9' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Error saving claim', errors: [{ field: 'city', message: 'Invalid City' }] });
    const updated = await call(agent, 'PUT', `/api/claims/v1/${claimId}`, { ...US_CLAIM, lossDescription: 'Ransomware; backups intact.' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ lossDescription: 'Ransomware; backups intact.', status: 'UN_FILED' });
    const [entry] = await t.db.query<{ detail: Json | string }>(`SELECT detail FROM audit_log WHERE action = 'claim.update' AND target = $1`, [claimId]);
    const detail = typeof entry!.detail === 'string' ? JSON.parse(entry!.detail) : entry!.detail;
    expect(detail.changed).toEqual(['lossDescription']);
  });

  test('File Claim moves UN_FILED to FILED with a claim number; a filed claim is not filed again nor deleted', async () => {
    const filed = await call(agent, 'PUT', `/api/claims/v1/${claimId}/file`);
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json()).toMatchObject({ status: 'FILED', isFiled: true });
    expect(filed.json().claimNumber).toMatch(/^CLM-2026-\d{5}$/);
    expect((await call(agent, 'GET', `/api/claims/v1/${claimId}`)).json()).toMatchObject({ status: 'FILED', isFiled: true });
    expect((await search(agent, '?status=FILED')).content.map((row) => row.id)).toEqual([claimId]);
    expect((await call(agent, 'PUT', `/api/claims/v1/${claimId}/file`)).statusCode).toBe(409);
    const deleted = await call(agent, 'DELETE', `/api/claims/v1/${claimId}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe('A filed claim cannot be deleted.');
    const actions = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 ORDER BY id`, [claimId]);
    expect(actions.map((row) => row.action)).toEqual(['claim.create', 'claim.update', 'claim.file']);
  });

  test('an unfiled claim is deleted (audited) and is gone', async () => {
    const created = (await createClaim(agent, US_CLAIM, insuredId)).json();
    const deleted = await call(agent, 'DELETE', `/api/claims/v1/${created.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call(agent, 'GET', `/api/claims/v1/${created.id}`)).statusCode).toBe(404);
    expect((await call(agent, 'DELETE', `/api/claims/v1/${created.id}`)).statusCode).toBe(404);
    const [entry] = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'claim.delete' AND target = $1`, [created.id]);
    expect(entry).toBeDefined();
  });

  test('the accounts offered for a new claim follow the tenant rule', async () => {
    const names = async (token: string) =>
      ((await call(token, 'GET', '/api/claims/v1/accounts')).json().content as Json[]).map((account) => account.name);
    expect(await names(agent)).toEqual(['Acme Precision Manufacturing']);
    expect(await names(otherAgent)).toEqual([]);
    expect(await names(broker)).toEqual(['Thameside Freight Ltd']);
    expect(await names(policyholder)).toEqual(['Acme Precision Manufacturing']);
    expect(await names(admin)).toEqual(expect.arrayContaining(['Acme Precision Manufacturing', 'Thameside Freight Ltd']));
  });
});

describe('a published change to the claim definition', () => {
  const BASE = '/api/definitions/v1/documents/claim';

  test('changes the server-side validation on the next request, and a restore changes it back', async () => {
    const unfiled = (await createClaim(agent, { ...US_CLAIM, role: undefined }, insuredId)).json();
    expect(unfiled.status).toBe('UN_FILED');

    const current = (await call(admin, 'GET', BASE)).json();
    const document = structuredClone(current.document);
    document.schema.required.push('role');
    document.messages['name.required'] = 'Please choose who is reporting the claim';
    const published = await call(admin, 'POST', `${BASE}/versions`, { document, note: 'Role is required', baseVersion: current.version });
    expect(published.statusCode, published.body).toBe(201);

    const refused = await createClaim(agent, { ...US_CLAIM, role: undefined, name: undefined }, insuredId);
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused.json()).map(({ field, message }) => ({ field, message }))).toEqual([
      { field: 'name', message: 'Please choose who is reporting the claim' },
      { field: 'role', message: 'Role is a required field' },
    ]);
    // The UK edition resolves from the same published document.
    const uk = await createClaim(broker, UK_CLAIM, ukClientId, { host: UK_HOST });
    expect(errorsOf(uk.json())).toEqual([{ field: 'role', message: 'Role is a required field', code: 'required' }]);
    // A claim saved before the change is checked again when it is filed.
    const filing = await call(agent, 'PUT', `/api/claims/v1/${unfiled.id}/file`);
    expect(filing.statusCode).toBe(400);
    expect(errorsOf(filing.json()).map((error) => error.field)).toEqual(['role']);

    const restored = await call(admin, 'POST', `${BASE}/restore`, { version: 0, note: 'Back to the file', baseVersion: published.json().version });
    expect(restored.statusCode, restored.body).toBe(201);
    expect((await createClaim(agent, { ...US_CLAIM, role: undefined }, insuredId)).statusCode).toBe(201);
    expect((await call(agent, 'PUT', `/api/claims/v1/${unfiled.id}/file`)).statusCode).toBe(200);
  });
});
