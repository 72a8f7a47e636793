import type { FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import { connectorTypeOf, postureSourceOf, type OAuthProvider } from './catalogue.ts';
import { openCredentials, sealCredentials, vaultKey, type Credentials } from './credential-vault.ts';
import { fetchPosture, ProviderError, refreshAccess } from './provider-client.ts';
import { clientSecretOf, localOrigin, postureUrlOf, tokenUrlOf, type ConnectorConfig } from './provider-config.ts';
import { markFailed, markSynced, sealedCredentialsOf, storeSnapshot, type Connection } from './repository.ts';
import type { Posture } from './stand-in-posture.ts';

/**
 * Reading a connection's provider: the posture (score, history, actions) with the stored credentials, an
 * OAuth access token refreshed first when it has expired. Each read is stored as a snapshot; a refusal marks
 * the connection FAILED (reconnect needed), an unreachable provider leaves the last snapshot in place.
 */

/** A snapshot older than this is read again when someone looks at the tool's scores. */
export const SYNC_INTERVAL_MS = 6 * 60 * 60_000;
/** An access token this close to its end is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;

export interface ProviderRead {
  posture: Posture;
  /** The credentials after a refresh (to store), or null when unchanged. */
  renewed: Credentials | null;
}

/** Reads the posture of a tool with its credentials (refreshing an expired OAuth access token first). */
export async function readProvider(
  services: Services,
  config: ConnectorConfig,
  request: FastifyRequest,
  connectorType: string,
  credentials: Credentials,
): Promise<ProviderRead> {
  const entry = connectorTypeOf(connectorType);
  if (!entry) throw new ProviderError('refused', `Unknown connector type ${connectorType}.`);
  const source = postureSourceOf(entry);
  const local = localOrigin(request);
  let renewed: Credentials | null = null;
  let current = credentials;
  if (current.kind === 'oauth' && Date.parse(current.expiresAt) - EXPIRY_MARGIN_MS <= services.clock.now().getTime()) {
    if (!current.refreshToken) throw new ProviderError('refused', 'The sign-in has expired and the provider gave no refresh token; connect again.');
    const provider = config.oauth[source as OAuthProvider];
    const tokenUrl = tokenUrlOf(provider, local);
    if (!tokenUrl) throw new ProviderError('unavailable', 'The provider is not reachable from this server.');
    current = await refreshAccess(tokenUrl, { clientId: provider.clientId, clientSecret: await clientSecretOf(services, provider) }, current.refreshToken, services.clock.now());
    renewed = current;
  }
  const url = postureUrlOf(config, source, local);
  if (!url) throw new ProviderError('unavailable', 'The provider is not reachable from this server.');
  return { posture: await fetchPosture(url, current, connectorType), renewed };
}

/** Reads the provider again and stores the snapshot; false (and the reason recorded) when it failed. */
export async function syncConnection(services: Services, config: ConnectorConfig, request: FastifyRequest, connection: Connection): Promise<boolean> {
  const { db, clock } = services;
  const key = await vaultKey(db, clock);
  const sealed = await sealedCredentialsOf(db, connection.id);
  const credentials = sealed ? openCredentials(key, sealed) : null;
  if (!credentials) {
    await markFailed(db, connection.id, 'The stored credentials cannot be opened.', true);
    return false;
  }
  try {
    const { posture, renewed } = await readProvider(services, config, request, connection.connectorType, credentials);
    const now = clock.now();
    await db.transaction(async (tx) => {
      await storeSnapshot(tx, connection.id, posture, now);
      await markSynced(tx, connection.id, now, renewed ? sealCredentials(key, renewed) : null);
    });
    return true;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    request.log.warn({ connectionId: connection.id, reason: error.message }, 'connector provider read failed');
    await markFailed(db, connection.id, error.message, error.kind === 'refused');
    return false;
  }
}

/** Reads the provider again when the last snapshot is older than the interval (or there is none). */
export async function ensureFresh(services: Services, config: ConnectorConfig, request: FastifyRequest, connection: Connection): Promise<boolean> {
  const last = connection.lastSyncedAt ? Date.parse(connection.lastSyncedAt) : 0;
  const hasScore = connection.latestScore !== null;
  if (hasScore && services.clock.now().getTime() - last < SYNC_INTERVAL_MS) return false;
  return syncConnection(services, config, request, connection);
}
