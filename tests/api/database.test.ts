import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPasswordHasher, TEST_HASH_COST } from '../../server/auth/password.ts';
import { ManualClock } from '../../server/clock.ts';
import { loadMigrations, migrate } from '../../server/db/migrate.ts';
import { prepareDatabase } from '../../server/db/prepare.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { DEMO_ACCOUNTS, DEMO_USERS } from '../../server/seed/demo-world.ts';
import { openTestDatabase, type TestDatabase } from './support/test-app.ts';

let database: TestDatabase;
const clock = new ManualClock();
const hasher = createPasswordHasher(TEST_HASH_COST);

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

describe(`data layer (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  test('two instances starting at once migrate and seed exactly once', async () => {
    const { db } = database;
    // On PostgreSQL the second instance is a separate pool on the same schema, as behind a load balancer.
    const schema = database.label.startsWith('postgres:') ? database.label.slice('postgres:'.length) : null;
    const second = schema && process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL, { schema, max: 2 }) : db;
    try {
      const [a, b] = await Promise.all([
        prepareDatabase(db, { clock, hasher, seed: true }),
        prepareDatabase(second, { clock, hasher, seed: true }),
      ]);
      const migrations = await loadMigrations();
      expect([...a.migrationsApplied, ...b.migrationsApplied].sort()).toEqual(migrations.map((m) => m.version));
      expect([a.seed.seeded, b.seed.seeded].filter(Boolean)).toHaveLength(1);
    } finally {
      if (second !== db) await second.close();
    }
    const recorded = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(recorded.map((row) => row.version)).toEqual((await loadMigrations()).map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
  });

  test('a seeded copy, which test apps start from, holds what preparing an empty database writes: the same tables with as many rows', async () => {
    // Runs after the first test prepared `database` itself.
    const copy = await openTestDatabase({ seeded: true });
    try {
      const rowCounts = async (db: TestDatabase['db']) => {
        const tables = await db.query<{ name: string }>(
          `SELECT table_name AS name FROM information_schema.tables
           WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
        );
        const counts: Record<string, number> = {};
        for (const { name } of tables) counts[name] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`))[0]!.n;
        return counts;
      };
      const [prepared, copied] = [await rowCounts(database.db), await rowCounts(copy.db)];
      expect(Object.keys(prepared).length).toBeGreaterThan(50);
      expect(prepared.users).toBe(DEMO_USERS.length);
      expect(copied).toEqual(prepared);
    } finally {
      await copy.dispose();
    }
  });

  test('queries run without JIT compilation: turned off in every PostgreSQL session, absent from PGlite', async () => {
    const { db } = database;
    if (db.dialect === 'postgres') {
      const settings = await Promise.all([0, 1, 2].map(() => db.query<{ jit: string }>('SHOW jit')));
      expect(settings.map(([row]) => row!.jit)).toEqual(['off', 'off', 'off']);
      expect(await db.transaction(async (tx) => (await tx.query<{ jit: string }>('SHOW jit'))[0]!.jit)).toBe('off');
    } else {
      expect((await db.query<{ available: boolean }>('SELECT pg_jit_available() AS available'))[0]!.available).toBe(false);
    }
  });

  test('the demo world: every account type, three US agencies (one enforcing MFA), one UK brokerage, the demo users', async () => {
    const { db } = database;
    const accounts = await db.query<{ account_type: string; edition: string; name: string; enforce_mfa: boolean }>(
      'SELECT account_type, edition, name, enforce_mfa FROM accounts',
    );
    expect(accounts).toHaveLength(DEMO_ACCOUNTS.length);
    const types = new Set(accounts.map((row) => row.account_type));
    for (const type of ['CARRIER', 'DIGITAL', 'COWBELL', 'CUSTOMER', 'VENDOR', 'CLUSTER', 'AGENCY', 'MSSP', 'RE_INSURER', 'PREMIUM_PROCESSOR']) {
      expect(types.has(type), type).toBe(true);
    }
    const agencies = accounts.filter((row) => row.account_type === 'AGENCY');
    expect(agencies.filter((row) => row.edition === 'us')).toHaveLength(3);
    // Only Secure Agency enforces MFA: mfa@agency.example's own account, not agent@agency.example's.
    expect(accounts.filter((row) => row.enforce_mfa).map((row) => row.name)).toEqual(['Secure Agency']);
    expect(agencies.filter((row) => row.edition === 'uk')).toHaveLength(1);
    const users = await db.query<{ email: string; mfa_type: string }>('SELECT email, mfa_type FROM users ORDER BY email');
    expect(users.map((row) => row.email)).toEqual(DEMO_USERS.map((user) => user.email).sort());
    expect(users.find((row) => row.email === 'mfa@agency.example')?.mfa_type).toBe('EMAIL');
    const [mfaAccount] = await db.query<{ name: string }>(
      `SELECT a.name FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.email = 'mfa@agency.example'`,
    );
    expect(mfaAccount?.name).toBe('Secure Agency');
    const [teams] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM teams');
    expect(teams?.n).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length);
  });

  test('a database that has accounts is not seeded again', async () => {
    const again = await prepareDatabase(database.db, { clock, hasher, seed: true });
    expect(again).toEqual({ migrationsApplied: [], seed: { seeded: false, accounts: 0, users: 0 } });
  });

  test('a failing transaction leaves nothing behind', async () => {
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE feature_flags SET enabled = NOT enabled WHERE key = 'next'`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const [flag] = await db.query<{ enabled: boolean }>(`SELECT enabled FROM feature_flags WHERE key = 'next'`);
    expect(flag?.enabled).toBe(false);
  });
});
