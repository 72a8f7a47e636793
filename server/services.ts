import type { AccessTokens } from './auth/access-tokens.ts';
import type { PasswordHasher } from './auth/password.ts';
import type { Clock } from './clock.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PrepareResult } from './db/prepare.ts';

/** What route handlers work with; built once per app in app.ts. */
export interface Services {
  db: Database;
  clock: Clock;
  config: ServerConfig;
  mailer: Mailer;
  hasher: PasswordHasher;
  accessTokens: AccessTokens;
}

/** The signed-in user a request acts for, loaded fresh from the database on every request. */
export interface Caller {
  userId: string;
  email: string;
  accountId: string;
  accountType: string;
  edition: 'us' | 'uk';
  roleId: string;
  roleName: string;
  permissions: ReadonlySet<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** What start-up did to the database (migrations applied, demo world seeded); null when skipped. */
    prepared: PrepareResult | null;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}
