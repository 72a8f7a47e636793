import path from 'node:path';

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
  production: boolean;
  trustProxy: boolean;
  /** Origin of the console used in e-mailed links (never taken from the request's Host header). */
  publicUrl: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: env.DATA_DIR ?? path.join(cwd, 'data', 'pglite'),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Cyber Console <no-reply@cyberconsole.example>',
    envName: env.ENV_NAME ?? (production ? 'prod' : 'dev'),
    production,
    trustProxy: env.TRUST_PROXY === 'true',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
  };
}
