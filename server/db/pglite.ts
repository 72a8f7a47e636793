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
 * Opens the embedded database. `dataDir` is a folder (created when missing) or 'memory://' for tests.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  // pg_trgm: the contains-searches' trigram indexes (migration 215), as on PostgreSQL.
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const base = wrap(pglite);
  return {
    dialect: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    close: () => pglite.close(),
  };
}
