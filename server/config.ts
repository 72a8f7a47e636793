import path from 'node:path';
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
  /** Origin of the console used in e-mailed links (never taken from the request's Host header). */
  publicUrl: string;
  /** PUBLIC_URL was given explicitly (production requires it: links must not point at localhost). */
  publicUrlConfigured: boolean;
  /** Requests a caller may make per minute before 429 (server/http/rate-limit.ts). */
  requestsPerMinute: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
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
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    publicUrlConfigured: Boolean(env.PUBLIC_URL),
    requestsPerMinute: positiveInteger(env.RATE_LIMIT_PER_MINUTE, 'RATE_LIMIT_PER_MINUTE') ?? DEFAULT_REQUESTS_PER_MINUTE,
  };
}

function positiveInteger(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new Error(`${name} must be a positive whole number, got '${value}'`);
  return number;
}
