import pg from 'pg';
import type { Database, Queryable, Row } from './database.ts';

export interface PostgresOptions {
  /** Use this schema (search_path) for every connection; tests give each file its own. */
  schema?: string;
  max?: number;
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T = Row>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, [...params]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

export function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`Invalid schema name '${name}'`);
  return `"${name}"`;
}

/**
 * Settings every session starts with, as libpq `options`, merged with any the URL itself gives (a search_path in
 * `?options=`, as the benchmarks set). No JIT compilation: the console's reads are short, and a plan whose
 * estimate passes jit_above_cost (a UNION view with a reach subquery, as the documents list) spent ~38 ms
 * compiling for ~6 ms of work.
 */
export function sessionOptions(connectionString: string, schema?: string): { connectionString: string; options: string } {
  const settings = ['-c jit=off', ...(schema ? [`-c search_path=${quoteIdentifier(schema)}`] : [])];
  try {
    const url = new URL(connectionString);
    const own = url.searchParams.get('options');
    url.searchParams.delete('options');
    return { connectionString: url.toString(), options: [own, ...settings].filter(Boolean).join(' ') };
  } catch {
    return { connectionString, options: settings.join(' ') };
  }
}

/** Opens a pool on DATABASE_URL. Instances are stateless, so several can share one PostgreSQL. */
export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ ...sessionOptions(connectionString, options.schema), max: options.max ?? 10 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const base = wrap(pool);
  return {
    dialect: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
