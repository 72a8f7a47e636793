import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { TEST_HASH_COST } from '../../server/auth/password.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The automatic check of definition-bound operations: any operation a form names as binding.submit or
 * binding.update is checked on the server with that definition, as published now, in the caller's rule
 * context; which forms bind which operations is read per request.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
let admin: string;
let agent: string;
let policyholder: string;

const DOCUMENTS = '/api/definitions/v1/documents';
/** Late evening in UTC: already the next day in Tokyo. */
const LATE_EVENING = '2026-03-02T23:30:00.000Z';

const CLAIM = {
  name: 'Priya Raman', companyName: 'Acme Precision Manufacturing', isRightContact: 'yes', address: '1450 West Fulton Street',
  city: 'Chicago', state: 'IL', zipCode: '60607', lossDescription: 'Ransomware encrypted the servers.',
};

function call(token: string | null, method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.inject({
    method, url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Publishes `change(document)` as the next version of a definition; answers the new version. */
async function publish(key: string, change: (document: Json) => void, note: string): Promise<number> {
  const current = (await call(admin, 'GET', `${DOCUMENTS}/${key}`)).json();
  const document = structuredClone(current.document);
  change(document);
  const published = await call(admin, 'POST', `${DOCUMENTS}/${key}/versions`, { document, note, baseVersion: current.version });
  expect(published.statusCode, published.body).toBe(201);
  return published.json().version;
}

async function restore(key: string, version: number) {
  const current = (await call(admin, 'GET', `${DOCUMENTS}/${key}`)).json();
  const restored = await call(admin, 'POST', `${DOCUMENTS}/${key}/restore`, { version, note: `Back to ${version}`, baseVersion: current.version });
  expect(restored.statusCode, restored.body).toBe(201);
}

let insuredId: string;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(LATE_EVENING);
  const tokenOf = async (email: string) => (await t.tokensFor(email)).accessToken;
  admin = await tokenOf('admin@provider.example');
  agent = await tokenOf('agent@agency.example');
  policyholder = await tokenOf('policyholder@insured.example');
  [{ id: insuredId }] = await t.db.query<{ id: string }>(`SELECT id FROM accounts WHERE name = 'Acme Precision Manufacturing'`) as [{ id: string }];
}, 60_000);
afterAll(() => t.close());

describe('the rule context of the check is the caller\'s', () => {
  test("today is the user's today in the X-Timezone they send; the persona is the caller's account type's", async () => {
    await publish('claim', (document) => {
      document.rules.push(
        { id: 'loss-not-in-future', when: { '>': [{ var: 'lossDate' }, { var: '$context.today' }] },
          effects: [{ message: { field: 'lossDate', text: 'The date of loss cannot be in the future' } }] },
        { id: 'policyholders-give-role', when: { '==': [{ var: '$context.persona' }, 'customer'] }, effects: [{ require: ['role'] }] },
      );
    }, 'Context rules');
    const create = (token: string, body: Json, headers: Record<string, string> = {}) =>
      call(token, 'POST', `/api/policy/v1/claim?accountId=${insuredId}`, body, headers);

    // 2026-03-03 is tomorrow in UTC, today in Tokyo.
    const utc = await create(agent, { ...CLAIM, lossDate: '2026-03-03' });
    expect(utc.statusCode).toBe(400);
    expect(utc.json()).toEqual({
      message: 'Error saving claim',
      errors: [{ field: 'lossDate', message: 'The date of loss cannot be in the future', code: 'rule:loss-not-in-future' }],
    });
    const tokyo = await create(agent, { ...CLAIM, lossDate: '2026-03-03' }, { 'x-timezone': 'Asia/Tokyo' });
    expect(tokyo.statusCode, tokyo.body).toBe(201);
    expect(tokyo.json().lossDate).toBe('2026-03-03');
    // An unknown zone name counts as UTC rather than failing the request.
    expect((await create(agent, { ...CLAIM, lossDate: '2026-03-03' }, { 'x-timezone': 'Not/A_Zone' })).statusCode).toBe(400);

    // The agency's persona is not 'customer': no role needed. The policyholder's is.
    const holder = await create(policyholder, CLAIM);
    expect(holder.statusCode).toBe(400);
    expect(holder.json().errors).toEqual([{ field: 'role', message: 'Role is a required field', code: 'required' }]);
    expect((await create(policyholder, { ...CLAIM, role: 'Owner' })).statusCode).toBe(201);

    // Early morning in UTC is still yesterday in Los Angeles: UTC's today is the future there.
    t.clock.set('2026-03-03T03:00:00.000Z');
    const lateAgent = (await t.tokensFor('agent@agency.example')).accessToken;
    expect((await create(lateAgent, { ...CLAIM, lossDate: '2026-03-03' })).statusCode).toBe(201);
    expect((await create(lateAgent, { ...CLAIM, lossDate: '2026-03-03' }, { 'x-timezone': 'America/Los_Angeles' })).statusCode).toBe(400);
    t.clock.set(LATE_EVENING);
    await restore('claim', 0);
    expect((await create(policyholder, CLAIM)).statusCode).toBe(201);
  });
});

describe('which operations are checked follows the published bindings, request by request', () => {
  const BLOCKED = { username: 'someone@blocked.example', password: 'Any-Password-1!' };
  const resetMfa = () => call(null, 'POST', '/api/auth/v1/mfa/reset', BLOCKED);

  test('a published rule answers at once; unbinding the form stops the check; restoring the version brings it back', async () => {
    // Checked by reset-mfa as shipped, which accepts this address: the handler answers (wrong credentials).
    expect((await resetMfa()).statusCode).toBe(401);

    const withRule = await publish('reset-mfa', (document) => {
      document.rules = [{ id: 'no-blocked-domain', when: { in: ['@blocked.example', { var: 'username' }] },
        effects: [{ message: { field: 'username', text: 'This address cannot reset MFA here' } }] }];
    }, 'Blocked domain');
    const refused = await resetMfa();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: [{ field: 'username', message: 'This address cannot reset MFA here', code: 'rule:no-blocked-domain' }],
    });

    await publish('reset-mfa', (document) => { delete document.binding; }, 'Unbound');
    expect((await resetMfa()).statusCode).toBe(401);

    await restore('reset-mfa', withRule);
    expect((await resetMfa()).statusCode).toBe(400);
    await restore('reset-mfa', 0);
    expect((await resetMfa()).statusCode).toBe(401);
  });

  test('a form bound to an operation without a request body breaks neither that operation nor a start', async () => {
    const claim = await call(agent, 'POST', `/api/policy/v1/claim?accountId=${insuredId}`, CLAIM);
    expect(claim.statusCode, claim.body).toBe(201);
    await publish('reset-mfa', (document) => { document.binding = { submit: 'getClaim' }; }, 'Bound to a read');
    expect((await call(agent, 'GET', `/api/claims/v1/${claim.json().id}`)).statusCode).toBe(200);
    // resetMfa is no longer bound: the handler answers unchecked.
    expect((await resetMfa()).statusCode).toBe(401);

    const second = await buildApp({ db: t.db, clock: t.clock, hashCost: TEST_HASH_COST, config: { production: false, smtpUrl: null }, prepare: false });
    try {
      await second.ready();
      const read = await second.inject({ method: 'GET', url: `/api/claims/v1/${claim.json().id}`, headers: { authorization: `Bearer ${agent}` } });
      expect(read.statusCode, read.body).toBe(200);
    } finally {
      await second.close();
    }
    await restore('reset-mfa', 0);
  });
});

describe('the shipped forms bound to operations of the contract', () => {
  test('login: the login form checks the body (a multi-factor method asks for its code)', async () => {
    const response = await t.login('agent@agency.example', undefined, { mfaType: 'EMAIL' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: [{ field: 'mfaCode', message: 'Verification Code is a required field', code: 'required' }],
    });
    expect((await t.login('agent@agency.example')).statusCode).toBe(200);
  });

});
