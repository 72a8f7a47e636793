import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Database, Queryable } from './database.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Key of the advisory lock held while migrating and seeding, so two instances starting at once take turns. */
export const SCHEMA_LOCK_KEY = 724_670_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

/** server/db/migrations/NNN_name.sql, in order of NNN. */
export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: file.slice(0, 3),
      name: file.slice(4, -4),
      sql: await readFile(path.join(dir, file), 'utf8'),
    })),
  );
}

/**
 * Runs `work` inside one transaction holding the schema lock (a transaction-scoped advisory lock, released
 * on commit or rollback). PGlite has one connection, so the lock is uncontended there but harmless.
 */
export function withSchemaLock<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
    return work(tx);
  });
}

/** Applies the migrations not yet recorded in schema_migrations; returns the versions applied. */
export async function applyMigrations(tx: Queryable, migrations: Migration[]): Promise<string[]> {
  await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied = new Set(
    (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map((row) => row.version),
  );
  const done: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    await tx.exec(migration.sql);
    await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    done.push(migration.version);
  }
  return done;
}

export async function migrate(db: Database): Promise<string[]> {
  const migrations = await loadMigrations();
  return withSchemaLock(db, (tx) => applyMigrations(tx, migrations));
}
