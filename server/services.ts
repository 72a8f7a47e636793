import type { AccessTokens } from './auth/access-tokens.ts';
import type { PasswordHasher } from './auth/password.ts';
import type { Clock } from './clock.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PrepareResult } from './db/prepare-result.ts';
import type { DefinitionService } from './definitions/definition-service.ts';

/** What route handlers work with; built once per app in app.ts. */
export interface Services {
  db: Database;
  clock: Clock;
  config: ServerConfig;
  mailer: Mailer;
  hasher: PasswordHasher;
  accessTokens: AccessTokens;
  /** Definitions as users see them: the files with published versions applied. */
  definitions: DefinitionService;
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
  /** The account the user belongs to; accountId differs after a switch or a jump. */
  homeAccountId: string;
  /** Type of the account the user really belongs to (the token's subscriber type). */
  subscriberType: string;
  /** A provider user acting inside an account of another type (account type differs from subscriber type). */
  ghosting: boolean;
  /** Token scopes of the role (role:admin, role:operator). */
  scopes: readonly string[];
  /** Set when the session was opened by one-time-code workflow access. */
  workflowId: string | null;
  /** The workflow's flow (E_PAY, ...): such a session may call only the operations its flow allows. */
  workflowFlow: string | null;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
  /** The account enforces MFA and the user has not turned it on: only enrolment is allowed. */
  mfaPending: boolean;
  /** Set when the request was made with an API key (server/auth/api-key-auth.ts) rather than a session. */
  apiKey?: { id: string; keyId: string };
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
  /** Every contract route carries its operation's id (contract/register-routes.ts). */
  interface FastifyContextConfig {
    operationId?: string;
  }
}
