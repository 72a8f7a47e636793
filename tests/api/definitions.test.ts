import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createRegistry, type DefinitionSourceDocuments, type FormDefinition, type TableDefinition } from '../../engine/index.ts';
import { buildApp } from '../../server/app.ts';
import { TEST_HASH_COST } from '../../server/auth/password.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let admin: string;
let underwriter: string;
let agent: string;

beforeAll(async () => {
  t = await startTestApp();
  const sign = async (email: string) => (await t.tokensFor(email)).accessToken;
  [admin, underwriter, agent] = await Promise.all([sign('admin@provider.example'), sign('underwriter@provider.example'), sign('agent@agency.example')]);
});
afterAll(() => t.close());

const BASE = '/api/definitions/v1';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const get = (token: string, url: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });
const post = (token: string, url: string, payload: unknown) =>
  t.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

const current = async (key: string): Promise<{ version: number; document: Json }> => {
  const response = await get(admin, `${BASE}/documents/${key}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const publish = (key: string, document: unknown, baseVersion: number, note = 'Test change', token = admin) =>
  post(token, `${BASE}/documents/${key}/versions`, { document, note, baseVersion });
const versionsOf = async (key: string): Promise<number[]> =>
  (await get(admin, `${BASE}/documents/${key}/versions`)).json().content.map((entry: { version: number }) => entry.version);

async function bundle(): Promise<{ response: LightMyRequestResponse; sources: DefinitionSourceDocuments & { revision: string } }> {
  const response = await get(admin, `${BASE}/bundle`);
  expect(response.statusCode).toBe(200);
  return { response, sources: response.json() };
}
/** The client's view: the bundle loaded into the engine's registry, as the browser does. */
const clientRegistry = async () => createRegistry((await bundle()).sources);
const propertyOf = (form: FormDefinition, name: string) => (form.schema.properties as Json | undefined)?.[name];

describe('publishing a definition', () => {
  test('a changed label of the claim form is published as version 1 and reaches the bundle and the resolved definition', async () => {
    const before = await bundle();
    const claim = await current('claim');
    expect(claim).toMatchObject({ key: 'claim', kind: 'form', status: 'default', version: 0, hasDefault: true, author: null });
    claim.document.schema.properties.name.title = 'Full Name';

    const response = await publish('claim', claim.document, 0, 'Name reads Full Name');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ key: 'claim', version: 1, note: 'Name reads Full Name', author: 'Ada Admin', restoredFrom: null, current: true });

    const after = await bundle();
    expect(after.sources.revision).not.toBe(before.sources.revision);
    expect(after.response.headers.etag).toBe(`"definitions-${after.sources.revision}"`);
    const claimSource = after.sources.definitions.find((source) => source.file === 'claim') as unknown as { version: number; document: Json };
    expect(claimSource.version).toBe(1);
    for (const edition of ['us', 'uk'] as const) {
      expect(propertyOf((await clientRegistry()).resolve<FormDefinition>('claim', edition), 'name')).toMatchObject({ title: 'Full Name' });
      const resolved = await get(agent, `${BASE}/resolved/${edition}/claim`);
      expect(resolved.json().definition.schema.properties.name.title).toBe('Full Name');
    }
    expect(await current('claim')).toMatchObject({ status: 'published', version: 1, author: 'Ada Admin', note: 'Name reads Full Name' });
  });

  test('the bundle answers 304 to the ETag of the current revision, and 200 once something is published', async () => {
    const { response } = await bundle();
    const etag = String(response.headers.etag);
    expect(response.headers['cache-control']).toContain('no-cache');
    expect((await get(agent, `${BASE}/bundle`, { 'if-none-match': etag })).statusCode).toBe(304);
    const feedback = await current('feedback');
    expect((await publish('feedback', feedback.document, feedback.version, 'Same text, new version')).statusCode).toBe(201);
    expect((await get(agent, `${BASE}/bundle`, { 'if-none-match': etag })).statusCode).toBe(200);
  });

  test('versions are listed newest first with the file as version 0; each reads back in full; two compare by JSON pointer', async () => {
    const list = (await get(admin, `${BASE}/documents/claim/versions`)).json();
    expect(list).toMatchObject({ key: 'claim', currentVersion: 1 });
    expect(list.content).toMatchObject([
      { version: 1, note: 'Name reads Full Name', author: 'Ada Admin', current: true, restoredFrom: null },
      { version: 0, author: null, created: null, current: false },
    ]);
    const one = (await get(admin, `${BASE}/documents/claim/versions/1`)).json();
    expect(one.document.schema.properties.name.title).toBe('Full Name');
    const file = (await get(admin, `${BASE}/documents/claim/versions/0`)).json();
    expect(file.document.schema.properties.name.title).toBe('Name');
    expect((await get(admin, `${BASE}/documents/claim/versions/7`)).statusCode).toBe(404);
    const compared = (await get(admin, `${BASE}/documents/claim/compare?from=0&to=1`)).json();
    expect(compared.changes).toEqual([{ pointer: '/schema/properties/name/title', kind: 'changed', before: 'Name', after: 'Full Name' }]);
  });

  test('a restore is a new version whose document is the old one; nothing is overwritten', async () => {
    const response = await post(admin, `${BASE}/documents/claim/restore`, { version: 0, note: 'Back to the file', baseVersion: 1 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ version: 2, restoredFrom: 0, note: 'Back to the file' });
    const file = (await get(admin, `${BASE}/documents/claim/versions/0`)).json().document;
    expect((await current('claim')).document).toEqual(file);
    expect(await versionsOf('claim')).toEqual([2, 1, 0]);
    expect((await get(admin, `${BASE}/documents/claim/versions/1`)).json().document.schema.properties.name.title).toBe('Full Name');
    expect(propertyOf((await clientRegistry()).resolve<FormDefinition>('claim', 'us'), 'name')).toMatchObject({ title: 'Name' });

    const again = await post(admin, `${BASE}/documents/claim/restore`, { version: 1, note: 'Full Name again', baseVersion: 2 });
    expect(again.json()).toMatchObject({ version: 3, restoredFrom: 1 });
    expect(again.json().document.schema.properties.name.title).toBe('Full Name');
    expect((await post(admin, `${BASE}/documents/claim/restore`, { version: 9, note: 'x', baseVersion: 3 })).statusCode).toBe(404);
  });

  test('a change note is required', async () => {
    const claim = await current('claim');
    const response = await publish('claim', claim.document, claim.version, '   ');
    expect(response.statusCode).toBe(400);
    expect(await versionsOf('claim')).toEqual([3, 2, 1, 0]);
  });
});

describe('a publish that breaks a check is refused and changes nothing', () => {
  test('a rule naming a field that does not exist: 422 with the pointer of the rule', async () => {
    const claim = await current('claim');
    const { revision } = (await bundle()).sources;
    claim.document.rules[0].when = { '==': [{ var: 'isRightContactt' }, 'no'] };
    const response = await publish('claim', claim.document, claim.version, 'Typo');
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toMatch(/not published/);
    expect(response.json().faults).toContainEqual(expect.objectContaining({
      key: 'claim', pointer: '/rules/0/when', check: 'unknown-rule-field', severity: 'error',
    }));
    expect(await versionsOf('claim')).toEqual([3, 2, 1, 0]);
    expect((await bundle()).sources.revision).toBe(revision);
    expect((await current('claim')).document.rules[0].when).toEqual({ '==': [{ var: 'isRightContact' }, 'no'] });
  });

  test('a document that breaks its meta-schema: 422 with every fault by JSON pointer', async () => {
    const claim = await current('claim');
    const broken = { ...claim.document, schema: 'not a schema', colour: 'red', rules: [{ id: 'no-effects', when: true }] };
    const response = await publish('claim', broken, claim.version);
    expect(response.statusCode).toBe(422);
    const faults = response.json().faults as { pointer: string; check: string; key: string }[];
    expect(faults.every((fault) => fault.check === 'meta-schema' && fault.key === 'claim')).toBe(true);
    const pointers = faults.map((fault) => fault.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['', '/schema', '/rules/0']));
    expect(await versionsOf('claim')).toEqual([3, 2, 1, 0]);
  });

  test('a document under another key, or a kind change, is refused', async () => {
    const claim = await current('claim');
    const other = await publish('feedback', claim.document, 1);
    expect(other.statusCode).toBe(422);
    expect(other.json().faults).toContainEqual(expect.objectContaining({ pointer: '/id', check: 'key' }));
  });

  test('a change that breaks another definition is refused too (a list a form still uses)', async () => {
    const yesNo = await current('yes-no');
    const response = await publish('yes-no', { ...yesNo.document, kind: 'table' }, 0);
    expect(response.statusCode).toBe(422);
    expect(await versionsOf('yes-no')).toEqual([0]);
  });

  test('the check call reports the same faults without publishing', async () => {
    const claim = await current('claim');
    claim.document.messages = { ...claim.document.messages, 'ghost.required': 'Ghost is required' };
    // An operation the contract does not describe (yet) is a warning.
    claim.document.binding = { ...claim.document.binding, load: 'getClaimDraft' };
    const response = await post(admin, `${BASE}/documents/claim/check`, { document: claim.document });
    expect(response.statusCode).toBe(200);
    expect(response.json().faults).toContainEqual(expect.objectContaining({ pointer: '/messages/ghost.required', check: 'message-unknown-field' }));
    expect(response.json().warnings).toContainEqual(expect.objectContaining({ pointer: '/binding/load', check: 'unknown-operation', severity: 'warning' }));
    expect(await versionsOf('claim')).toEqual([3, 2, 1, 0]);
  });
});

describe('overlays and edition settings go through the same path', () => {
  test('an overlay publish (overlay:uk:claim) changes the UK claim form only', async () => {
    const overlay = await current('overlay:uk:claim');
    expect(overlay).toMatchObject({ kind: 'overlay', edition: 'uk', id: 'claim', version: 0 });
    overlay.document.merge.schema.properties.address3.title = 'Address Line 3 (optional)';
    const response = await publish('overlay:uk:claim', overlay.document, 0, 'Optional third line');
    expect(response.statusCode, response.body).toBe(201);
    const registry = await clientRegistry();
    expect(propertyOf(registry.resolve<FormDefinition>('claim', 'uk'), 'address3')).toMatchObject({ title: 'Address Line 3 (optional)' });
    expect(propertyOf(registry.resolve<FormDefinition>('claim', 'us'), 'address3')).toBeUndefined();
    const resolved = (await get(admin, `${BASE}/resolved/uk/claim`)).json();
    expect(resolved.definition.schema.properties.address3.title).toBe('Address Line 3 (optional)');
  });

  test('an overlay whose test operation no longer matches is refused with the pointer of the operation', async () => {
    const overlay = await current('overlay:uk:claim');
    overlay.document.patch[0].value = 'county';
    const response = await publish('overlay:uk:claim', overlay.document, overlay.version);
    expect(response.statusCode).toBe(422);
    expect(response.json().faults).toContainEqual(expect.objectContaining({ key: 'overlay:uk:claim', pointer: '/patch/0', check: 'resolve' }));
    expect(await versionsOf('overlay:uk:claim')).toEqual([1, 0]);
  });

  test('an edition settings publish (edition:uk terms) changes the UK wording of every definition using the term', async () => {
    const edition = await current('edition:uk');
    expect(edition).toMatchObject({ kind: 'edition', version: 0 });
    edition.document.terms.Agency = 'Broking Firm';
    const response = await publish('edition:uk', edition.document, 0, 'Agency is Broking Firm in the UK');
    expect(response.statusCode, response.body).toBe(201);
    const registry = await clientRegistry();
    expect(registry.resolve<FormDefinition>('agency-license', 'uk').title).toBe('Broking Firm License');
    expect(registry.resolve<FormDefinition>('agency-license', 'us').title).toBe('Agency License');
    expect(registry.resolve<TableDefinition>('agency-licenses', 'uk')).toBeTruthy();
  });

  test('edition settings without a term the definitions use are refused, naming each definition', async () => {
    const edition = await current('edition:uk');
    delete edition.document.terms.Agency;
    const response = await publish('edition:uk', edition.document, edition.version);
    expect(response.statusCode).toBe(422);
    const faults = response.json().faults as { key: string; message: string }[];
    expect(faults.map((fault) => fault.key)).toContain('agency-license');
    expect(faults.some((fault) => /Agency/.test(fault.message))).toBe(true);
    expect(await versionsOf('edition:uk')).toEqual([1, 0]);
  });
});

describe('permissions', () => {
  test('an agency user reads the published bundle (200) but cannot publish or restore (403)', async () => {
    expect((await get(agent, `${BASE}/bundle`)).statusCode).toBe(200);
    const claim = await current('claim');
    const refused = await publish('claim', claim.document, claim.version, 'Agent edit', agent);
    expect(refused.statusCode).toBe(403);
    expect((await post(agent, `${BASE}/documents/claim/restore`, { version: 0, note: 'x', baseVersion: claim.version })).statusCode).toBe(403);
    expect(await versionsOf('claim')).toEqual([3, 2, 1, 0]);
  });

  // History names staff, user ids and internal notes: provider staff only; everyone else gets the bundle.
  const HISTORY = ['/documents', '/documents/claim', '/documents/claim/versions', '/documents/claim/versions/1', '/documents/claim/compare?from=0&to=1'];
  const OUTSIDERS = ['agent@agency.example', 'policyholder@insured.example', 'vendor@vendor.example', 'carrier@carrier.example'];
  test.each(OUTSIDERS)('%s gets the bundle and resolved definitions, but 403 on every history read', async (email) => {
    const token = (await t.tokensFor(email)).accessToken;
    expect((await get(token, `${BASE}/bundle`)).statusCode).toBe(200);
    expect((await get(token, `${BASE}/resolved/us/claim`)).statusCode).toBe(200);
    for (const path of HISTORY) expect((await get(token, `${BASE}${path}`)).statusCode, path).toBe(403);
  });
  test.each(['admin@provider.example', 'underwriter@provider.example', 'operator@provider.example'])('provider staff %s read the history', async (email) => {
    const token = (await t.tokensFor(email)).accessToken;
    for (const path of HISTORY) expect((await get(token, `${BASE}${path}`)).statusCode, path).toBe(200);
  });

  test('without a sign-in nothing is readable', async () => {
    expect((await t.inject({ method: 'GET', url: `${BASE}/bundle` })).statusCode).toBe(401);
  });

  test('the list shows every key with its status, version and author', async () => {
    const list = (await get(admin, `${BASE}/documents`)).json();
    const byKey = new Map(list.content.map((entry: { key: string }) => [entry.key, entry]));
    expect(byKey.get('claim')).toMatchObject({ kind: 'form', status: 'published', version: 3, author: 'Ada Admin', title: 'Claim' });
    expect(byKey.get('yes-no')).toMatchObject({ kind: 'list', status: 'default', version: 0, author: null, updated: null });
    expect(byKey.get('edition:us')).toMatchObject({ kind: 'edition', status: 'default' });
    expect(byKey.get('overlay:uk:claim')).toMatchObject({ kind: 'overlay', status: 'published', version: 1 });
    expect((await get(admin, `${BASE}/documents/overlay:us:claim`)).statusCode).toBe(404);
  });
});

describe('concurrent publishing', () => {
  test('two staff publishing on the same base: exactly one succeeds, the other is told the base changed', async () => {
    const form = await current('decline-quote');
    const mine = structuredClone(form.document);
    mine.title = 'Decline this quote';
    const theirs = structuredClone(form.document);
    theirs.description = 'Changed by the underwriter';
    const responses = await Promise.all([
      publish('decline-quote', mine, form.version, 'Admin change', admin),
      publish('decline-quote', theirs, form.version, 'Underwriter change', underwriter),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const winner = responses.find((response) => response.statusCode === 201)!.json();
    const loser = responses.find((response) => response.statusCode === 409)!.json();
    expect(loser.currentVersion).toBe(1);
    expect(loser.changedBy).toBe(winner.author);
    expect(loser.message).toBe(`This definition was changed by ${winner.author} since you opened it (version 1 is now current). Reload to see their change.`);
    expect(await versionsOf('decline-quote')).toEqual([1, 0]);

    // The loser reloads, applies the change on the new base, and publishes: both changes survive.
    const reloaded = await current('decline-quote');
    const loserChange = winner.note === 'Admin change' ? { description: 'Changed by the underwriter' } : { title: 'Decline this quote' };
    const second = await publish('decline-quote', { ...reloaded.document, ...loserChange }, reloaded.version, 'On the new base', underwriter);
    expect(second.statusCode, second.body).toBe(201);
    expect((await current('decline-quote')).document).toMatchObject({ title: 'Decline this quote', description: 'Changed by the underwriter' });
  });

  test('a second server instance on the same database sees a publish on its next load', async () => {
    const other = await buildApp({ db: t.db, clock: t.clock, hashCost: TEST_HASH_COST, prepare: false, config: { production: false, smtpUrl: null } });
    try {
      const read = async () => (await other.inject({ method: 'GET', url: `${BASE}/bundle`, headers: { authorization: `Bearer ${agent}` } })).json();
      const before = await read();
      const feedback = await current('feedback');
      feedback.document.title = 'Send us your feedback';
      expect((await publish('feedback', feedback.document, feedback.version, 'New title')).statusCode).toBe(201);
      const after = await read();
      expect(after.revision).not.toBe(before.revision);
      expect(after.definitions.find((source: { file: string }) => source.file === 'feedback').document.title).toBe('Send us your feedback');
    } finally {
      await other.close();
    }
  });
});

describe('audit', () => {
  test('every publish and restore is in the audit log with who, key, version and note', async () => {
    const rows = await t.db.query<{ action: string; actor_user_id: string; target: string; detail: Json }>(
      "SELECT action, actor_user_id, target, detail FROM audit_log WHERE action LIKE 'definition.%' ORDER BY id",
    );
    const [adminUser] = await t.db.query<{ id: string }>("SELECT id FROM users WHERE email = 'admin@provider.example'");
    const stored = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM definition_versions');
    expect(rows.length).toBe(stored[0]!.n);
    expect(rows.slice(0, 1)).toMatchObject([
      { action: 'definition.publish', target: 'claim', actor_user_id: adminUser!.id, detail: { version: 1, baseVersion: 0, note: 'Name reads Full Name' } },
    ]);
    expect(rows.filter((row) => row.target === 'claim' && row.action === 'definition.restore').map((row) => row.detail)).toEqual([
      { version: 2, baseVersion: 1, note: 'Back to the file', restoredFrom: 0 },
      { version: 3, baseVersion: 2, note: 'Full Name again', restoredFrom: 1 },
    ]);
    expect(rows.map((row) => row.target)).toEqual(expect.arrayContaining(['overlay:uk:claim', 'edition:uk', 'decline-quote']));
  });
});
