import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { personaOfAccountType } from '../../../engine/index.ts';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, MESSAGES, notFound } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { tenantScopeOf } from '../../tenancy/tenant-scope.ts';
import { CONNECTOR_TYPES, connectorTypeOf, OAUTH_TYPES, type ConnectKind, type ConnectorType, type OAuthProvider } from './catalogue.ts';
import { sealCredentials, vaultKey, type Credentials } from './credential-vault.ts';
import { exchangeCode, ProviderError } from './provider-client.ts';
import { authorizeUrlOf, browserOrigin, clientSecretOf, localOrigin, readConnectorConfig, tokenUrlOf } from './provider-config.ts';
import {
  actionsPage, clientAccounts, connectedCounts, connectionsOfAccount, consumeOAuthState, deleteConnectionRow, findClientAccount,
  findVisibleConnection, insertOAuthState, insertPrivacyAgreement, latestSnapshot, privacyAgreementOf, publicConnection, scoreHistory,
  searchVisibleConnections, shortlistedActions, STATUS_TEXT, storeSnapshot, upsertConnection, type Connection,
} from './repository.ts';
import type { Posture } from './stand-in-posture.ts';
import { standInHandlers } from './stand-in.ts';
import { ensureFresh, readProvider, syncConnection } from './sync.ts';

/** The connectors' answers (spec 001 section 8 Connector texts verbatim, and the server's own reasons). */
export const CONNECTOR_MESSAGES = {
  failedToConnect: 'Failed to connect, please try again later',
  failedToAdd: 'Failed to add the connector',
  added: 'Connector added successfully!',
  removed: 'Successfully removed the connector',
  notFound: 'Connector not found.',
  chooseAccount: 'Please choose the client account to connect the tool for.',
  agreementFirst: 'Please accept the connector privacy addendum first.',
  agreementUnticked: 'The privacy addendum is accepted by ticking its box.',
  notConfigured: 'This connector is not set up on this server.',
  wrongForm: 'This connector is not connected with this form.',
  unknownType: 'This connector type does not exist.',
  wrongProvider: 'The provider does not match the connector type.',
  stateInvalid: 'The sign-in could not be verified (it was started in another session, used already or expired). Please start again.',
} as const;

/** The privacy addendum's version: a new text needs a new acceptance. */
export const PRIVACY_ADDENDUM_VERSION = '2026-01';
/** How long the browser has to come back from the provider's sign-in. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
const DAY_MS = 86_400_000;
/** Connections never read yet that one list read reads from their providers. */
const UNREAD_SYNC_LIMIT = 10;

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Security-tool connectors (spec 001 sections 3, 4, 5 and 7 Connectors): the catalogue, connections made
 * through the provider's OAuth sign-in or with credentials, their status, scores, history and actions as the
 * provider reports them, and the privacy addendum. The credential forms and the addendum are definitions
 * that check their operations' bodies (server/form-check). Every change is audited, never with a secret.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock } = services;
  const config = readConnectorConfig(services.config.production);

  /** The client account a call is for: the cbid when given (within the tenant rule), else the caller's own. */
  async function accountFor(caller: Caller, cbid: string | undefined): Promise<{ id: string; name: string }> {
    if (!cbid && tenantScopeOf(caller).reach !== 'own') throw new HttpError(400, CONNECTOR_MESSAGES.chooseAccount);
    const account = await findClientAccount(db, caller, cbid ?? caller.accountId);
    if (!account) throw notFound(MESSAGES.accountNotFound);
    return account;
  }

  async function requireAgreement(accountId: string): Promise<void> {
    if (!(await privacyAgreementOf(db, accountId, PRIVACY_ADDENDUM_VERSION)).agreed) throw new HttpError(409, CONNECTOR_MESSAGES.agreementFirst);
  }

  function available(entry: ConnectorType): boolean {
    if (entry.connect === 'oauth') return config.oauth[entry.page!].available;
    return entry.connect !== null && config.tools.available;
  }

  async function visibleConnection(caller: Caller, id: string, connectorType?: string): Promise<Connection> {
    const connection = await findVisibleConnection(db, caller, id);
    if (!connection || (connectorType && connection.connectorType !== connectorType)) throw notFound(CONNECTOR_MESSAGES.notFound);
    return connection;
  }

  async function catalogue(caller: Caller, cbid: string | undefined) {
    if (cbid) await accountFor(caller, cbid);
    const counts = await connectedCounts(db, caller, cbid ?? null);
    return CONNECTOR_TYPES.map((entry) => ({
      type: entry.type, name: entry.name, description: entry.description, category: entry.category, provider: entry.provider, logo: entry.logo,
      connect: entry.connect, hasCreateForm: entry.hasCreateForm, page: entry.page, available: available(entry), connected: counts.get(entry.type) ?? 0,
    }));
  }

  /** Stores a connection the provider has just answered for, with its first snapshot, audited. */
  async function storeConnection(request: FastifyRequest, caller: Caller, account: { id: string }, entry: ConnectorType, authKind: ConnectKind, credentials: Credentials, posture: Posture) {
    const key = await vaultKey(db, clock);
    const now = clock.now();
    const metadata = metadataOf(entry, posture);
    const stored = await db.transaction(async (tx) => {
      const result = await upsertConnection(tx, {
        accountId: account.id, connectorType: entry.type, provider: entry.provider, authKind, externalId: posture.subject.id,
        externalName: posture.subject.name, metadata, sealed: sealCredentials(key, credentials), createdBy: caller.userId,
      }, now);
      await storeSnapshot(tx, result.id, posture, now);
      await audit(tx, clock, {
        actorUserId: caller.userId, action: result.created ? 'connector.connect' : 'connector.reconnect', target: result.id, address: request.ip,
        detail: { accountId: account.id, connectorType: entry.type, provider: entry.provider, authKind, externalId: posture.subject.id, externalName: posture.subject.name },
      });
      return result;
    });
    return publicConnection((await findVisibleConnection(db, caller, stored.id))!);
  }

  /** The credential forms and the API-key add: the tool is asked with the credentials before anything is stored. */
  async function connectWithCredentials(
    request: FastifyRequest,
    reply: FastifyReply,
    kinds: readonly ConnectKind[],
    fields: { connectorType: string; provider?: string; cbid?: string; credentials: Credentials },
  ) {
    const caller = callerOf(request);
    const entry = connectorTypeOf(fields.connectorType);
    if (!entry) throw new HttpError(400, CONNECTOR_MESSAGES.unknownType);
    if (!entry.connect || !kinds.includes(entry.connect) || entry.connect !== fields.credentials.kind) throw new HttpError(400, CONNECTOR_MESSAGES.wrongForm);
    if (fields.provider && fields.provider !== entry.provider) throw new HttpError(400, CONNECTOR_MESSAGES.wrongProvider);
    const account = await accountFor(caller, fields.cbid);
    await requireAgreement(account.id);
    if (!available(entry)) throw new HttpError(503, CONNECTOR_MESSAGES.notConfigured);
    let posture: Posture;
    try {
      posture = (await readProvider(services, config, request, entry.type, fields.credentials)).posture;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      throw new HttpError(error.kind === 'refused' ? 400 : 502, error.kind === 'refused' ? 'The tool refused these credentials.' : CONNECTOR_MESSAGES.failedToConnect, { detail: error.message });
    }
    return reply.code(201).send(await storeConnection(request, caller, account, entry, entry.connect, fields.credentials, posture));
  }

  async function removeConnection(request: FastifyRequest, id: string) {
    const caller = callerOf(request);
    await db.transaction(async (tx) => {
      const connection = await findVisibleConnection(tx, caller, id);
      if (!connection) throw notFound(CONNECTOR_MESSAGES.notFound);
      await deleteConnectionRow(tx, connection.id);
      await audit(tx, clock, {
        actorUserId: caller.userId, action: 'connector.delete', target: connection.id, address: request.ip,
        detail: { accountId: connection.accountId, connectorType: connection.connectorType, externalId: connection.externalId, externalName: connection.externalName },
      });
    });
    return { message: CONNECTOR_MESSAGES.removed };
  }

  return {
    ...standInHandlers(services, config),

    async listConnectorTypes(request) {
      return { content: await catalogue(callerOf(request), request.query.cbid) };
    },

    async searchConnectors(request) {
      const { searchForConnected, connectorType, cbid } = request.query;
      const content = (await catalogue(callerOf(request), cbid))
        .filter((entry) => !searchForConnected || entry.connected > 0)
        .filter((entry) => !connectorType || entry.type === connectorType);
      return { content };
    },

    async listConnectorAccounts(request) {
      return { content: await clientAccounts(db, callerOf(request)) };
    },

    async listConnections(request) {
      const caller = callerOf(request);
      if (request.query.cbid) await accountFor(caller, request.query.cbid);
      let page = await searchVisibleConnections(db, caller, request.query);
      // A connection stored before its provider was first read (the demo's) is read as it is first listed.
      const unread = page.content.filter((connection) => connection.lastSyncedAt === null && connection.lastSyncError === null).slice(0, UNREAD_SYNC_LIMIT);
      for (const connection of unread) await syncConnection(services, config, request, connection);
      if (unread.length > 0) page = await searchVisibleConnections(db, caller, request.query);
      return { ...page, content: page.content.map(publicConnection) };
    },

    async getConnection(request) {
      return publicConnection(await visibleConnection(callerOf(request), request.params.id));
    },

    async getAccountConnections(request) {
      const caller = callerOf(request);
      const account = await findClientAccount(db, caller, request.params.accountId);
      if (!account) throw notFound(MESSAGES.accountNotFound);
      return { accountId: account.id, accountName: account.name, content: (await connectionsOfAccount(db, caller, account.id)).map(publicConnection) };
    },

    async createConnection(request, reply) {
      const body = checkedBodyOf(request);
      return connectWithCredentials(request, reply, ['token'], {
        connectorType: String(body.connectorType), provider: body.provider, cbid: body.cbid,
        credentials: { kind: 'token', token: String(body.credentials?.token ?? '') },
      });
    },

    async createConnectionWithLogin(request, reply) {
      const body = checkedBodyOf(request);
      return connectWithCredentials(request, reply, ['userPassword'], {
        connectorType: String(body.connectorType), provider: body.provider, cbid: body.cbid,
        credentials: { kind: 'userPassword', username: String(body.credentials?.username ?? ''), password: String(body.credentials?.password ?? '') },
      });
    },

    async addConnectorKey(request, reply) {
      const body = checkedBodyOf(request);
      return connectWithCredentials(request, reply, ['apiKey'], {
        connectorType: request.query.connectorType ?? 'WIZER', cbid: request.query.cbid,
        credentials: { kind: 'apiKey', apiKey: String(body.apiKey ?? '') },
      });
    },

    async deleteConnection(request) {
      return removeConnection(request, request.params.id);
    },

    async deleteConnector(request) {
      return removeConnection(request, request.params.connectorId);
    },

    async getConnectionStatus(request) {
      const caller = callerOf(request);
      await ensureFresh(services, config, request, await visibleConnection(caller, request.params.connectorId));
      const connection = await visibleConnection(caller, request.params.connectorId);
      return {
        connectorId: connection.id, connectorType: connection.connectorType, connectorStatus: connection.connectorStatus,
        connected: connection.connectorStatus === 'SUCCESS', statusText: STATUS_TEXT[connection.connectorStatus], lastSyncedAt: connection.lastSyncedAt,
      };
    },

    async getConnectorPrivacyAgreement(request) {
      const account = await accountFor(callerOf(request), request.query.cbid);
      return privacyAgreementOf(db, account.id, PRIVACY_ADDENDUM_VERSION);
    },

    async saveConnectorPrivacyAgreement(request, reply) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      if (body.agreement !== true) throw new HttpError(400, CONNECTOR_MESSAGES.agreementUnticked);
      const account = await accountFor(caller, request.query.cbid);
      await db.transaction(async (tx) => {
        await insertPrivacyAgreement(tx, account.id, caller.userId, PRIVACY_ADDENDUM_VERSION, clock.now());
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'connector.privacy-agreement', target: account.id, address: request.ip,
          detail: { accountId: account.id, version: PRIVACY_ADDENDUM_VERSION },
        });
      });
      return reply.code(201).send(await privacyAgreementOf(db, account.id, PRIVACY_ADDENDUM_VERSION));
    },

    async getConnectorOAuthMetadata(request) {
      const caller = callerOf(request);
      const provider = providerOfType(request.params.connectorType);
      const settings = config.oauth[provider];
      const account = await accountFor(caller, request.query.cbid);
      await requireAgreement(account.id);
      const origin = browserOrigin(services, request);
      const authorizationEndpoint = authorizeUrlOf(settings, origin);
      const area = personaOfAccountType(caller.accountType);
      if (!settings.available || !authorizationEndpoint || !area) throw new HttpError(503, CONNECTOR_MESSAGES.notConfigured);
      const state = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + OAUTH_STATE_TTL_MS);
      const redirectUri = `${origin}${area.base}/manage/connectors/callback`;
      await insertOAuthState(db, hashOf(state), {
        user_id: caller.userId, session_id: caller.sessionId, account_id: account.id, connector_type: request.params.connectorType, redirect_uri: redirectUri, expires_at: expiresAt,
      }, now);
      return {
        connectorType: request.params.connectorType, state, clientId: settings.clientId, responseType: 'code', redirectUri,
        scope: [...settings.scopes], authorizationEndpoint, expiresAt: expiresAt.toISOString(),
      };
    },

    async completeConnectorOAuth(request, reply) {
      const caller = callerOf(request);
      const connectorType = request.params.connectorType;
      const provider = providerOfType(connectorType);
      const { code, state } = request.body;
      // The browser sends the state as '<state>:<cbid>' (spec 001 section 4: the state plus cbid).
      const separator = state.lastIndexOf(':');
      const nonce = separator > 0 ? state.slice(0, separator) : state;
      const cbid = separator > 0 ? state.slice(separator + 1) : '';
      const now = clock.now();
      const held = await consumeOAuthState(db, hashOf(nonce), now);
      const valid = held && held.user_id === caller.userId && held.session_id === caller.sessionId && held.connector_type === connectorType
        && held.account_id === cbid && new Date(held.expires_at) > now;
      if (!held || !valid) throw new HttpError(400, CONNECTOR_MESSAGES.failedToConnect, { detail: CONNECTOR_MESSAGES.stateInvalid });
      const account = await findClientAccount(db, caller, held.account_id);
      if (!account) throw notFound(MESSAGES.accountNotFound);
      const entry = connectorTypeOf(connectorType)!;
      const settings = config.oauth[provider];
      const tokenUrl = tokenUrlOf(settings, localOrigin(request));
      try {
        if (!tokenUrl) throw new ProviderError('unavailable', 'The provider is not reachable from this server.');
        const credentials = await exchangeCode(tokenUrl, { clientId: settings.clientId, clientSecret: await clientSecretOf(services, settings) }, code, held.redirect_uri, now);
        const { posture, renewed } = await readProvider(services, config, request, connectorType, credentials);
        return reply.code(201).send(await storeConnection(request, caller, account, entry, 'oauth', renewed ?? credentials, posture));
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        throw new HttpError(502, CONNECTOR_MESSAGES.failedToConnect, { detail: error.message });
      }
    },

    async getConnectorLatestScore(request) {
      const caller = callerOf(request);
      const connection = await visibleConnection(caller, request.params.connectorId, request.params.connectorType);
      await ensureFresh(services, config, request, connection);
      const latest = await latestSnapshot(db, connection.id);
      const synced = await visibleConnection(caller, connection.id);
      return {
        connectorId: connection.id, connectorType: connection.connectorType, score: latest?.score ?? null, maxScore: latest?.maxScore ?? null,
        percentage: latest && latest.maxScore > 0 ? Math.round((latest.score / latest.maxScore) * 1000) / 10 : null,
        measuredAt: latest?.measuredAt ?? null, lastSyncedAt: synced.lastSyncedAt,
      };
    },

    async getConnectorActionList(request) {
      const connection = await visibleConnection(callerOf(request), request.params.connectorId, request.params.connectorType);
      return actionsPage(db, connection.id, request.query);
    },

    async getConnectorScoresHistory(request) {
      const connection = await visibleConnection(callerOf(request), request.params.connectorId, request.params.connectorType);
      const days = request.query.days ?? 30;
      const today = Math.floor(clock.now().getTime() / DAY_MS);
      const since = new Date((today - (days - 1)) * DAY_MS).toISOString().slice(0, 10);
      return { connectorId: connection.id, days, content: await scoreHistory(db, connection.id, since) };
    },

    async getConnectorShortlistActions(request) {
      const connection = await visibleConnection(callerOf(request), request.params.connectorId, request.params.connectorType);
      return { content: await shortlistedActions(db, connection.id) };
    },
  };
};

function providerOfType(connectorType: string): OAuthProvider {
  const provider = (Object.entries(OAUTH_TYPES) as [OAuthProvider, string][]).find(([, type]) => type === connectorType)?.[0];
  if (!provider) throw new HttpError(400, CONNECTOR_MESSAGES.wrongForm);
  return provider;
}

/** What users may see of where the tool lives: the Azure tenant id, the Google domain, the AWS account. */
function metadataOf(entry: ConnectorType, posture: Posture): Record<string, string> {
  if (entry.type === 'MICROSOFT') return { azureTenantId: posture.subject.id };
  if (entry.type === 'GOOGLE') return { googleDomain: posture.subject.name };
  if (entry.type === 'AWS') return { awsAccountId: posture.subject.name };
  return {};
}
