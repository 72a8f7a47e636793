import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arbitraryOf, HOSTILE_SEGMENT, WRONG_VALUE, type Schema } from './support/schema-arbitrary.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { readContractDocument } from '../../engine/node/contract-document.ts';

/**
 * Property-based requests for every operation of the contract (fast-check), generated from its own schemas:
 * path and query parameters as declared or hostile (odd ids, traversal, NUL), bodies as declared or broken
 * (a field of the wrong kind, a required field missing, an unknown field, `__proto__`, deep nesting, invalid
 * JSON, the wrong content type, a megabyte of text). Whatever comes, the server answers below 500, never with a
 * stack trace or an internal path, and every refusal carries a readable message. Each request comes from the
 * provider's super admin or an agency's agent, drawn with the request. A new operation is fuzzed
 * without a new test. Bounded for CI (FUZZ_RUNS requests an operation, 8 by default, seed FUZZ_SEED);
 * `npm run fuzz:api` runs longer with a seed of its own and prints it.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** What an answer must never show: a stack frame, a source path, the database's own words. */
const LEAK = /\n\s+at\s|node_modules|\/work\/|\/server\/.*\.ts|\.ts:\d+|pglite|syntax error at or near|duplicate key value|violates .* constraint/i;

const contract = readContractDocument(fileURLToPath(new URL('../../api/openapi.yaml', import.meta.url))) as Json;
const resolve = (ref: string): Schema => ref.replace(/^#\//, '').split('/').reduce<Json>((node, key) => node[key], contract) as Schema;
const deref = <T>(value: T | { $ref: string }): T => ((value as { $ref?: string }).$ref ? (resolve((value as { $ref: string }).$ref) as T) : (value as T));

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
}

interface Operation {
  id: string;
  method: Uppercase<(typeof METHODS)[number]>;
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: Schema;
  /** A file upload (multipart): the fuzzed JSON must be refused, not crash. */
  multipart: boolean;
  public: boolean;
}

function operationsOf(): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(contract.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((parameter: Json) => deref<Parameter>(parameter as Parameter));
      const content = (operation.requestBody ? deref<Json>(operation.requestBody).content : {}) ?? {};
      operations.push({
        id: operation.operationId as string, method: method.toUpperCase() as Operation['method'], path, parameters,
        body: content['application/json']?.schema as Schema | undefined, multipart: Boolean(content['multipart/form-data']),
        public: Array.isArray(operation.security) && operation.security.length === 0,
      });
    }
  }
  return operations.sort((a, b) => a.id.localeCompare(b.id));
}

interface FuzzRequest {
  url: string;
  payload?: string;
  contentType?: string;
  kind: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A body: as declared, or broken in one of the ways a hostile client breaks it. */
function bodyOf(schema: Schema | undefined): fc.Arbitrary<{ payload?: string; contentType?: string; kind: string }> {
  const declared = arbitraryOf(schema ?? { type: 'object' }, resolve);
  const asObject = declared.map((value) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}));
  const json = (kind: string) => (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json', kind });
  const required = deref<Schema>(schema ?? {}).required ?? [];
  return fc.oneof(
    { weight: 4, arbitrary: declared.map(json('declared')) },
    { weight: 2, arbitrary: fc.tuple(asObject, fc.string({ minLength: 1, maxLength: 12 }), WRONG_VALUE).map(([body, key, wrong]) => {
      const keys = Object.keys(body);
      const target = keys.length > 0 ? keys[key.length % keys.length]! : key;
      return json('wrong-kind')({ ...body, [target]: wrong });
    }) },
    { weight: 1, arbitrary: asObject.map((body) => {
      const { [required[0] ?? '']: _dropped, ...rest } = body;
      return json('missing-required')(rest);
    }) },
    { weight: 1, arbitrary: fc.tuple(asObject, WRONG_VALUE).map(([body, wrong]) => json('unknown-field')({ ...body, unexpectedField: wrong })) },
    { weight: 1, arbitrary: asObject.map((body) => ({ payload: `{"__proto__":{"isAdmin":true,"polluted":1},"constructor":{"prototype":{"polluted":1}},${JSON.stringify(body).slice(1)}`.replace(/,}$/, '}'), contentType: 'application/json', kind: 'proto' })) },
    { weight: 1, arbitrary: fc.integer({ min: 50, max: 400 }).map((depth) => ({ payload: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, contentType: 'application/json', kind: 'deep' })) },
    { weight: 1, arbitrary: fc.constantFrom('{"a":', 'nul', '[1,2', '{"a":1}}', '\u0000', '"just a string"', '12', 'null').map((payload) => ({ payload, contentType: 'application/json', kind: 'invalid-json' })) },
    { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded').map((contentType) => ({ payload: 'a=1&b=<x/>', contentType, kind: 'wrong-type' })) },
  );
}

function requestOf(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const segment = (parameter: Parameter) => fc.oneof(
    { weight: 3, arbitrary: arbitraryOf(parameter.schema, resolve).map((value) => encodeURIComponent(text(value) || 'x')) },
    { weight: 1, arbitrary: HOSTILE_SEGMENT },
  );
  const queryValue = (parameter: Parameter) => fc.oneof(
    { weight: 3, arbitrary: arbitraryOf(parameter.schema, resolve).map(text) },
    { weight: 1, arbitrary: WRONG_VALUE.map(text) },
  );
  const path = fc.tuple(...pathParameters.map(segment)).map((values) =>
    pathParameters.reduce((url, parameter, index) => url.replace(`{${parameter.name}}`, values[index]!), operation.path));
  const query = fc.record(Object.fromEntries(queryParameters.map((parameter) => [parameter.name, queryValue(parameter)])), { requiredKeys: [] }).map((values) => {
    const search = new URLSearchParams(Object.entries(values).map(([name, value]) => [name, String(value)]));
    return search.size > 0 ? `?${search}` : '';
  });
  const body = operation.body || operation.multipart ? bodyOf(operation.body) : fc.constant({ kind: 'no-body' } as { payload?: string; contentType?: string; kind: string });
  return fc.tuple(path, query, body).map(([url, search, sent]) => ({ url: `${url}${search}`, ...sent }));
}

let t: TestApp;

/**
 * Who sends the requests, drawn per request: the provider's super admin reaches every operation's work; an
 * agency's agent takes the tenant paths (another agency's ids, refusals by role) with the same budget of runs.
 */
const PERSONAS = { admin: 'admin@provider.example', agent: 'agent@agency.example' } as const;
type Persona = keyof typeof PERSONAS;
const tokens: Record<Persona, string> = { admin: '', agent: '' };

async function signIn(persona: Persona): Promise<void> {
  tokens[persona] = (await t.tokensFor(PERSONAS[persona])).accessToken;
}

/** Both stay signed in: an operation that ends sessions (sign-out, revoke) is followed by a new sign-in. */
async function stillSignedIn(): Promise<void> {
  for (const persona of Object.keys(PERSONAS) as Persona[]) {
    const me = await t.inject({ method: 'GET', url: '/api/auth/v1/me', headers: { authorization: `Bearer ${tokens[persona]}` } });
    if (me.statusCode === 401) await signIn(persona);
  }
}

function problemOf(operation: Operation, request: FuzzRequest, status: number, body: string, contentType = ''): string | null {
  const where = `${operation.id} ${request.kind} ${operation.method} ${request.url}`;
  if (status >= 500) return `${where} answered ${status}: ${body.slice(0, 300)}`;
  if (LEAK.test(body) && status >= 400) return `${where} leaked internals (${status}): ${body.slice(0, 300)}`;
  // A page for the browser (the stand-in sign-in provider's) says what went wrong in its own words.
  if (status >= 400 && contentType.startsWith('text/html')) return body.trim() === '' ? `${where} refused (${status}) with an empty page` : null;
  if (status >= 400) {
    let message: unknown;
    try {
      message = (JSON.parse(body) as { message?: unknown }).message;
    } catch {
      message = undefined;
    }
    if (typeof message !== 'string' || message.trim() === '') return `${where} refused (${status}) without a readable message: ${body.slice(0, 200)}`;
  }
  return null;
}

const OPERATIONS = operationsOf();

beforeAll(async () => {
  t = await startTestApp();
  await signIn('admin');
  await signIn('agent');
  if (process.env.FUZZ_SEED || process.env.FUZZ_RUNS) console.log(`contract fuzz: seed ${SEED}, ${RUNS} requests an operation`);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('fuzzed requests to every operation answer below 500, without internals, with a readable refusal', () => {
  it('covers every operation of the contract', () => {
    expect(OPERATIONS.length).toBeGreaterThan(400);
    expect(new Set(OPERATIONS.map((operation) => operation.id)).size).toBe(OPERATIONS.length);
  });

  it.each(OPERATIONS)('$id', async (operation) => {
    const seed = SEED + [...operation.id].reduce((sum, char) => sum + char.charCodeAt(0), 0);
    await fc.assert(
      fc.asyncProperty(requestOf(operation), fc.constantFrom<Persona>('admin', 'agent'), async (request, persona) => {
        const response = await t.inject({
          method: operation.method,
          url: request.url,
          headers: {
            ...(operation.public ? {} : { authorization: `Bearer ${tokens[persona]}` }),
            'x-timezone': 'UTC',
            ...(request.contentType ? { 'content-type': request.contentType } : {}),
          },
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
          // Not the address the suite signs in from: the public operations' rate limits are not the suite's.
          remoteAddress: '203.0.113.77',
        });
        const problem = problemOf(operation, { ...request, kind: `${request.kind} as ${persona}` }, response.statusCode, response.body, String(response.headers['content-type'] ?? ''));
        expect(problem).toBeNull();
      }),
      { numRuns: RUNS, seed, endOnFailure: true },
    );
    await stillSignedIn();
  }, 60_000);

  it('refuses a megabyte of text in a field with a readable message', async () => {
    const huge = 'x'.repeat(1_048_576);
    for (const url of ['/api/quote/v1/create', '/api/account/v1/accounts', '/api/auth/v1/teams']) {
      const response = await t.inject({ method: 'POST', url, headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' }, payload: JSON.stringify({ name: huge, accountId: huge, note: huge }) });
      expect(problemOf({ id: url, method: 'POST', path: url, parameters: [], multipart: false, public: false }, { url, kind: 'megabyte' }, response.statusCode, response.body)).toBeNull();
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    }
  });
});
