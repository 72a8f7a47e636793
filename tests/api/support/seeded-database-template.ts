import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPasswordHasher, TEST_HASH_COST } from '../../../server/auth/password.ts';
import { ManualClock } from '../../../server/clock.ts';
import type { Database } from '../../../server/db/database.ts';
import { createPglite, pgliteDatabase } from '../../../server/db/pglite.ts';
import { openPostgres, quoteIdentifier } from '../../../server/db/postgres.ts';
import { prepareDatabase } from '../../../server/db/prepare.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: a saved in-memory cluster, migrated and seeded as startTestApp's start would leave it. */
    seededPgliteTemplate?: string;
    /** PostgreSQL runs: a database, migrated and seeded likewise in TEMPLATE_SCHEMA, that test apps copy. */
    seededPostgresTemplate?: string;
  }
}

/** The schema a copied PostgreSQL database holds its tables in. */
export const TEMPLATE_SCHEMA = 'console';

/** `url` with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs one statement on the server of `url` outside any test database (CREATE and DROP DATABASE). */
export async function onServer(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** What startTestApp's start writes into an empty database: the migrations, reference data and the demo world. */
function prepareAsTestApp(db: Database) {
  return prepareDatabase(db, { clock: new ManualClock(), hasher: createPasswordHasher(TEST_HASH_COST), seed: true });
}

/**
 * Vitest global set-up: one database is migrated and seeded once per run, and every test app starts from
 * a copy of it (tests/api/support/test-app.ts) instead of doing that work itself, on each of about a hundred
 * app starts. On PGlite a new in-memory cluster also costs an initdb of seconds; a copy is a saved cluster
 * loaded back. On PostgreSQL a copy is CREATE DATABASE ... TEMPLATE, and dropping a database is quicker than
 * dropping a schema of some two hundred tables. The template is made with the clock and password cost
 * startTestApp uses, so a copy holds what its own start would have written; the start still runs the
 * migrations and reference data, and finds them done.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `api_template_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await onServer(url, `CREATE DATABASE ${quoteIdentifier(name)}`);
    await onServer(withDatabase(url, name), `CREATE SCHEMA ${quoteIdentifier(TEMPLATE_SCHEMA)}`);
    const db = await openPostgres(withDatabase(url, name), { schema: TEMPLATE_SCHEMA, max: 2 });
    await prepareAsTestApp(db);
    await db.close();
    project.provide('seededPostgresTemplate', name);
    return () => onServer(url, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  }
  const folder = await mkdtemp(join(tmpdir(), 'pglite-template-'));
  const pglite = await createPglite('memory://');
  await prepareAsTestApp(pgliteDatabase(pglite));
  const path = join(folder, 'seeded.tar');
  await writeFile(path, new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('seededPgliteTemplate', path);
  return () => rm(folder, { recursive: true, force: true });
}
