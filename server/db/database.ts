/**
 * The one data layer: the same SQL runs on PGlite (embedded, the default) and on PostgreSQL.
 * Rules that keep both working: no reliance on the database clock for business logic (pass times from the
 * injected Clock), ids are uuid text, counts are cast to int (`count(*)::int`), no bigint columns in answers.
 */

export type Row = Record<string, unknown>;

export interface Queryable {
  /** One statement with $1..$n parameters; the rows it returns. */
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly dialect: 'pglite' | 'postgres';
  /** Runs `work` in one transaction; rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
