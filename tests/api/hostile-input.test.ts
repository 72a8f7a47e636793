import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Finding 6: NUL characters, lone surrogates and out-of-range integers reached the database and answered
 * 500. Each request of the probe is replayed here against the real routes: every one must now answer 400
 * with a readable message that names the field, and never a stack trace or an internal path.
 */
let t: TestApp;
const tokens = { agent: '', admin: '' };
/** Replaces {insured} and {claim} in a case's URL: ids known only once the demo world exists. */
const ids = { insured: '', claim: '' };

/** A claim the claim definition accepts (the reporter is the right contact, no authorities, no report). */
const CLAIM = {
  name: 'Priya Raman', role: 'IT Director', email: 'priya.raman@acmeprecision.com', companyName: 'Acme Precision Manufacturing',
  workPhone: '3125550164', isRightContact: 'yes', address: '1450 West Fulton Street', city: 'Chicago', state: 'IL',
  zipCode: '60607', lossDate: '2026-02-18', lossDescription: 'Ransomware encrypted the dispatch and billing servers.',
  isAuthoritiesInvolved: 'no', isReportFiled: 'no', isBusinessImpacted: 'yes', isCyberIncident: 'yes', isRemediationServiceBegun: 'no',
};

beforeAll(async () => {
  t = await startTestApp();
  tokens.agent = (await t.tokensFor('agent@agency.example')).accessToken;
  tokens.admin = (await t.tokensFor('admin@provider.example')).accessToken;
  const [insured] = await t.db.query<{ id: string }>(`SELECT id FROM accounts WHERE name = 'Acme Precision Manufacturing'`);
  ids.insured = insured!.id;
  const created = await t.inject({
    method: 'POST', url: `/api/policy/v1/claim?accountId=${ids.insured}`, headers: { authorization: `Bearer ${tokens.agent}` }, payload: CLAIM,
  });
  expect(created.statusCode, created.body).toBe(201);
  ids.claim = (created.json() as { id: string }).id;
}, 60_000);
afterAll(() => t.close());

/**
 * The claim as raw JSON text with one value (or one field name) written as JSON escapes (\u0000, \ud800),
 * so the server parses exactly the bytes the probe sent.
 */
const claimWith = (field: string, escaped: string) => JSON.stringify({ ...CLAIM, [field]: '§' }).replace('"§"', `"${escaped}"`);
const claimWithKey = (escapedKey: string) => JSON.stringify({ ...CLAIM, '§': 'x' }).replace('"§"', `"${escapedKey}"`);
/** A definition document with a NUL far below the top (no depth limit hides it). */
const deepDocument = (depth: number) => `${'{"a":'.repeat(depth)}"x\\u0000"${'}'.repeat(depth)}`;

interface Request {
  as: keyof typeof tokens;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  /** Raw body text, sent as application/json unless `type` says otherwise. */
  body?: string;
  type?: string;
}

const CLAIMS = '/api/claims/v1';
const DOCUMENTS = '/api/definitions/v1/documents';

/** [what, request, status, message]: the probe's requests, one a row. */
const CASES: Array<[string, Request, number, RegExp]> = [
  // NUL in query and path parameters.
  ['NUL as a search text', { as: 'agent', method: 'GET', url: `${CLAIMS}/search?search=%00` }, 400, /^search must not contain the NUL character$/],
  ['NUL inside a search text', { as: 'agent', method: 'GET', url: `${CLAIMS}/search?search=ab%00cd` }, 400, /^search must not contain the NUL character$/],
  ['NUL in the claim accounts search', { as: 'agent', method: 'GET', url: `${CLAIMS}/accounts?search=%00` }, 400, /^search must not contain the NUL character$/],
  ['NUL in a team name search', { as: 'agent', method: 'GET', url: '/api/auth/v1/teams/search?name=%00' }, 400, /^name must not contain the NUL character$/],
  ['NUL in a query parameter name', { as: 'agent', method: 'GET', url: `${CLAIMS}/search?sea%00rch=x` }, 400, /^A field name in the query must not contain the NUL character$/],
  ['NUL in a definition key (path)', { as: 'admin', method: 'GET', url: `${DOCUMENTS}/cla%00im` }, 400, /^key must not contain the NUL character$/],
  ['NUL in a claim id (path)', { as: 'agent', method: 'GET', url: `${CLAIMS}/{claim}%00` }, 400, /^claimId must not contain the NUL character$/],
  ['NUL in an address no route serves', { as: 'agent', method: 'GET', url: '/api/nothing%00here' }, 400, /^The address must not contain the NUL character$/],
  // NUL and lone surrogates in claim fields: creating and saving again.
  ['NUL in a claim field', { as: 'agent', method: 'POST', url: '/api/policy/v1/claim?accountId={insured}', body: claimWith('role', 'IT\\u0000Director') }, 400, /^role must not contain the NUL character$/],
  ['a lone surrogate in a claim field', { as: 'agent', method: 'POST', url: '/api/policy/v1/claim?accountId={insured}', body: claimWith('role', '\\ud800') }, 400, /^role contains text that is not valid Unicode/],
  ['a lone low surrogate in a claim field', { as: 'agent', method: 'POST', url: '/api/policy/v1/claim?accountId={insured}', body: claimWith('lossDescription', 'x\\udc00y') }, 400, /^lossDescription contains text that is not valid Unicode/],
  ['NUL in a claim field name', { as: 'agent', method: 'POST', url: '/api/policy/v1/claim?accountId={insured}', body: claimWithKey('ro\\u0000le') }, 400, /^A field name in the request body must not contain the NUL character$/],
  ['NUL in a saved claim', { as: 'agent', method: 'PUT', url: `${CLAIMS}/{claim}`, body: claimWith('lossDescription', 'Ransomware\\u0000') }, 400, /^lossDescription must not contain the NUL character$/],
  ['a lone surrogate in a saved claim', { as: 'agent', method: 'PUT', url: `${CLAIMS}/{claim}`, body: claimWith('name', 'Priya \\ud83d') }, 400, /^name contains text that is not valid Unicode/],
  ['NUL in a text body', { as: 'agent', method: 'PUT', url: `${CLAIMS}/{claim}`, body: 'x\u0000', type: 'text/plain' }, 400, /^The request body must not contain the NUL character$/],
  ['NUL deep inside a definition document', {
    as: 'admin', method: 'POST', url: `${DOCUMENTS}/claim/versions`, body: `{"baseVersion":0,"note":"x","document":${deepDocument(100)}}`,
  }, 400, /^document(\.a){100} must not contain the NUL character$/],
  // Integers beyond a PostgreSQL integer, in the path, the query and the body.
  ['a version above 2^31-1 in the path', { as: 'admin', method: 'GET', url: `${DOCUMENTS}/claim/versions/2147483648` }, 400, /^version must be at most 2147483647$/],
  ['a version of 1e309 in the path', { as: 'admin', method: 'GET', url: `${DOCUMENTS}/claim/versions/1e309` }, 400, /^version must be at most 2147483647$/],
  ['a negative version in the path', { as: 'admin', method: 'GET', url: `${DOCUMENTS}/claim/versions/-1` }, 400, /^version must be at least 0$/],
  ['versions out of range to compare', { as: 'admin', method: 'GET', url: `${DOCUMENTS}/claim/compare?from=1e309&to=2147483648` }, 400, /^from must be at most 2147483647; to must be at most 2147483647$/],
  ['a page above its bound', { as: 'agent', method: 'GET', url: `${CLAIMS}/search?page=2147483648` }, 400, /^page must be at most 100000$/],
  ['a page size of 1e309', { as: 'agent', method: 'GET', url: `${CLAIMS}/search?size=1e309` }, 400, /^size must be at most 1000$/],
  ['a page of -1e309', { as: 'agent', method: 'GET', url: `${CLAIMS}/search?page=-1e309` }, 400, /^page must be at least 0$/],
  ['a page that is not a whole number', { as: 'agent', method: 'GET', url: `${CLAIMS}/search?page=1.5` }, 400, /^page must be integer$/],
  ['a base version of 1e309 in a restore body', { as: 'admin', method: 'POST', url: `${DOCUMENTS}/claim/restore`, body: '{"version":0,"note":"x","baseVersion":1e309}' }, 400, /^baseVersion must be at most 2147483647$/],
  ['a version above 2^31-1 in a restore body', { as: 'admin', method: 'POST', url: `${DOCUMENTS}/claim/restore`, body: '{"version":2147483648,"note":"x","baseVersion":0}' }, 400, /^version must be at most 2147483647$/],
  ['a base version above 2^31-1 in a publish body', { as: 'admin', method: 'POST', url: `${DOCUMENTS}/claim/versions`, body: '{"baseVersion":2147483648,"note":"x","document":{}}' }, 400, /^baseVersion must be at most 2147483647$/],
];

const withIds = (url: string) => url.replace('{insured}', ids.insured).replace('{claim}', ids.claim);

describe('hostile input answers 400 with a readable message, never 500', () => {
  test.each(CASES)('%s', async (_, request, status, message) => {
    const response = await t.inject({
      method: request.method,
      url: withIds(request.url),
      headers: {
        authorization: `Bearer ${tokens[request.as]}`,
        ...(request.body === undefined ? {} : { 'content-type': request.type ?? 'application/json' }),
      },
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
    expect(response.statusCode, response.body).toBe(status);
    expect((response.json() as { message: string }).message).toMatch(message);
    expect(response.body).not.toMatch(/\bat \S+ \(|node_modules|\/server\/|FST_/);
  });

  /** [what, the search parameter as sent in the URL]: text that must keep working. */
  const ACCEPTED: Array<[string, string]> = [
    ['accents, emoji (a surrogate pair) and ring', encodeURIComponent('Zoë 🚀 Ångström')],
    // A URL carries UTF-8, in which a lone surrogate cannot be written: its bytes do not decode to one.
    ['the UTF-8 bytes of a surrogate', '%ED%A0%80'],
  ];
  test.each(ACCEPTED)('ordinary or undecodable text is accepted: %s', async (_, search) => {
    const response = await t.inject({ method: 'GET', url: `${CLAIMS}/search?search=${search}`, headers: { authorization: `Bearer ${tokens.agent}` } });
    expect(response.statusCode, response.body).toBe(200);
  });
});
