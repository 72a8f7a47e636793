import type { PasswordHasher } from '../auth/password.ts';
import type { Clock } from '../clock.ts';
import { DEMO_PASSWORD } from '../constants.ts';
import { ensureReferenceData } from '../seed/reference-data.ts';
import { DEMO_USERS } from '../seed/demo-world.ts';
import { hasAccounts, seedDemoWorld } from '../seed/seed.ts';
import type { PrepareResult } from './prepare-result.ts';
import { seedDemoRecords } from '../seed/demo-records.ts';
import type { Database } from './database.ts';
import { applyMigrations, loadMigrations, withSchemaLock } from './migrate.ts';

/**
 * Brings a database up to date on start: migrations, reference data (roles, flags), and, when `seed` is
 * true and there are no accounts, the demo world. Only a development start seeds: the demo users share a
 * published password. All of it runs under one advisory lock, so two instances starting together
 * against one PostgreSQL take turns and the second finds the work done.
 */
export async function prepareDatabase(
  db: Database,
  /** `records`: with a newly seeded world, also the demo clients and claims (a development start). */
  options: { clock: Clock; hasher: PasswordHasher; seed: boolean; records?: boolean },
): Promise<PrepareResult> {
  const migrations = await loadMigrations();
  const wantSeed = options.seed;
  // Hashing is slow by design; do it only when the world may need seeding, and outside the lock.
  let hashes: Map<string, string> | null = null;
  const needHashes = wantSeed && !(await hasAccounts(db).catch(() => false));
  if (needHashes) {
    hashes = new Map(
      await Promise.all(DEMO_USERS.map(async (user) => [user.email, await options.hasher.hash(DEMO_PASSWORD)] as const)),
    );
  }
  return withSchemaLock(db, async (tx) => {
    const migrationsApplied = await applyMigrations(tx, migrations);
    await ensureReferenceData(tx);
    const seed = hashes ? await seedDemoWorld(tx, options.clock, hashes) : { seeded: false, accounts: 0, users: 0 };
    if (seed.seeded && options.records) await seedDemoRecords(tx, options.clock);
    return { migrationsApplied, seed };
  });
}
