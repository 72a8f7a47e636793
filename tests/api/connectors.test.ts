import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { authorizationUrlOf, type OAuthMetadata } from '../../engine/connectors/authorization-url.ts';
import { buildApp } from '../../server/app.ts';
import { TEST_HASH_COST } from '../../server/auth/password.ts';
import { CONNECTOR_TYPES } from '../../server/resources/connectors/catalogue.ts';
import { readConnectorConfig } from '../../server/resources/connectors/provider-config.ts';
import { standInPosture, subjectIdOf } from '../../server/resources/connectors/stand-in-posture.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Security-tool connectors (spec 001 sections 3, 4, 5, 7 and 8 Connector) against the real server listening on
 * a port, so the OAuth code exchange and the posture reads go over HTTP to the local stand-in provider as they
 * would to Microsoft, Google or AWS: the catalogue, the metadata and the authorization URL per provider, the
 * state (this session, single use, expiring, bound to the cbid), the exchange, credentials sealed at rest, the
 * credential forms' texts in both editions, the tenant rule, scores, history and actions, and the audit.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const UK_HOST = 'console.example.uk';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
let origin = '';
let host = '';
let acmeId = '';
let ukClientId = '';

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, extra: { host?: string } = {}) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, host: extra.host ?? host },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, status = 200): Promise<Json> {
  const response = await call(caller, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json();
}

async function accept(caller: string, cbid?: string) {
  return ok(caller, 'POST', `/api/connector/v1/privacy/agreement${cbid ? `?cbid=${cbid}` : ''}`, { agreement: true }, 201);
}

/** Runs the browser's part of a sign-in at the stand-in: the page, the approval, the redirect back. */
async function signInAtStandIn(url: string, directory: string, decision = 'approve'): Promise<URL> {
  const authorize = new URL(url);
  const page = await t.inject({ method: 'GET', url: `${authorize.pathname}${authorize.search}`, headers: { host } });
  expect(page.statusCode, page.body).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  const hidden = Object.fromEntries([...page.body.matchAll(/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"')]));
  const form = new URLSearchParams({ ...hidden, directory, decision });
  const answer = await t.inject({
    method: 'POST', url: authorize.pathname, headers: { host, 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString(),
  });
  expect(answer.statusCode, answer.body).toBe(302);
  return new URL(String(answer.headers.location));
}

async function metadata(caller: string, connectorType: string, cbid?: string): Promise<OAuthMetadata> {
  return ok(caller, 'GET', `/api/connector/v1/connectors/${connectorType}/oauth/metadata${cbid ? `?cbid=${cbid}` : ''}`) as Promise<OAuthMetadata>;
}

/** The whole OAuth connection of a tool: metadata, the stand-in's sign-in, the callback. */
async function connectThroughOAuth(caller: string, connectorType: string, cbid: string, directory: string): Promise<Json> {
  const meta = await metadata(caller, connectorType, caller === 'agent' ? cbid : undefined);
  const back = await signInAtStandIn(authorizationUrlOf(meta, cbid), directory);
  return ok(caller, 'POST', `/api/connector/v1/connectors/${connectorType}/oauth/callback`, { code: back.searchParams.get('code'), state: back.searchParams.get('state') }, 201);
}

const USERS = {
  admin: 'admin@provider.example', agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example',
  policyholder: 'policyholder@insured.example', mssp: 'mssp@mssp.example',
};

async function signInAll() {
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
}

/** Moves the clock on; the sessions are opened again (access tokens last 15 minutes). */
async function advance(ms: number) {
  t.clock.advance(ms);
  await signInAll();
}

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  host = `127.0.0.1:${address.port}`;
  origin = `http://${host}`;
  await signInAll();
  acmeId = (await t.db.query<{ id: string }>(`SELECT id FROM accounts WHERE name = 'Acme Precision Manufacturing'`))[0]!.id;
  const [uk] = await t.db.query<{ id: string }>(
    `INSERT INTO accounts (name, account_type, edition, agency_id, created_at)
     SELECT 'Thameside Freight Ltd', 'CUSTOMER', 'uk', id, now() FROM accounts WHERE name = 'Thames Cyber Brokers' RETURNING id`,
  );
  ukClientId = uk!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('the catalogue', () => {
  it('lists every connector type of the spec with its logo, and which have a create form', async () => {
    const { content } = await ok('policyholder', 'GET', '/api/connector/v1/connectors/all');
    expect(content).toHaveLength(46);
    const types = content.map((entry: Json) => entry.type);
    for (const type of ['MICROSOFT', 'AWS', 'GOOGLE', 'QUALYS', 'CROWDSTRIKE_SPOTLIGHT', 'MS_DEFENDER_VMS', 'AWS_INSPECTOR2', 'IDENTITY_AI', 'WIZER']) expect(types).toContain(type);
    expect(content.filter((entry: Json) => entry.hasCreateForm).map((entry: Json) => entry.type).sort()).toEqual(
      ['AWS', 'CLOUDFLARE', 'CONSOLE_MDR', 'GOOGLEWORKSPACE', 'GSC', 'MICROSOFT', 'QUALYSCS', 'QUALYSPC', 'QUALYSVM', 'SAFEGUARD', 'SECUREWORKS', 'SECURITYSTUDIO', 'SOPHOS', 'WIZER'],
    );
    expect(content.find((entry: Json) => entry.type === 'MICROSOFT')).toMatchObject({ connect: 'oauth', page: 'microsoft', available: true, connected: 0, logo: '/connector-logos/microsoft.svg' });
    expect(content.find((entry: Json) => entry.type === 'QUALYSVM')).toMatchObject({ connect: 'userPassword', provider: 'qualys' });
    expect(content.find((entry: Json) => entry.type === 'SPLUNK')).toMatchObject({ connect: null, hasCreateForm: false, available: false });
    const logos = fileURLToPath(new URL('../../renderers/public/', import.meta.url));
    for (const entry of CONNECTOR_TYPES) expect(existsSync(`${logos}${entry.logo}`), entry.logo).toBe(true);
  });

  it('is for users with connector:read only', async () => {
    const [carrier] = await t.db.query<{ email: string }>(`SELECT email FROM users WHERE email = 'carrier@carrier.example'`);
    const carrierToken = (await t.tokensFor(carrier!.email)).accessToken;
    const refused = await t.inject({ method: 'GET', url: '/api/connector/v1/connectors/all', headers: { authorization: `Bearer ${carrierToken}` } });
    expect(refused.statusCode).toBe(403);
  });
});

describe('OAuth sign-in (Microsoft, Google, AWS)', () => {
  it('asks for the privacy addendum first, recorded and audited', async () => {
    const refused = await call('policyholder', 'GET', '/api/connector/v1/connectors/MICROSOFT/oauth/metadata');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Please accept the connector privacy addendum first.');
    expect(await ok('policyholder', 'GET', '/api/connector/v1/privacy/agreement')).toMatchObject({ accountId: acmeId, agreed: false, agreedAt: null });
    const unticked = await call('policyholder', 'POST', '/api/connector/v1/privacy/agreement', { agreement: false });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().errors).toEqual([{ field: 'agreement', message: 'Please tick the box to accept the addendum', code: 'rule:ticked' }]);
    expect(await accept('policyholder')).toMatchObject({ accountId: acmeId, agreed: true, version: '2026-01' });
    const [entry] = await t.db.query<{ detail: Json }>(`SELECT detail FROM audit_log WHERE action = 'connector.privacy-agreement' AND target = $1`, [acmeId]);
    expect(entry!.detail).toMatchObject({ accountId: acmeId });
  });

  it.each([
    ['MICROSOFT', 'microsoft', { prompt: 'select_account' }, ['openid', 'profile', 'offline_access', 'https://graph.microsoft.com/SecurityEvents.Read.All']],
    ['GOOGLE', 'google', { access_type: 'offline', prompt: 'consent' }, ['openid', 'email', 'https://www.googleapis.com/auth/cloud-platform.read-only']],
    ['AWS', 'aws', {}, ['openid', 'sso:account:access']],
  ] as const)('%s: the metadata and the authorization URL carry client_id, response_type, redirect_uri, scope and state plus cbid', async (type, provider, extra, scope) => {
    const meta = await metadata('policyholder', type);
    expect(meta).toMatchObject({
      connectorType: type, clientId: `cyber-console-dev-${provider}`, responseType: 'code', scope,
      redirectUri: `${origin}/customer/manage/connectors/callback`, authorizationEndpoint: `${origin}/api/dev/oauth-provider/${provider}/authorize`,
    });
    expect(meta.state).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const url = new URL(authorizationUrlOf(meta, acmeId));
    expect(`${url.origin}${url.pathname}`).toBe(meta.authorizationEndpoint);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: meta.clientId, response_type: 'code', redirect_uri: meta.redirectUri, scope: scope.join(' '), state: `${meta.state}:${acmeId}`, ...extra,
    });
    // A new state every time.
    expect((await metadata('policyholder', type)).state).not.toBe(meta.state);
  });

  it('goes browser -> authorize -> callback -> token exchange, and the connection is Connected with its score', async () => {
    const meta = await metadata('policyholder', 'MICROSOFT');
    const back = await signInAtStandIn(authorizationUrlOf(meta, acmeId), 'acme-precision.onmicrosoft.com');
    expect(`${back.origin}${back.pathname}`).toBe(meta.redirectUri);
    expect(back.searchParams.get('state')).toBe(`${meta.state}:${acmeId}`);
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const connection = await ok('policyholder', 'POST', '/api/connector/v1/connectors/MICROSOFT/oauth/callback', { code, state: back.searchParams.get('state') }, 201);
    const tenantId = subjectIdOf('microsoft', 'acme-precision.onmicrosoft.com');
    const expected = standInPosture('microsoft', { id: tenantId, name: 'acme-precision.onmicrosoft.com' }, t.clock.now());
    expect(connection).toMatchObject({
      connectorType: 'MICROSOFT', connectorName: 'Microsoft 365', provider: 'microsoft', accountId: acmeId, accountName: 'Acme Precision Manufacturing',
      connectorStatus: 'SUCCESS', statusText: 'Connected', externalName: 'acme-precision.onmicrosoft.com', metadata: { azureTenantId: tenantId },
      latestScore: expected.score.current, maxScore: 250,
    });
    expect(connection.connectorId).toBe(connection.id);
    // The code was exchanged once at the token endpoint, and the stand-in issued an access and a refresh token (offline_access).
    expect(await t.db.query(`SELECT used_at FROM connector_stand_in_codes WHERE used_at IS NOT NULL`)).toHaveLength(1);
    expect((await t.db.query<{ kind: string }>(`SELECT kind FROM connector_stand_in_tokens ORDER BY kind`)).map((row) => row.kind)).toEqual(['access', 'refresh']);

    const status = await ok('policyholder', 'GET', `/api/connector/v1/connections/${connection.id}/status`);
    expect(status).toMatchObject({ connectorId: connection.id, connectorStatus: 'SUCCESS', connected: true, statusText: 'Connected' });
    const listed = await ok('policyholder', 'GET', '/api/connector/v1/connections?connectorType=MICROSOFT');
    expect(listed.content.map((row: Json) => row.id)).toEqual([connection.id]);
    expect((await ok('policyholder', 'GET', '/api/connector/v1/search?searchForConnected=true')).content.map((row: Json) => row.type)).toEqual(['MICROSOFT']);
    const [audited] = await t.db.query<{ detail: Json }>(`SELECT detail FROM audit_log WHERE action = 'connector.connect' AND target = $1`, [connection.id]);
    expect(audited!.detail).toMatchObject({ accountId: acmeId, connectorType: 'MICROSOFT', externalName: 'acme-precision.onmicrosoft.com' });
    expect(JSON.stringify(audited!.detail)).not.toMatch(/token|secret|password/i);
  });

  it('a state is single-use, bound to the session, the connector type and the cbid, and expires', async () => {
    const exchange = (caller: string, type: string, body: Json) => call(caller, 'POST', `/api/connector/v1/connectors/${type}/oauth/callback`, body);
    const expectRefused = async (response: Awaited<ReturnType<typeof exchange>>) => {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Failed to connect, please try again later', detail: expect.stringMatching(/could not be verified/) });
    };

    const meta = await metadata('policyholder', 'GOOGLE');
    const back = await signInAtStandIn(authorizationUrlOf(meta, acmeId), 'acme.example');
    const body = { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    // Another session of the same user: refused (and the state is spent).
    const otherSession = (await t.tokensFor('policyholder@insured.example')).accessToken;
    const stolen = await t.inject({ method: 'POST', url: '/api/connector/v1/connectors/GOOGLE/oauth/callback', headers: { authorization: `Bearer ${otherSession}`, host }, payload: body });
    await expectRefused(stolen);
    await expectRefused(await exchange('policyholder', 'GOOGLE', body));

    const second = await metadata('policyholder', 'GOOGLE');
    const secondBack = await signInAtStandIn(authorizationUrlOf(second, acmeId), 'acme.example');
    const good = { code: secondBack.searchParams.get('code'), state: secondBack.searchParams.get('state') };
    await expectRefused(await exchange('policyholder', 'GOOGLE', { ...good, state: `${second.state}:${MISSING_ID}` }));
    const third = await metadata('policyholder', 'GOOGLE');
    await expectRefused(await exchange('policyholder', 'MICROSOFT', { code: 'x', state: `${third.state}:${acmeId}` }));

    const fourth = await metadata('policyholder', 'GOOGLE');
    const fourthBack = await signInAtStandIn(authorizationUrlOf(fourth, acmeId), 'acme.example');
    const created = await exchange('policyholder', 'GOOGLE', { code: fourthBack.searchParams.get('code'), state: fourthBack.searchParams.get('state') });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().metadata).toEqual({ googleDomain: 'acme.example' });
    await expectRefused(await exchange('policyholder', 'GOOGLE', { code: fourthBack.searchParams.get('code'), state: fourthBack.searchParams.get('state') }));

    const late = await metadata('policyholder', 'AWS');
    t.clock.advance(11 * 60_000);
    await expectRefused(await exchange('policyholder', 'AWS', { code: 'whatever', state: `${late.state}:${acmeId}` }));
  });

  it("the stand-in behaves as a provider: unknown clients, foreign redirect URIs, reused codes and wrong secrets are refused; a denial comes back as access_denied", async () => {
    const meta = await metadata('policyholder', 'AWS');
    const url = new URL(authorizationUrlOf(meta, acmeId));
    const ask = (change: (params: URLSearchParams) => void) => {
      const params = new URLSearchParams(url.search);
      change(params);
      return t.inject({ method: 'GET', url: `${url.pathname}?${params}`, headers: { host } });
    };
    expect((await ask((params) => params.set('client_id', 'someone-else'))).statusCode).toBe(400);
    const foreign = await ask((params) => params.set('redirect_uri', 'https://evil.example/customer/manage/connectors/callback'));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain('not registered for this application');
    expect((await ask((params) => params.set('response_type', 'token'))).statusCode).toBe(400);

    const denied = await signInAtStandIn(url.toString(), '123456789012', 'deny');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();

    const back = await signInAtStandIn(url.toString(), '123456789012');
    const token = (form: Record<string, string>) => t.inject({
      method: 'POST', url: '/api/dev/oauth-provider/aws/token', headers: { host, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString(),
    });
    const wrongSecret = await token({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: meta.redirectUri, client_id: meta.clientId, client_secret: 'guess' });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json().error).toBe('invalid_client');
    const [secret] = await t.db.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'connector-stand-in'`);
    expect(secret).toBeDefined();
    // A JSON body is not how a token endpoint is called, and form posts go nowhere else.
    const json = await t.inject({ method: 'POST', url: '/api/dev/oauth-provider/aws/token', headers: { host }, payload: { grant_type: 'authorization_code' } });
    expect(json.statusCode).toBe(415);
    const formToJson = await t.inject({ method: 'POST', url: '/api/auth/v1/login', headers: { host, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'username=a&password=b' });
    expect(formToJson.statusCode).toBe(415);
  });
});

describe('credential forms', () => {
  it.each([
    ['US', 'policyholder', undefined],
    ['UK', 'broker', UK_HOST],
  ] as const)("bodies the forms refuse answer 400 with the forms' texts (%s)", async (_, caller, edition) => {
    const cbid = caller === 'broker' ? ukClientId : undefined;
    const post = (url: string, body: unknown) => call(caller, 'POST', url, body, { host: edition });
    const token = await post('/api/connector/v1/connections', { connectorType: 'CLOUDFLARE', provider: 'cloudflare', cbid, credentials: {} });
    expect(token.statusCode).toBe(400);
    expect(token.json()).toMatchObject({ message: 'Failed to add the connector', errors: [{ field: 'credentials.token', message: 'Token is required', code: 'required' }] });
    const blank = await post('/api/connector/v1/connections', { connectorType: 'CLOUDFLARE', provider: 'cloudflare', cbid, credentials: { token: '   ' } });
    expect(blank.json().errors).toEqual([{ field: 'credentials.token', message: 'Token is required', code: 'pattern' }]);
    const login = await post('/api/connector/v1/connections/', { connectorType: 'QUALYSVM', provider: 'qualys', cbid, credentials: {} });
    expect(login.statusCode).toBe(400);
    expect(login.json().errors).toEqual([
      { field: 'credentials.username', message: 'API User is required', code: 'required' },
      { field: 'credentials.password', message: 'Password is required', code: 'required' },
    ]);
    const key = await post(`/api/connector/v1/wizer/add${cbid ? `?cbid=${cbid}` : ''}`, { apiKey: '   ' });
    expect(key.statusCode).toBe(400);
    expect(key.json()).toMatchObject({ message: 'Failed to add the connector', errors: [{ field: 'apiKey', message: 'API Key is required', code: 'pattern' }] });
    expect((await post('/api/connector/v1/wizer/add', {})).json().errors).toEqual([{ field: 'apiKey', message: 'API Key is required', code: 'required' }]);
  });

  it('connects a token tool, a user-and-password tool and Wizer; credentials are sealed at rest and never answered', async () => {
    const token = 'cf-live-7d1c9a0e55b24f3a';
    const created = await ok('policyholder', 'POST', '/api/connector/v1/connections', { connectorType: 'CLOUDFLARE', provider: 'cloudflare', credentials: { token } }, 201);
    expect(created).toMatchObject({ connectorType: 'CLOUDFLARE', connectorStatus: 'SUCCESS', externalName: 'API token ending 4f3a', accountId: acmeId });
    const password = 'Qualys-Pass-2026';
    const qualys = await ok('policyholder', 'POST', '/api/connector/v1/connections/', { connectorType: 'QUALYSVM', provider: 'qualys', credentials: { username: 'acme_api_ro', password } }, 201);
    expect(qualys).toMatchObject({ connectorType: 'QUALYSVM', externalName: 'acme_api_ro' });
    const apiKey = 'wz_live_51ab20c9e7';
    const wizer = await ok('policyholder', 'POST', '/api/connector/v1/wizer/add', { apiKey }, 201);
    expect(wizer.connectorType).toBe('WIZER');

    const rows = await t.db.query<{ id: string; credentials_sealed: string }>('SELECT id, credentials_sealed FROM connector_connections');
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(row.credentials_sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
      for (const secret of [token, password, apiKey, 'acme_api_ro']) expect(row.credentials_sealed).not.toContain(secret);
    }
    const everything = JSON.stringify([
      await ok('policyholder', 'GET', '/api/connector/v1/connections?size=100'),
      await ok('policyholder', 'GET', `/api/connector/v1/account/${acmeId}`),
      await ok('policyholder', 'GET', `/api/connector/v1/connections/${created.id}`),
      await t.db.query(`SELECT detail FROM audit_log WHERE action LIKE 'connector.%'`),
    ]);
    for (const secret of [token, password, apiKey]) expect(everything).not.toContain(secret);
  });

  it('refused credentials, a form for another kind of tool and a wrong provider are refused without storing anything', async () => {
    const before = (await t.db.query('SELECT id FROM connector_connections')).length;
    const refused = await call('policyholder', 'POST', '/api/connector/v1/connections', { connectorType: 'SOPHOS', provider: 'sophos', credentials: { token: 'invalid-token' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The tool refused these credentials.');
    const wrongForm = await call('policyholder', 'POST', '/api/connector/v1/connections', { connectorType: 'QUALYSVM', provider: 'qualys', credentials: { token: 'abc' } });
    expect(wrongForm.statusCode).toBe(400);
    expect(wrongForm.json().message).toBe('This connector is not connected with this form.');
    const wrongProvider = await call('policyholder', 'POST', '/api/connector/v1/connections', { connectorType: 'SOPHOS', provider: 'qualys', credentials: { token: 'abc' } });
    expect(wrongProvider.json().message).toBe('The provider does not match the connector type.');
    expect((await t.db.query('SELECT id FROM connector_connections')).length).toBe(before);
  });
});

describe('the tenant rule', () => {
  it('an agency connects tools for a client it chooses and sees its clients’ connections; other agencies see nothing of them', async () => {
    const noClient = await call('agent', 'GET', '/api/connector/v1/connectors/MICROSOFT/oauth/metadata');
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().message).toBe('Please choose the client account to connect the tool for.');
    expect((await ok('agent', 'GET', '/api/connector/v1/accounts')).content).toEqual([{ id: acmeId, name: 'Acme Precision Manufacturing' }]);
    const meta = await metadata('agent', 'MICROSOFT', acmeId);
    expect(meta.redirectUri).toBe(`${origin}/agency/manage/connectors/callback`);
    const connection = await connectThroughOAuth('agent', 'MICROSOFT', acmeId, 'acme-second.onmicrosoft.com');
    expect(connection).toMatchObject({ accountId: acmeId, connectorStatus: 'SUCCESS' });
    const agencyList = await ok('agent', 'GET', '/api/connector/v1/connections?size=100');
    expect(agencyList.content.every((row: Json) => row.accountId === acmeId)).toBe(true);
    expect(agencyList.content.map((row: Json) => row.id)).toContain(connection.id);

    expect((await ok('otherAgent', 'GET', '/api/connector/v1/connections')).totalElements).toBe(0);
    for (const [method, url] of [
      ['GET', `/api/connector/v1/connections/${connection.id}`], ['DELETE', `/api/connector/v1/connections/${connection.id}`],
      ['GET', `/api/connector/v1/connections/${connection.id}/status`], ['GET', `/api/connector/v1/MICROSOFT/getLatestScore/${connection.id}`],
      ['GET', `/api/connector/v1/MICROSOFT/getActionList/${connection.id}`], ['DELETE', `/api/connector/v1/${connection.id}`],
      ['GET', `/api/connector/v1/connections/${MISSING_ID}`],
    ] as const) {
      const response = await call('otherAgent', method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe('Connector not found.');
    }
    for (const url of [`/api/connector/v1/account/${acmeId}`, `/api/connector/v1/connectors/MICROSOFT/oauth/metadata?cbid=${acmeId}`, `/api/connector/v1/privacy/agreement?cbid=${acmeId}`]) {
      expect((await call('otherAgent', 'GET', url)).statusCode, url).toBe(404);
    }
    // The policyholder sees the connection the agency made for them; an MSSP sees none of it.
    expect((await ok('policyholder', 'GET', '/api/connector/v1/connections?size=100')).content.map((row: Json) => row.id)).toContain(connection.id);
    expect((await ok('mssp', 'GET', '/api/connector/v1/connections')).totalElements).toBe(0);
    expect((await call('policyholder', 'GET', `/api/connector/v1/connections?cbid=${ukClientId}`)).statusCode).toBe(404);
  });

  it('a UK brokerage connects a token tool for its client', async () => {
    await accept('broker', ukClientId);
    const created = await call('broker', 'POST', '/api/connector/v1/connections', { connectorType: 'SECUREWORKS', provider: 'secureworks', cbid: ukClientId, credentials: { token: 'sw-uk-0042aa' } }, { host: UK_HOST });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ accountName: 'Thameside Freight Ltd', statusText: 'Connected' });
    expect((await call('agent', 'GET', `/api/connector/v1/connections/${created.json().id}`)).statusCode).toBe(404);
  });
});

describe('scores, history and actions of a connected tool', () => {
  it('serves what the provider reported, and reads it again (refreshing the access token) once it is stale', async () => {
    const connection = (await ok('policyholder', 'GET', '/api/connector/v1/connections?connectorType=MICROSOFT&size=100')).content.find((row: Json) => row.externalName === 'acme-precision.onmicrosoft.com');
    const subject = { id: connection.externalId, name: connection.externalName };
    const reported = standInPosture('microsoft', subject, t.clock.now());
    const score = await ok('policyholder', 'GET', `/api/connector/v1/MICROSOFT/getLatestScore/${connection.id}`);
    expect(score).toMatchObject({ connectorId: connection.id, score: reported.score.current, maxScore: 250, percentage: Math.round((reported.score.current / 250) * 1000) / 10 });
    expect((await call('policyholder', 'GET', `/api/connector/v1/GOOGLE/getLatestScore/${connection.id}`)).statusCode).toBe(404);

    const history = await ok('policyholder', 'GET', `/api/connector/v1/MICROSOFT/getScoresHistory/${connection.id}?days=7`);
    expect(history.content).toHaveLength(7);
    expect(history.content.map((point: Json) => point.score)).toEqual(reported.history.slice(-7).map((point) => point.score));

    const shortlist = (await ok('policyholder', 'GET', `/api/connector/v1/MICROSOFT/getShortlistActions/${connection.id}`)).content;
    expect(shortlist).toHaveLength(5);
    expect(shortlist.every((action: Json) => action.shortlisted && action.status !== 'COMPLETED')).toBe(true);
    const page = await ok('policyholder', 'GET', `/api/connector/v1/MICROSOFT/getActionList/${connection.id}?page=0&size=4&sort=scoreImpact,desc`);
    expect(page.totalElements).toBe(12);
    expect(page.content).toHaveLength(4);
    const impacts = page.content.map((action: Json) => action.scoreImpact);
    expect(impacts).toEqual([...impacts].sort((a, b) => b - a));
    const found = await ok('policyholder', 'GET', `/api/connector/v1/MICROSOFT/getActionList/${connection.id}?search=safe%20links`);
    expect(found.content.map((action: Json) => action.title)).toEqual(['Turn on Safe Links for Office 365']);
    expect((await call('policyholder', 'GET', `/api/connector/v1/MICROSOFT/getActionList/${connection.id}?sort=description,asc`)).statusCode).toBe(400);

    // Two days on: the access token (an hour) has expired, the snapshot is stale; the read refreshes the token and reads again.
    const accessBefore = (await t.db.query(`SELECT 1 FROM connector_stand_in_tokens WHERE kind = 'access'`)).length;
    await advance(2 * 86_400_000);
    const later = await ok('policyholder', 'GET', `/api/connector/v1/MICROSOFT/getLatestScore/${connection.id}`);
    expect(later.score).toBe(standInPosture('microsoft', subject, t.clock.now()).score.current);
    expect((await t.db.query(`SELECT 1 FROM connector_stand_in_tokens WHERE kind = 'access'`)).length).toBe(accessBefore + 1);
    expect((await ok('policyholder', 'GET', `/api/connector/v1/connections/${connection.id}/status`)).connectorStatus).toBe('SUCCESS');
    expect((await ok('policyholder', 'GET', `/api/connector/v1/MICROSOFT/getScoresHistory/${connection.id}?days=90`)).content).toHaveLength(90);
  });

  it('a tool that refuses its stored credentials is marked for reconnection', async () => {
    const connection = await ok('policyholder', 'POST', '/api/connector/v1/connections', { connectorType: 'SOPHOS', provider: 'sophos', credentials: { token: 'sophos-good-1' } }, 201);
    // The stand-in's refresh token is revoked: the next stale read is refused.
    await t.db.query(`UPDATE connector_stand_in_tokens SET revoked_at = now()`);
    const google = (await ok('policyholder', 'GET', '/api/connector/v1/connections?connectorType=GOOGLE')).content[0];
    await advance(2 * 86_400_000);
    expect((await ok('policyholder', 'GET', `/api/connector/v1/connections/${google.id}/status`))).toMatchObject({ connectorStatus: 'FAILED', connected: false, statusText: 'Reconnect needed' });
    // The score read keeps the last snapshot.
    expect((await ok('policyholder', 'GET', `/api/connector/v1/GOOGLE/getLatestScore/${google.id}`)).score).not.toBeNull();
    expect((await ok('policyholder', 'GET', `/api/connector/v1/connections/${connection.id}/status`)).connectorStatus).toBe('SUCCESS');
  });
});

describe('the connections list', () => {
  it('sorts, searches, filters and pages on the server', async () => {
    const all = await ok('policyholder', 'GET', '/api/connector/v1/connections?size=100');
    expect(all.totalElements).toBeGreaterThanOrEqual(5);
    const names = (await ok('policyholder', 'GET', '/api/connector/v1/connections?size=100&sort=connectorName,asc')).content.map((row: Json) => row.connectorName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const scores = (await ok('policyholder', 'GET', '/api/connector/v1/connections?size=100&sort=latestScore,desc')).content.map((row: Json) => row.latestScore / row.maxScore);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
    const first = await ok('policyholder', 'GET', '/api/connector/v1/connections?size=2&page=0');
    const second = await ok('policyholder', 'GET', '/api/connector/v1/connections?size=2&page=1');
    expect(first.content).toHaveLength(2);
    expect(first.content.map((row: Json) => row.id).filter((id: string) => second.content.some((other: Json) => other.id === id))).toEqual([]);
    expect((await ok('policyholder', 'GET', '/api/connector/v1/connections?search=QUALYS')).content.map((row: Json) => row.connectorType)).toEqual(['QUALYSVM']);
    expect((await ok('policyholder', 'GET', '/api/connector/v1/connections?search=%25')).totalElements).toBe(0);
    expect((await ok('policyholder', 'GET', `/api/connector/v1/connections?cbid=${acmeId}&connectorType=WIZER`)).content.map((row: Json) => row.connectorType)).toEqual(['WIZER']);
    expect((await call('policyholder', 'GET', '/api/connector/v1/connections?sort=credentials,asc')).statusCode).toBe(400);
  });
});

describe('removal', () => {
  it.each([['connections/{id}', (id: string) => `/api/connector/v1/connections/${id}`], ['{connectorId}', (id: string) => `/api/connector/v1/${id}`]] as const)(
    'DELETE %s removes the connection with its snapshots and is audited',
    async (_, urlOf) => {
      const created = await ok('policyholder', 'POST', '/api/connector/v1/connections', { connectorType: 'SECURITYSTUDIO', provider: 'securitystudio', credentials: { token: `ss-${Math.random()}` } }, 201);
      const removed = await ok('policyholder', 'DELETE', urlOf(created.id));
      expect(removed).toEqual({ message: 'Successfully removed the connector' });
      expect((await call('policyholder', 'GET', `/api/connector/v1/connections/${created.id}`)).statusCode).toBe(404);
      for (const table of ['connector_snapshots', 'connector_score_points', 'connector_actions']) {
        expect(await t.db.query(`SELECT 1 FROM ${table} WHERE connection_id = $1`, [created.id]), table).toHaveLength(0);
      }
      const actions = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 ORDER BY id`, [created.id]);
      expect(actions.map((row) => row.action)).toEqual(['connector.connect', 'connector.delete']);
    },
  );
});

describe('production', () => {
  it('has no stand-in: its routes answer 404 and a provider without configuration is unavailable', async () => {
    const production = await buildApp({ db: t.db, clock: t.clock, hashCost: TEST_HASH_COST, prepare: false, config: { production: true } });
    try {
      const query = 'client_id=cyber-console-dev-microsoft&response_type=code&redirect_uri=x&scope=openid&state=s';
      expect((await production.inject({ method: 'GET', url: `/api/dev/oauth-provider/microsoft/authorize?${query}` })).statusCode).toBe(404);
      expect((await production.inject({ method: 'GET', url: '/api/dev/oauth-provider/tools/posture', headers: { authorization: 'Bearer abc' } })).statusCode).toBe(404);
      const metadataAnswer = await production.inject({ method: 'GET', url: '/api/connector/v1/connectors/MICROSOFT/oauth/metadata', headers: { authorization: `Bearer ${tokens.policyholder}` } });
      expect(metadataAnswer.statusCode).toBe(503);
      expect(metadataAnswer.json().message).toBe('This connector is not set up on this server.');
      const catalogue = await production.inject({ method: 'GET', url: '/api/connector/v1/connectors/all', headers: { authorization: `Bearer ${tokens.policyholder}` } });
      expect(catalogue.json().content.filter((entry: Json) => entry.available)).toEqual([]);
    } finally {
      await production.close();
    }
    const configured = readConnectorConfig(true, {
      CONNECTOR_MICROSOFT_CLIENT_ID: 'app-id', CONNECTOR_MICROSOFT_CLIENT_SECRET: 's', CONNECTOR_MICROSOFT_POSTURE_URL: 'https://gateway.example/posture',
    });
    expect(configured.oauth.microsoft).toMatchObject({
      standIn: false, available: true, authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
      tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    });
    expect(readConnectorConfig(true, { CONNECTOR_AWS_CLIENT_ID: 'a', CONNECTOR_AWS_CLIENT_SECRET: 'b', CONNECTOR_AWS_POSTURE_URL: 'https://g.example' }).oauth.aws.available).toBe(false);
  }, 60_000);
});
