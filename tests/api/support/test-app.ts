import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { createPasswordHasher, TEST_HASH_COST } from '../../../server/auth/password.ts';
import { ManualClock } from '../../../server/clock.ts';
import { DEMO_PASSWORD } from '../../../server/constants.ts';
import type { ServerConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/database.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { createOutboxMailer, type Mailer } from '../../../server/mail/mailer.ts';
import { listOutbox } from '../../../server/mail/outbox.ts';
import { openPostgres, quoteIdentifier } from '../../../server/db/postgres.ts';
import { onServer, TEMPLATE_SCHEMA, withDatabase } from './seeded-database-template.ts';

export { DEMO_PASSWORD };

export interface TestDatabase {
  db: Database;
  /** Closes the database and, on PostgreSQL, drops the file's schema. */
  dispose(): Promise<void>;
  label: string;
}

/**
 * PGlite in memory by default; PostgreSQL when DATABASE_URL is set, in a schema of its own per test file
 * (dropped afterwards), so files running in parallel and repeated runs never collide. `seeded`: a copy of
 * the run's migrated and seeded template (tests/api/support/seeded-database-template.ts), as a test app's
 * start would leave it, on PostgreSQL a database of its own; other callers get an empty database.
 */
export async function openTestDatabase(options: { seeded?: boolean } = {}): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = options.seeded ? inject('seededPgliteTemplate') : undefined;
    const db = await openPglite('memory://', template ? { loadDataDir: new Blob([await readFile(template)]) } : {});
    return { db, label: 'pglite', dispose: () => db.close() };
  }
  const suffix = randomUUID().replace(/-/g, '').slice(0, 16);
  const template = options.seeded ? inject('seededPostgresTemplate') : undefined;
  if (template) {
    const name = `api_test_${suffix}`;
    await onServer(url, `CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(template)}`);
    const db = await openPostgres(withDatabase(url, name), { schema: TEMPLATE_SCHEMA, max: 5 });
    return {
      db,
      label: `postgres:${name}`,
      async dispose() {
        await db.close();
        await onServer(url, `DROP DATABASE ${quoteIdentifier(name)} WITH (FORCE)`);
      },
    };
  }
  const schema = `api_test_${suffix}`;
  await onServer(url, `CREATE SCHEMA ${quoteIdentifier(schema)}`);
  const db = await openPostgres(url, { schema, max: 5 });
  return {
    db,
    label: `postgres:${schema}`,
    async dispose() {
      await db.close();
      await onServer(url, `DROP SCHEMA ${quoteIdentifier(schema)} CASCADE`);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  clock: ManualClock;
  close(): Promise<void>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** POST /api/auth/v1/login; `address` simulates the client's IP. */
  login(username: string, password?: string, extra?: Record<string, unknown>, address?: string): Promise<LightMyRequestResponse>;
  /** While down, sending e-mail fails (texts still reach the outbox). */
  mailOutage(down: boolean): void;
  /** Signs in and returns the token pair (fails the test on any other answer). */
  tokensFor(username: string, extra?: Record<string, unknown>): Promise<{ accessToken: string; refreshToken: string }>;
  /** GET with a bearer token. */
  getAs(accessToken: string, url: string): Promise<LightMyRequestResponse>;
  /** Newest message of the dev outbox to an address. */
  latestMessageTo(address: string): Promise<{ body: string; subject: string | null } | undefined>;
  createUser(fields: {
    email: string; accountOf: string; status?: 'ACTIVE' | 'PENDING_VALIDATION' | 'DISABLED'; passwordExpiresAt?: Date;
    mfaType?: 'NONE' | 'EMAIL' | 'SMS' | 'GOOGLE'; phone?: string;
  }): Promise<string>;
}

/**
 * The suites call fast and from one address: the whole contract in seconds. The limiter stays on (its
 * headers are part of every answer) with room for that; tests/api/rate-limit.test.ts sets its own limit.
 */
const TEST_REQUESTS_PER_MINUTE = 1_000_000;

/** `config` overrides the server's settings read from the environment (each edition's public address, say). */
export async function startTestApp(options: { requestsPerMinute?: number; config?: Partial<ServerConfig> } = {}): Promise<TestApp> {
  const database = await openTestDatabase({ seeded: true });
  const clock = new ManualClock();
  // The outbox mailer the dev server uses, with a switch that makes sending fail as an unreachable SMTP server would.
  const outbox = createOutboxMailer(database.db, clock);
  let mailDown = false;
  const mailer: Mailer = {
    sendMail: (message) => (mailDown ? Promise.reject(new Error('connect ECONNREFUSED (test mail outage)')) : outbox.sendMail(message)),
    sendText: (message) => outbox.sendText(message),
  };
  const app = await buildApp({ db: database.db, clock, hashCost: TEST_HASH_COST, config: { production: false, smtpUrl: null, requestsPerMinute: options.requestsPerMinute ?? TEST_REQUESTS_PER_MINUTE, ...options.config }, mailer });
  const hasher = createPasswordHasher(TEST_HASH_COST);
  const inject = (options: InjectOptions) => app.inject(options);

  const login: TestApp['login'] = (username, password = DEMO_PASSWORD, extra = {}, address = '10.0.0.1') =>
    inject({ method: 'POST', url: '/api/auth/v1/login', payload: { username, password, ...extra }, remoteAddress: address });

  return {
    app,
    db: database.db,
    clock,
    inject,
    login,
    async tokensFor(username, extra = {}) {
      const response = await login(username, DEMO_PASSWORD, extra, `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
      if (response.statusCode !== 200) throw new Error(`Sign-in of ${username} answered ${response.statusCode}: ${response.body}`);
      return response.json();
    },
    mailOutage(down) {
      mailDown = down;
    },
    getAs: (accessToken, url) => inject({ method: 'GET', url, headers: { authorization: `Bearer ${accessToken}` } }),
    async latestMessageTo(address) {
      return (await listOutbox(database.db, address))[0];
    },
    async createUser({ email, accountOf, status = 'ACTIVE', passwordExpiresAt, mfaType = 'NONE', phone }) {
      const [row] = await database.db.query<{ id: string }>(
        `INSERT INTO users (account_id, email, first_name, last_name, role_id, password_hash, status, password_expires_at,
           mfa_type, phone, created_at)
         SELECT u.account_id, $2, 'Test', 'User', u.role_id, $3, $4, $5, $6, $7, $8 FROM users u WHERE u.email = $1
         RETURNING id`,
        [accountOf, email, await hasher.hash(DEMO_PASSWORD), status, passwordExpiresAt ?? null, mfaType, phone ?? null, clock.now()],
      );
      if (!row) throw new Error(`No user ${accountOf} to copy the account from`);
      return row.id;
    },
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
