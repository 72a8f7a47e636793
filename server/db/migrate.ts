import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Database, Queryable } from './database.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** A resource keeps its own tables with it: server/resources/<name>/migrations/NNN_name.sql. */
export const RESOURCES_DIR = fileURLToPath(new URL('../resources/', import.meta.url));
/** The policy lifecycle area: its sub-modules (nested, e.g. reminders/invoice) are resources found the same way. */
export const LIFECYCLE_DIR = fileURLToPath(new URL('../lifecycle/', import.meta.url));

/** A folder holding resources, and how errors name it (relative to the repository). */
export interface ResourceRoot {
  dir: string;
  label: string;
}

/** Where resources live: every folder below a root is one (found by what it holds, so adding one touches no list). */
export const RESOURCE_ROOTS: readonly ResourceRoot[] = [
  { dir: RESOURCES_DIR, label: 'server/resources' },
  { dir: LIFECYCLE_DIR, label: 'server/lifecycle' },
];

/** Every folder below `dir` (its path relative to `dir`, '/'-separated), sorted; a `migrations` folder is not descended. */
export async function resourceFolders(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true }).catch(() => []);
  const folders = entries.filter((entry) => entry.isDirectory() && entry.name !== 'migrations' && entry.name !== 'node_modules')
    .map((entry) => (prefix ? `${prefix}/${entry.name}` : entry.name));
  const nested = await Promise.all(folders.map((folder) => resourceFolders(dir, folder)));
  return [...folders, ...nested.flat()].sort();
}
/** Key of the advisory lock held while migrating and seeding, so two instances starting at once take turns. */
export const SCHEMA_LOCK_KEY = 724_670_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

async function migrationFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file)).map((file) => path.join(dir, file));
}

/**
 * server/db/migrations/NNN_name.sql and every resource's migrations/NNN_name.sql (server/resources/<name>/,
 * server/lifecycle/<sub-module>/), in order of NNN (one sequence across folders). Two files with one version
 * stop the start, naming both.
 */
export async function loadMigrations(dir = MIGRATIONS_DIR, roots: readonly string[] = RESOURCE_ROOTS.map((root) => root.dir)): Promise<Migration[]> {
  const folders = (await Promise.all(roots.map(async (root) => (await resourceFolders(root)).map((folder) => path.join(root, folder))))).flat();
  const files = [
    ...(await migrationFiles(dir)),
    ...(await Promise.all(folders.map((folder) => migrationFiles(path.join(folder, 'migrations'))))).flat(),
  ];
  const byVersion = new Map<string, string>();
  for (const file of files) {
    const version = path.basename(file).slice(0, 3);
    const earlier = byVersion.get(version);
    if (earlier) throw new Error(`Migration version ${version} is used by both ${earlier} and ${file}`);
    byVersion.set(version, file);
  }
  const ordered = [...byVersion.entries()].sort(([a], [b]) => a.localeCompare(b));
  return Promise.all(
    ordered.map(async ([version, file]) => ({ version, name: path.basename(file).slice(4, -4), sql: await readFile(file, 'utf8') })),
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
