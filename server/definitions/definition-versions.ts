import type { Queryable } from '../db/database.ts';

/** One stored version of a key (version >= 1); the files are version 0 and never stored. */
export interface StoredVersion {
  id: number;
  key: string;
  version: number;
  document: unknown;
  note: string;
  authorUserId: string | null;
  authorName: string | null;
  created: Date;
  restoredFrom: number | null;
}

interface VersionRow {
  id: number;
  key: string;
  version: number;
  document?: unknown;
  note: string;
  author_user_id: string | null;
  author_name: string | null;
  created_at: Date | string;
  restored_from: number | null;
}

const COLUMNS = `v.id, v.key, v.version, v.note, v.author_user_id, v.created_at, v.restored_from,
  nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') AS author_name`;
const FROM = 'FROM definition_versions v LEFT JOIN users u ON u.id = v.author_user_id';

function toVersion(row: VersionRow): StoredVersion {
  return {
    id: row.id,
    key: row.key,
    version: row.version,
    document: row.document,
    note: row.note,
    authorUserId: row.author_user_id,
    authorName: row.author_name,
    created: new Date(row.created_at),
    restoredFrom: row.restored_from,
  };
}

/**
 * A cheap fingerprint of the table: rows are only ever added, so the count changes with every committed
 * publish (also one whose id is lower than an already visible one, committed later).
 */
export async function versionsRevision(db: Queryable): Promise<string> {
  const [row] = await db.query<{ count: number; last: number }>(
    'SELECT count(*)::int AS count, coalesce(max(id), 0)::int AS last FROM definition_versions',
  );
  return `${row?.count ?? 0}.${row?.last ?? 0}`;
}

/** The newest version of every key that has been published, with its document. */
export async function latestVersions(db: Queryable): Promise<StoredVersion[]> {
  const rows = await db.query<VersionRow>(
    `SELECT DISTINCT ON (v.key) ${COLUMNS}, v.document ${FROM} ORDER BY v.key, v.version DESC`,
  );
  return rows.map(toVersion);
}

/** Versions of one key, newest first, without their documents. */
export async function listVersions(db: Queryable, key: string): Promise<StoredVersion[]> {
  const rows = await db.query<VersionRow>(`SELECT ${COLUMNS} ${FROM} WHERE v.key = $1 ORDER BY v.version DESC`, [key]);
  return rows.map(toVersion);
}

export async function findVersion(db: Queryable, key: string, version: number): Promise<StoredVersion | undefined> {
  const [row] = await db.query<VersionRow>(`SELECT ${COLUMNS}, v.document ${FROM} WHERE v.key = $1 AND v.version = $2`, [key, version]);
  return row && toVersion(row);
}

export async function newestVersion(db: Queryable, key: string): Promise<StoredVersion | undefined> {
  const [row] = await db.query<VersionRow>(`SELECT ${COLUMNS} ${FROM} WHERE v.key = $1 ORDER BY v.version DESC LIMIT 1`, [key]);
  return row && toVersion(row);
}

/** Serialises publishes of one key across connections and instances (released at commit or rollback). */
export async function lockKey(tx: Queryable, key: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(724670020, hashtext('definition:' || $1))", [key]);
}

export async function insertVersion(
  tx: Queryable,
  entry: { key: string; version: number; document: unknown; note: string; authorUserId: string; created: Date; restoredFrom: number | null },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO definition_versions (key, version, document, note, author_user_id, created_at, restored_from)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [entry.key, entry.version, JSON.stringify(entry.document), entry.note, entry.authorUserId, entry.created, entry.restoredFrom],
  );
  return row!.id;
}
