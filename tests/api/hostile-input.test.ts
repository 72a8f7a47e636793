import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Finding 6: NUL characters, lone surrogates and out-of-range integers reached the database and answered
 * 500. Each request of the probe is replayed here: every one must now answer 400 with a readable message
 * that names the field, and never a stack trace or an internal path.
 */
let t: TestApp;
let agent: string;
let admin: string;
let insuredId: string;

beforeAll(async () => {
  t = await startTestApp();
  agent = (await t.tokensFor('agent@agency.example')).accessToken;
  admin = (await t.tokensFor('admin@provider.example')).accessToken;
  const [insured] = await t.db.query<{ id: string }>(`SELECT id FROM accounts WHERE name = 'Acme Precision Manufacturing'`);
  insuredId = insured!.id;
}, 60_000);
afterAll(() => t.close());

/** A claim body as raw JSON text, so JSON escapes (\u0000, \ud800) reach the server as the probe sent them. */
const claimJson = (field: string, escaped: string) =>
  `{"name":"Priya Raman","email":"priya@acme.example","companyName":"Acme","workPhone":"3125550164","isRightContact":"yes",`
  + `"address":"1 Main St","city":"Chicago","state":"IL","zipCode":"60607","lossDescription":"Ransomware","${field}":"${escaped}"}`;

interface Case {
  who: 'agent' | 'admin';
  method: 'GET' | 'POST';
  url: () => string;
  body?: () => string;
  message: RegExp;
}

const CASES: Record<string, Case> = {
  'NUL in a search parameter': { who: 'agent', method: 'GET', url: () => '/api/claims/v1/search?search=%00', message: /^search must not contain the NUL character/ },
  'NUL inside a search text': { who: 'agent', method: 'GET', url: () => '/api/claims/v1/search?search=ab%00cd', message: /^search must not contain the NUL character/ },
  'NUL in a name parameter': { who: 'agent', method: 'GET', url: () => '/api/auth/v1/teams/search?name=%00', message: /^name must not contain the NUL character/ },
  'NUL in a path parameter': { who: 'admin', method: 'GET', url: () => '/api/definitions/v1/documents/cla%00im', message: /^key must not contain the NUL character/ },
  'NUL in a claim field': {
    who: 'agent', method: 'POST', url: () => `/api/policy/v1/claim?accountId=${insuredId}`, body: () => claimJson('role', 'IT\\u0000Director'),
    message: /^role must not contain the NUL character/,
  },
  'a lone surrogate in a claim field': {
    who: 'agent', method: 'POST', url: () => `/api/policy/v1/claim?accountId=${insuredId}`, body: () => claimJson('role', '\\ud800'),
    message: /^role contains text that is not valid Unicode/,
  },
  'a lone low surrogate in a claim field': {
    who: 'agent', method: 'POST', url: () => `/api/policy/v1/claim?accountId=${insuredId}`, body: () => claimJson('lossDescription', 'x\\udc00y'),
    message: /^lossDescription contains text that is not valid Unicode/,
  },
  'NUL in a field name': {
    who: 'agent', method: 'POST', url: () => `/api/policy/v1/claim?accountId=${insuredId}`, body: () => claimJson('ro\\u0000le', 'x'),
    message: /^A field name .*must not contain the NUL character/,
  },
  'a version above 2^31-1 in the path': {
    who: 'admin', method: 'GET', url: () => '/api/definitions/v1/documents/claim/versions/2147483648', message: /version must be at most 2147483647/,
  },
  'a version of 1e309 in the path': { who: 'admin', method: 'GET', url: () => '/api/definitions/v1/documents/claim/versions/1e309', message: /version must/ },
  'versions out of range to compare': {
    who: 'admin', method: 'GET', url: () => '/api/definitions/v1/documents/claim/compare?from=1e309&to=2147483648', message: /(from|to) must/,
  },
  'a base version of 1e309 in a restore body': {
    who: 'admin', method: 'POST', url: () => '/api/definitions/v1/documents/claim/restore', body: () => '{"version":0,"note":"x","baseVersion":1e309}',
    message: /baseVersion must/,
  },
  'a version above 2^31-1 in a restore body': {
    who: 'admin', method: 'POST', url: () => '/api/definitions/v1/documents/claim/restore', body: () => '{"version":2147483648,"note":"x","baseVersion":0}',
    message: /version must be at most 2147483647/,
  },
  'a page above its bound': { who: 'agent', method: 'GET', url: () => '/api/claims/v1/search?page=2147483648', message: /page must be at most/ },
};

describe('hostile input answers 400 with a readable message', () => {
  test.each(Object.entries(CASES))('%s', async (_, request) => {
    const response = await t.inject({
      method: request.method,
      url: request.url(),
      headers: {
        authorization: `Bearer ${request.who === 'agent' ? agent : admin}`,
        ...(request.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(request.body ? { payload: request.body() } : {}),
    });
    expect(response.statusCode, response.body).toBe(400);
    const { message } = response.json() as { message: string };
    expect(message).toMatch(request.message);
    expect(response.body).not.toMatch(/\bat \S+ \(|node_modules|\/server\//);
  });

  test('ordinary text with accents, emoji and paired surrogates is accepted', async () => {
    const response = await t.inject({
      method: 'GET', url: `/api/claims/v1/search?search=${encodeURIComponent('Zoë 🚀 Ångström')}`, headers: { authorization: `Bearer ${agent}` },
    });
    expect(response.statusCode).toBe(200);
  });
});
