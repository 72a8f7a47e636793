import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../api/operations.ts';
import { readContractDocument } from '../../engine/node/contract-document.ts';
import { seedDemoRecords } from '../../server/seed/demo-records.ts';
import {
  BODY_EXEMPT, BODY_FIELDS, BODY_IDS, declarationOf, groupOf, isExempt, LIST_EXEMPT, LIST_QUERIES, type Scoped, type Source,
} from './support/tenant-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The tenant matrix: every operation of the contract (read from api/operations.ts, so an operation added later
 * is covered or fails here by name) is called by three other tenants on the rows of the agency Summit Risk
 * Partners and its clients, in the full demo world: another US agency, a UK brokerage, and a policyholder of
 * Summit (on another client's rows). Operations with path parameters find the victim's row through their
 * declaration (tests/api/support/tenant-fixtures.ts) and must refuse (403, or 404 as for a missing id), never
 * answer 2xx or 5xx, never show the victim's data; lists, counts and searches must show none of the victim's
 * ids or client names, also when asked with a filter naming one of the victim's rows (accountId, agencyId,
 * policyId…). A fingerprint of every victim row, taken before and after, proves nothing changed.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Operation = { method: string; path: string; public: boolean; permission: string | null; file?: boolean };

const VICTIM = 'agent@agency.example';
const ATTACKERS = ['agent@otheragency.example', 'broker@brokerage.example', 'policyholder@insured.example'] as const;
type Attacker = (typeof ATTACKERS)[number];
const PROVIDER = 'admin@provider.example';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

const contract = readContractDocument(fileURLToPath(new URL('../../api/openapi.yaml', import.meta.url))) as Json;
const resolveRef = (ref: string): Json => ref.replace(/^#\//, '').split('/').reduce<Json>((node, key) => node[key], contract);
const deref = (value: Json): Json => (value?.$ref ? deref(resolveRef(value.$ref)) : value);

const operations = Object.entries(OPERATIONS as Record<string, Operation>).filter(([, operation]) => !operation.public);
const withPath = operations.filter(([, operation]) => groupOf(operation.path) !== null);
const lists = operations.filter(([, operation]) => operation.method === 'GET' && groupOf(operation.path) === null);
const undeclared = withPath.filter(([id, operation]) => !declarationOf(id, operation.path)).map(([id, operation]) => `${id} (${groupOf(operation.path)})`);
const scoped = withPath.flatMap(([id, operation]) => {
  const declaration = declarationOf(id, operation.path);
  return declaration && !isExempt(declaration) ? [[id, operation, declaration] as const] : [];
});
const exempt = withPath.filter(([id, operation]) => {
  const declaration = declarationOf(id, operation.path);
  return declaration && isExempt(declaration);
});
/** Changes without path parameters that act for a permission (those without one are the caller's own session). */
const changes = operations.filter(([, operation]) => operation.method !== 'GET' && groupOf(operation.path) === null && operation.permission !== null);
const checkedLists = lists.filter(([id]) => !LIST_EXEMPT[id as keyof typeof LIST_EXEMPT]);

/**
 * A plausible body per operation: the sample data of the form definition that submits to it (the studio's
 * preview data), so the request passes the form's checks and reaches the tenant lookup. An answer of 400 is
 * still accepted (the fingerprint proves it changed nothing), but then the lookup was not reached.
 */
const formsDirectory = fileURLToPath(new URL('../../definitions/forms/', import.meta.url));
const samples = new Map<string, Json>(readdirSync(formsDirectory).flatMap((file) => {
  const form = JSON.parse(readFileSync(`${formsDirectory}${file}`, 'utf8')) as Json;
  const bound = [form.binding?.submit, form.binding?.update].filter((id): id is string => typeof id === 'string');
  return form.sample ? bound.map((id) => [id, form.sample as Json] as const) : [];
}));

function contractOperation(operation: Operation): Json {
  return contract.paths[operation.path][operation.method.toLowerCase()];
}

/** A smallest plausible value of a schema: required properties only, the first enum value, the minimum. */
function sampleOf(schema: Json | undefined, ids: { accountId: string }, depth = 0): unknown {
  const s = deref(schema ?? {});
  if (depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part: Json) => sampleOf(part, ids, depth + 1)));
  if (s.oneOf || s.anyOf) return sampleOf((s.oneOf ?? s.anyOf)[0], ids, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((kind: string) => kind !== 'null') : s.type;
  switch (type ?? (s.properties ? 'object' : undefined)) {
    case 'object': return Object.fromEntries((s.required ?? []).map((name: string) => [name, sampleOf(s.properties?.[name], ids, depth + 1)]));
    case 'array': return Array.from({ length: s.minItems ?? 0 }, () => sampleOf(s.items, ids, depth + 1));
    case 'integer': case 'number': return s.minimum ?? 1;
    case 'boolean': return false;
    case 'string':
      switch (s.format) {
        case 'uuid': return ids.accountId;
        case 'date': return '2026-12-01';
        case 'date-time': return '2026-12-01T00:00:00.000Z';
        case 'email': return 'tenant.matrix@example.com';
        default: return 'x'.repeat(Math.max(1, s.minLength ?? 1));
      }
    default: return null;
  }
}

let t: TestApp;
const tokens: Record<string, string> = {};
const accountOf: Record<string, string> = {};
let summitId = '';
let acmeId = '';
/** Per attacker, the ids and names of the victim's rows it has no right to see. */
const canaries: Record<string, { ids: Set<string>; names: string[] }> = {};
let before: Record<string, string> = {};
let beforeOwn: Record<string, string> = {};
/** The victim's accounts but the policyholder's own, and that one, whose rows the policyholder may change by right. */
const VICTIM_ACCOUNTS = 'SELECT id FROM accounts WHERE (id = $1 OR agency_id = $1) AND id <> $2';
const POLICYHOLDER_ACCOUNT = 'SELECT id FROM accounts WHERE id = $2::uuid AND $1::uuid IS NOT NULL';
/** What the policyholder changes on its own account in the matrix, by right. */
const OWN_CHANGES: Record<string, string> = {
  connector_privacy_agreements: 'it agrees to the connector privacy addendum for its own account (saveConnectorPrivacyAgreement)',
};
const valueCache = new Map<string, Record<string, string>>();

/** As many of `values` as the SQL names ($1...): PostgreSQL refuses parameters a statement does not use. */
const parametersOf = (sql: string, values: string[]) => values.slice(0, Math.max(0, ...[...sql.matchAll(/\$(\d+)/g)].map((match) => Number(match[1]))));

async function valuesOf(source: Source, attacker: string): Promise<Record<string, string>> {
  if ('values' in source) return source.values;
  const key = `${source.sql}\u0000${accountOf[attacker]}`;
  const cached = valueCache.get(key);
  if (cached) return cached;
  const [row] = await t.db.query<Record<string, string>>(source.sql, parametersOf(source.sql, [summitId, acmeId, accountOf[attacker]!]));
  if (!row) throw new Error(`No victim row for: ${source.sql}`);
  valueCache.set(key, row);
  return row;
}

function requestOf(id: string, operation: Operation, token: string, values: Record<string, string>, bodyValues?: Record<string, string>): InjectOptions {
  const spec = contractOperation(operation);
  const parameters = [...(contract.paths[operation.path].parameters ?? []), ...(spec.parameters ?? [])].map(deref);
  const ids = { accountId: values.accountId ?? values.id ?? summitId };
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`${id}: no value for path parameter ${name}`);
    return encodeURIComponent(values[name]);
  });
  const query: Record<string, string> = {};
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    const schema = deref(parameter.schema ?? {});
    if (parameter.name === 'size' && schema.maximum) query.size = String(schema.maximum);
    else if (values[parameter.name] !== undefined) query[parameter.name] = values[parameter.name]!;
    else if (parameter.required) query[parameter.name] = String(sampleOf(schema, ids));
  }
  const body = spec.requestBody ? deref(spec.requestBody).content?.['application/json']?.schema : undefined;
  const payload: Json = { ...(body ? (sampleOf(body, ids) as Json) : {}), ...samples.get(id) };
  // Fields that name a row name the victim's (as a list where the field is one).
  for (const [name, property] of Object.entries((deref(body ?? {}).properties ?? {}) as Record<string, Json>)) {
    const value = bodyValues?.[name] ?? bodyValues?.[name.replace(/s$/, '')];
    if (value !== undefined) payload[name] = deref(property).type === 'array' ? [value] : value;
  }
  return {
    method: operation.method as InjectOptions['method'],
    url,
    query,
    headers: { authorization: `Bearer ${token}`, 'x-timezone': 'UTC' },
    ...(['POST', 'PUT', 'PATCH'].includes(operation.method) ? { payload } : {}),
  };
}

/** The names of an operation's optional query parameters. */
function optionalFilters(operation: Operation): string[] {
  const spec = contractOperation(operation);
  return [...(contract.paths[operation.path].parameters ?? []), ...(spec.parameters ?? [])]
    .map(deref)
    .filter((parameter) => parameter.in === 'query' && !parameter.required)
    .map((parameter) => parameter.name as string);
}

/** The canaries an answer to `caller` shows, leaving out the values the caller itself sent. */
function leaked(response: LightMyRequestResponse, caller: string, sent: Record<string, string>): string[] {
  const { ids, names } = canaries[caller]!;
  const own = new Set(Object.values(sent).map((value) => value.toLowerCase()));
  const body = response.body;
  const found = new Set((body.match(UUID) ?? []).map((id) => id.toLowerCase()).filter((id) => ids.has(id) && !own.has(id)));
  for (const name of names) if (body.includes(name) || body.includes(JSON.stringify(name).slice(1, -1))) found.add(name);
  // Each with a little of its surroundings, to tell which field shows it.
  return [...found].slice(0, 5).map((canary) => {
    const at = body.toLowerCase().indexOf(canary.toLowerCase());
    return `${canary} in …${body.slice(Math.max(0, at - 120), at + canary.length + 40)}…`;
  });
}

/**
 * Every table's rows that belong to the accounts `accountsSql` selects, and the rows hanging off them, as md5 per
 * table: the victim's ($1 Summit, $2 the policyholder's own account, fingerprinted apart).
 */
async function fingerprint(accountsSql: string): Promise<Record<string, string>> {
  const sets: Record<string, string> = {};
  const idsOf = async (sql: string) => `'{${(await t.db.query<{ id: string }>(sql, parametersOf(sql, [summitId, acmeId]))).map((row) => row.id).join(',')}}'::uuid[]`;
  const accounts = await idsOf(accountsSql);
  sets.account_id = accounts;
  for (const column of ['agency_id', 'producing_agency_id', 'from_agency_id', 'to_agency_id', 'organisation_id', 'mssp_id']) sets[column] = accounts;
  const inVictim = `account_id = ANY(${accounts}) OR agency_id = ANY(${accounts})`;
  sets.quote_id = await idsOf(`SELECT id FROM quotes WHERE ${inVictim}`);
  sets.policy_id = await idsOf(`SELECT id FROM policies WHERE ${inVictim}`);
  sets.user_id = await idsOf(`SELECT id FROM users WHERE account_id = ANY(${accounts})`);
  sets.connection_id = await idsOf(`SELECT id FROM connector_connections WHERE account_id = ANY(${accounts})`);
  sets.webhook_id = await idsOf(`SELECT id FROM webhooks WHERE account_id = ANY(${accounts})`);
  sets.upload_id = await idsOf(`SELECT id FROM account_uploads WHERE agency_id = ANY(${accounts})`);
  sets.team_id = await idsOf(`SELECT id FROM teams WHERE account_id = ANY(${accounts})`);
  sets.tag_id = await idsOf(`SELECT id FROM tags WHERE account_id = ANY(${accounts})`);
  sets.submission_id = await idsOf(`SELECT id FROM submissions WHERE ${inVictim}`);
  const columns = await t.db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, column_name`);
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) byTable.set(table, [...(byTable.get(table) ?? []), column]);
  // Sign-ins and the request log are the attackers' own traffic; refusals change no victim row in them.
  const skipped = new Set(['refresh_tokens', 'api_activity', 'audit_log', 'auth_throttle', 'outbox']);
  const result: Record<string, string> = {};
  for (const [table, names] of byTable) {
    if (skipped.has(table)) continue;
    const conditions = names.filter((name) => sets[name]).map((name) => `"${name}" = ANY(${sets[name]})`);
    if (table === 'accounts') conditions.push(`id = ANY(${accounts})`);
    if (table === 'quotes') conditions.push(`id = ANY(${sets.quote_id})`);
    if (table === 'policies') conditions.push(`id = ANY(${sets.policy_id})`);
    if (!conditions.length) continue;
    const [row] = await t.db.query<{ n: number; digest: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(r::text, E'\\n' ORDER BY r::text)) AS digest FROM "${table}" r WHERE ${conditions.join(' OR ')}`);
    result[table] = `${row?.n}:${row?.digest}`;
  }
  return result;
}

beforeAll(async () => {
  t = await startTestApp();
  await t.db.transaction((tx) => seedDemoRecords(tx, t.clock));
  const users = await t.db.query<{ email: string; account_id: string }>(`SELECT email, account_id FROM users`);
  for (const user of users) accountOf[user.email] = user.account_id;
  summitId = accountOf[VICTIM]!;
  acmeId = accountOf['policyholder@insured.example']!;
  for (const email of [VICTIM, PROVIDER, ...ATTACKERS]) tokens[email] = (await t.tokensFor(email)).accessToken;

  // The victim's lead sync leaves a webhook delivery, the one row of its kind the demo world lacks.
  const [lead] = await t.db.query<{ id: string }>(`SELECT id FROM accounts WHERE agency_id = $1 AND id <> $2 ORDER BY name LIMIT 1`, [summitId, acmeId]);
  await t.inject({ method: 'POST', url: `/api/account/v1/account/${lead!.id}/lead-sync`, headers: { authorization: `Bearer ${tokens[VICTIM]}` }, payload: {} });
  // A download of a client's policy declarations keeps it as a version (documents/document-versions.ts), the demo world having none.
  const [kept] = await t.db.query<{ id: string }>(`SELECT p.id FROM policies p JOIN accounts a ON a.id = p.account_id WHERE a.agency_id = $1 AND a.id <> $2 ORDER BY p.policy_number LIMIT 1`, [summitId, acmeId]);
  const declarations = await t.inject({ method: 'GET', url: `/api/policy/v1/${kept!.id}/document`, headers: { authorization: `Bearer ${tokens[VICTIM]}` } });
  expect(declarations.statusCode, declarations.body.slice(0, 200)).toBe(200);

  const victimAccounts = `SELECT id FROM accounts WHERE id = $1 OR agency_id = $1`;
  const secrets = await t.db.query<{ id: string; account_id: string }>(
    `SELECT id::text, id::text AS account_id FROM accounts WHERE id IN (${victimAccounts})
     UNION ALL SELECT id::text, account_id::text FROM quotes WHERE account_id IN (${victimAccounts})
     UNION ALL SELECT id::text, account_id::text FROM policies WHERE account_id IN (${victimAccounts})
     UNION ALL SELECT id::text, account_id::text FROM claims WHERE account_id IN (${victimAccounts})
     UNION ALL SELECT id::text, account_id::text FROM users WHERE account_id IN (${victimAccounts})`, [summitId]);
  // Client names found nowhere but on Summit's clients (a name another tenant or the directory shares is no secret).
  const names = await t.db.query<{ name: string; id: string }>(
    `SELECT a.name, a.id::text FROM accounts a WHERE a.agency_id = $1 AND length(a.name) > 6
       AND NOT EXISTS (SELECT 1 FROM accounts o WHERE o.name = a.name AND o.id <> a.id)
       AND NOT EXISTS (SELECT 1 FROM company_directory c WHERE c.name = a.name)`, [summitId]);
  for (const attacker of ATTACKERS) {
    // Known by right: the policyholder its own account's rows and its agency (with the agency's people); an
    // agency the accounts it courts as an interested agency (the demo's Harbor courts Acme), not their quotes.
    const known = new Set(attacker === 'policyholder@insured.example' ? [acmeId, summitId] : []);
    const courted = await t.db.query<{ account_id: string }>(`SELECT account_id::text FROM account_interested_agencies WHERE agency_id = $1`, [accountOf[attacker]]);
    const courtedIds = new Set(courted.map((row) => row.account_id));
    const ids = new Set(secrets.filter((row) => !known.has(row.account_id) && !courtedIds.has(row.id)).map((row) => row.id));
    canaries[attacker] = { ids, names: names.filter((row) => !known.has(row.id) && !courtedIds.has(row.id)).map((row) => row.name) };
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the declarations', () => {
  it('cover every operation with path parameters (add one to tests/api/support/tenant-fixtures.ts)', () => {
    expect(undeclared).toEqual([]);
  });

  it('leave some operations to check in each category', () => {
    expect(scoped.length).toBeGreaterThan(150);
    expect(checkedLists.length).toBeGreaterThan(60);
    expect(changes.length).toBeGreaterThan(40);
    // Lists asked again with a filter naming the victim's row (accountId, agencyId, policyId…).
    expect(checkedLists.filter(([, operation]) => optionalFilters(operation).some((name) => BODY_FIELDS[name])).length).toBeGreaterThan(15);
    for (const attacker of ATTACKERS) {
      expect(canaries[attacker]!.ids.size, attacker).toBeGreaterThan(1000);
      expect(canaries[attacker]!.names.length, attacker).toBeGreaterThan(20);
    }
  });

  const proofs = [...new Map(scoped.flatMap(([, , declaration]) => (declaration.proof ? [[declaration.proof, declaration] as const] : []))).entries()];
  it.each(proofs)('point at real rows: the victim reads them (%s)', async (proof, declaration) => {
    const operation = (OPERATIONS as Record<string, Operation>)[proof]!;
    const response = await t.inject(requestOf(proof, operation, tokens[VICTIM]!, await valuesOf(declaration.source, VICTIM)));
    expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(300);
  });

  it('point at real rows: provider staff read the victim quote across tenants', async () => {
    const values = await valuesOf((declarationOf('getQuote', OPERATIONS.getQuote.path) as Scoped).source, PROVIDER);
    const response = await t.inject(requestOf('getQuote', OPERATIONS.getQuote, tokens[PROVIDER]!, values));
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.json().id).toBe(values.id);
  });
});

describe('three other tenants on the victim\'s rows', () => {
  beforeAll(async () => {
    before = await fingerprint(VICTIM_ACCOUNTS);
    beforeOwn = await fingerprint(POLICYHOLDER_ACCOUNT);
  }, 60_000);

  const cases = scoped.flatMap(([id, operation, declaration]) => ATTACKERS.map((attacker) => [id, attacker, operation, declaration] as const));
  it.each(cases)('%s by %s is refused', async (id, attacker: Attacker, operation, declaration: Scoped) => {
    const values = await valuesOf(declaration.source, attacker);
    const response = await t.inject(requestOf(id, operation, tokens[attacker]!, values));
    const detail = `${operation.method} ${operation.path} ${JSON.stringify(values)}: ${response.statusCode} ${response.body.slice(0, 300)}`;
    if (process.env.TENANT_MATRIX_TALLY) console.log('TALLY', id, attacker, response.statusCode, response.body.slice(0, 160));
    expect(response.statusCode, detail).toBeLessThan(500);
    if ((declaration.expect ?? 'refused') === 'refused' && !declaration.readableBy?.[attacker]) expect([400, 403, 404], detail).toContain(response.statusCode);
    if (!declaration.readableBy?.[attacker]) expect(leaked(response, attacker, values), detail).toEqual([]);
  });

  const listCases = checkedLists.flatMap(([id, operation]) => ATTACKERS.map((attacker) => [id, attacker, operation] as const));
  it.each(listCases)('%s by %s shows none of the victim\'s rows', async (id, attacker, operation) => {
    const source = LIST_QUERIES[id as keyof typeof LIST_QUERIES];
    const values = source ? await valuesOf(source, attacker) : {};
    const response = await t.inject(requestOf(id, operation, tokens[attacker]!, values));
    const detail = `${operation.method} ${operation.path}: ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, detail).toBeLessThan(500);
    expect(leaked(response, attacker, values), detail).toEqual([]);
    // A file (a PDF's text is compressed, so no canary shows in it) of the victim's is refused outright.
    if (source && operation.file) expect(response.statusCode, detail).toBeGreaterThanOrEqual(400);
    // Each optional filter that names a row (accountId, agencyId, policyId…) set to the victim's, one at a time:
    // a filter must narrow what the caller may see, never reach past it.
    for (const name of optionalFilters(operation).filter((filter) => values[filter] === undefined && BODY_FIELDS[filter])) {
      const filtered = { ...values, [name]: (await valuesOf(BODY_FIELDS[name]!, attacker))[name]! };
      const answer = await t.inject(requestOf(id, operation, tokens[attacker]!, filtered));
      const filteredDetail = `${operation.method} ${operation.path}?${name}=${filtered[name]}: ${answer.statusCode} ${answer.body.slice(0, 300)}`;
      expect(answer.statusCode, filteredDetail).toBeLessThan(500);
      expect(leaked(answer, attacker, filtered), filteredDetail).toEqual([]);
    }
  });

  const changeCases = changes.flatMap(([id, operation]) => ATTACKERS.map((attacker) => [id, attacker, operation] as const));
  it.each(changeCases)('%s by %s naming the victim\'s rows in its body changes and shows none of them', async (id, attacker, operation) => {
    const values: Record<string, string> = {};
    for (const [field, source] of Object.entries(BODY_FIELDS)) values[field] = (await valuesOf(source, attacker))[field]!;
    const own = BODY_IDS[id as keyof typeof BODY_IDS];
    if (own) values.id = (await valuesOf(own, attacker)).id!;
    const response = await t.inject(requestOf(id, operation, tokens[attacker]!, values, values));
    const detail = `${operation.method} ${operation.path}: ${response.statusCode} ${response.body.slice(0, 300)}`;
    if (process.env.TENANT_MATRIX_TALLY) console.log('TALLY', id, attacker, response.statusCode, response.body.slice(0, 160));
    expect(response.statusCode, detail).toBeLessThan(500);
    expect(leaked(response, attacker, values), detail).toEqual([]);
  });

  it('changed none of the victim\'s rows', async () => {
    const after = await fingerprint(VICTIM_ACCOUNTS);
    const changed = Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
    expect(changed, 'tables with changed rows of Summit and its other clients').toEqual([]);
    const afterOwn = await fingerprint(POLICYHOLDER_ACCOUNT);
    const changedOwn = Object.keys({ ...beforeOwn, ...afterOwn }).filter((table) => beforeOwn[table] !== afterOwn[table] && !OWN_CHANGES[table]);
    expect(changedOwn, "tables with changed rows of the policyholder's own account (Acme)").toEqual([]);
  }, 60_000);
});

describe('what is left out', () => {
  it.each(exempt.map(([id, operation]) => [id, (declarationOf(id, operation.path) as { exempt: string }).exempt] as const))(
    '%s is not tenant-scoped: %s', (_, reason) => {
      expect(reason.length).toBeGreaterThan(10);
    });

  const ownChanges = operations.filter(([, operation]) => operation.method !== 'GET' && groupOf(operation.path) === null && operation.permission === null);
  it.each(ownChanges.map(([id]) => [id, BODY_EXEMPT] as const))('%s is not tenant-scoped: %s', (_, reason) => {
    expect(reason.length).toBeGreaterThan(10);
  });
});
