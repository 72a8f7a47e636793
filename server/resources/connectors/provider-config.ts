import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import { loadServerSecret } from '../../auth/signing-secret.ts';
import type { OAuthProvider, PostureSource } from './catalogue.ts';

/**
 * Where each provider is reached, from the environment (documented in server/README.md):
 * CONNECTOR_<PROVIDER>_CLIENT_ID, _CLIENT_SECRET, _AUTHORIZE_URL, _TOKEN_URL and _POSTURE_URL for MICROSOFT,
 * GOOGLE and AWS, and CONNECTOR_TOOLS_POSTURE_URL for the gateway of the API-credential tools.
 *
 * Outside production, a provider without a client id is the LOCAL STAND-IN served by this server under
 * /api/dev/oauth-provider/<provider>/ (stand-in.ts): the browser signs in at this origin, and the server
 * exchanges the code and reads the posture over HTTP at the address it listens on, the same code path a real
 * provider takes. In production the stand-in answers 404 and a provider without configuration is unavailable.
 */

export interface OAuthProviderConfig {
  provider: OAuthProvider;
  standIn: boolean;
  clientId: string;
  scopes: readonly string[];
  /** Null: the stand-in (at the browser's origin, or this server's own address for server-to-server calls). */
  authorizeUrl: string | null;
  tokenUrl: string | null;
  postureUrl: string | null;
  /** Null in stand-in mode: derived from a server secret (standInClientSecret). */
  clientSecret: string | null;
  /** Configured well enough to connect. */
  available: boolean;
}

/** The scopes asked for, per provider (the metadata's scope list). */
export const OAUTH_SCOPES: Readonly<Record<OAuthProvider, readonly string[]>> = {
  microsoft: ['openid', 'profile', 'offline_access', 'https://graph.microsoft.com/SecurityEvents.Read.All'],
  google: ['openid', 'email', 'https://www.googleapis.com/auth/cloud-platform.read-only'],
  aws: ['openid', 'sso:account:access'],
};

/** The providers' public endpoints, used when a client id is configured without its own URLs. */
const PUBLIC_ENDPOINTS: Readonly<Record<OAuthProvider, { authorize: string | null; token: string | null }>> = {
  microsoft: { authorize: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize', token: 'https://login.microsoftonline.com/common/oauth2/v2.0/token' },
  google: { authorize: 'https://accounts.google.com/o/oauth2/v2/auth', token: 'https://oauth2.googleapis.com/token' },
  // AWS IAM Identity Center endpoints are per region: they must be configured.
  aws: { authorize: null, token: null },
};

export const STAND_IN_BASE = '/api/dev/oauth-provider';

export interface ConnectorConfig {
  production: boolean;
  oauth: Readonly<Record<OAuthProvider, OAuthProviderConfig>>;
  tools: { standIn: boolean; postureUrl: string | null; available: boolean };
}

export function readConnectorConfig(production: boolean, env: NodeJS.ProcessEnv = process.env): ConnectorConfig {
  const oauthOf = (provider: OAuthProvider): OAuthProviderConfig => {
    const prefix = `CONNECTOR_${provider.toUpperCase()}_`;
    const clientId = env[`${prefix}CLIENT_ID`] || null;
    const standIn = !production && !clientId;
    if (standIn) {
      return {
        provider, standIn, clientId: `cyber-console-dev-${provider}`, scopes: OAUTH_SCOPES[provider],
        authorizeUrl: null, tokenUrl: null, postureUrl: null, clientSecret: null, available: true,
      };
    }
    const authorizeUrl = env[`${prefix}AUTHORIZE_URL`] || PUBLIC_ENDPOINTS[provider].authorize;
    const tokenUrl = env[`${prefix}TOKEN_URL`] || PUBLIC_ENDPOINTS[provider].token;
    const postureUrl = env[`${prefix}POSTURE_URL`] || null;
    const clientSecret = env[`${prefix}CLIENT_SECRET`] || null;
    return {
      provider, standIn, clientId: clientId ?? '', scopes: OAUTH_SCOPES[provider], authorizeUrl, tokenUrl, postureUrl, clientSecret,
      available: Boolean(clientId && clientSecret && authorizeUrl && tokenUrl && postureUrl),
    };
  };
  const toolsUrl = env.CONNECTOR_TOOLS_POSTURE_URL || null;
  return {
    production,
    oauth: { microsoft: oauthOf('microsoft'), google: oauthOf('google'), aws: oauthOf('aws') },
    tools: { standIn: !production && !toolsUrl, postureUrl: toolsUrl, available: !production || Boolean(toolsUrl) },
  };
}

/** The origin the browser uses: PUBLIC_URL when configured, else (development) the request's own origin. */
export function browserOrigin(services: Services, request: FastifyRequest): string {
  if (services.config.publicUrlConfigured) return services.config.publicUrl;
  return `${request.protocol}://${request.host}`;
}

/** This server's own address, for its calls to the stand-in; null when it is not listening. */
export function localOrigin(request: FastifyRequest): string | null {
  const address = request.server.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return null;
  const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** The stand-in's client secret for a provider: derived from a server secret, so no secret lives in the code. */
export async function standInClientSecret(services: Pick<Services, 'db' | 'clock'>, provider: OAuthProvider): Promise<string> {
  const key = await loadServerSecret(services.db, services.clock, 'connector-stand-in');
  return createHmac('sha256', Buffer.from(key)).update(`client-secret:${provider}`).digest('base64url');
}

/** The posture endpoint of a source: configured, or the stand-in's at this server's address. */
export function postureUrlOf(config: ConnectorConfig, source: PostureSource, local: string | null): string | null {
  if (source === 'tools') return config.tools.standIn ? (local ? `${local}${STAND_IN_BASE}/tools/posture` : null) : config.tools.postureUrl;
  const provider = config.oauth[source];
  return provider.standIn ? (local ? `${local}${STAND_IN_BASE}/${source}/posture` : null) : provider.postureUrl;
}

export function tokenUrlOf(provider: OAuthProviderConfig, local: string | null): string | null {
  return provider.standIn ? (local ? `${local}${STAND_IN_BASE}/${provider.provider}/token` : null) : provider.tokenUrl;
}

export function authorizeUrlOf(provider: OAuthProviderConfig, origin: string): string | null {
  return provider.standIn ? `${origin}${STAND_IN_BASE}/${provider.provider}/authorize` : provider.authorizeUrl;
}

export async function clientSecretOf(services: Pick<Services, 'db' | 'clock'>, provider: OAuthProviderConfig): Promise<string> {
  return provider.standIn ? standInClientSecret(services, provider.provider) : (provider.clientSecret ?? '');
}
