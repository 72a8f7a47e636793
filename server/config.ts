import path from 'node:path';
import { editionFromHost, type EditionId } from '../engine/index.ts';
import { DEFAULT_REQUESTS_PER_MINUTE } from './constants.ts';

export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL when set; else the embedded database in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** Environment name served by GET /api/auth/v1/env. */
  envName: string;
  /**
   * NODE_ENV=production: no demo world, no mailbox, real mail and a public URL required. Otherwise the
   * development mode of `npm start`: the demo world with its published password and the development
   * mailbox for provider staff, on loopback unless HOST says otherwise.
   */
  production: boolean;
  trustProxy: boolean;
  /** Origin of the console in the US edition (PUBLIC_URL; never taken from the request's Host header). */
  publicUrl: string;
  /** PUBLIC_URL was given explicitly (production requires it: links must not point at localhost). */
  publicUrlConfigured: boolean;
  /**
   * Each edition's origin, which e-mailed links use (`mail/public-link.ts`): the edition is chosen by the host
   * name, so a UK recipient's link must name a UK host. US is PUBLIC_URL, UK is PUBLIC_URL_UK.
   */
  publicUrls: Record<EditionId, string>;
  /** The editions whose public address was given explicitly (production requires every one). */
  publicUrlsConfigured: Record<EditionId, boolean>;
  /** Requests a caller may make per minute before 429 (server/http/rate-limit.ts). */
  requestsPerMinute: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  const publicUrls: Record<EditionId, string> = {
    us: editionOrigin(env.PUBLIC_URL || `http://localhost:${port}`, 'us', 'PUBLIC_URL'),
    // Development: a name ending in .uk, which the server answers as the UK edition once it resolves to this
    // machine (a hosts-file line `127.0.0.1 localhost.uk`, or Chromium's --host-resolver-rules).
    uk: editionOrigin(env.PUBLIC_URL_UK || `http://${DEV_UK_HOST}:${port}`, 'uk', 'PUBLIC_URL_UK'),
  };
  return {
    port,
    // A development start holds demo users with a published password: reachable from this machine only.
    host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: env.DATABASE_URL || null,
    dataDir: env.DATA_DIR ?? path.join(cwd, 'data', 'pglite'),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Cyber Console <no-reply@cyberconsole.example>',
    envName: env.ENV_NAME ?? (production ? 'prod' : 'dev'),
    production,
    trustProxy: env.TRUST_PROXY === 'true',
    publicUrl: publicUrls.us,
    publicUrlConfigured: Boolean(env.PUBLIC_URL),
    publicUrls,
    publicUrlsConfigured: { us: Boolean(env.PUBLIC_URL), uk: Boolean(env.PUBLIC_URL_UK) },
    requestsPerMinute: positiveInteger(env.RATE_LIMIT_PER_MINUTE, 'RATE_LIMIT_PER_MINUTE') ?? DEFAULT_REQUESTS_PER_MINUTE,
  };
}

/** The host of the UK edition's public address in development (PUBLIC_URL_UK unset). */
export const DEV_UK_HOST = 'localhost.uk';

/**
 * An edition's public origin without a trailing slash; refused when its host would open another edition,
 * since every link in that edition's e-mails would then show the recipient the wrong one.
 */
function editionOrigin(value: string, edition: EditionId, name: string): string {
  const origin = value.replace(/\/+$/, '');
  let host: string;
  try {
    host = new URL(origin).hostname;
  } catch {
    throw new Error(`${name} must be an address such as https://console.example, got '${value}'`);
  }
  if (editionFromHost(host) !== edition) {
    throw new Error(`${name} opens the ${editionFromHost(host).toUpperCase()} edition (host ${host}); it must be a host of the ${edition.toUpperCase()} edition`);
  }
  return origin;
}

function positiveInteger(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new Error(`${name} must be a positive whole number, got '${value}'`);
  return number;
}
