import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable, Row } from './database.ts';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T = Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/**
 * Starts the embedded database engine. `dataDir` is a folder (created when missing) or 'memory://' for
 * tests. `loadDataDir`: a cluster saved with `dumpDataDir` to start from instead of a new one, which skips
 * initdb (seconds on every start of an in-memory database).
 */
export async function createPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  // pg_trgm: the contains-searches' trigram indexes (migration 215), as on PostgreSQL.
  return PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
}

/** The data layer over a running embedded database; closing it stops the engine. */
export function pgliteDatabase(pglite: PGlite): Database {
  const base = wrap(pglite);
  return {
    dialect: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    close: () => pglite.close(),
  };
}

/** Opens the embedded database (see createPglite). */
export async function openPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  return pgliteDatabase(await createPglite(dataDir, options));
}
