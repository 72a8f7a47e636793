import pg from 'pg';

/** DATABASE_URL, else the machine's local PostgreSQL, if it answers within 2 s; undefined otherwise. */
export async function reachablePostgresUrl(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}
