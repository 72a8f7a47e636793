import type { Queryable } from '../../db/database.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';

interface TagRow {
  id: string;
  name: string;
  accounts: number;
  created_at: Date;
}

function toTag(row: TagRow) {
  return { id: row.id, name: row.name, accounts: row.accounts, createdAt: row.created_at.toISOString() };
}

export type Tag = ReturnType<typeof toTag>;

const SELECT = 't.id, t.name, (SELECT count(*)::int FROM account_tags at WHERE at.tag_id = t.id) AS accounts, t.created_at';

const TAGS: ListSpec<TagRow, Tag> = {
  select: SELECT,
  from: 'tags t',
  sorts: { name: 'lower(t.name)', accounts: 'accounts', createdAt: 't.created_at' },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreak: ['t.id'],
  search: ['t.name'],
  toItem: toTag,
};

/**
 * Tags are an organisation's own, for everyone (provider staff included): an agency sees and applies its tags,
 * never another agency's, so the organisation is the caller's account, never a request's.
 */
export function searchOrganisationTags(db: Queryable, organisationId: string, query: ListRequest) {
  return listPage(db, TAGS, query, (params) => `t.account_id = ${params.add(organisationId, 'uuid')}`);
}

export async function findOrganisationTag(db: Queryable, organisationId: string, id: string, lock = false): Promise<Tag | null> {
  const [row] = await db.query<TagRow>(`SELECT ${SELECT} FROM tags t WHERE t.id = $1::uuid AND t.account_id = $2::uuid${lock ? ' FOR UPDATE OF t' : ''}`, [id, organisationId]);
  return row ? toTag(row) : null;
}

/** The organisation's tags of these names (without case), by lower-case name. */
export async function tagsByName(db: Queryable, organisationId: string, names: readonly string[]): Promise<Map<string, { id: string; name: string }>> {
  const rows = await db.query<{ id: string; name: string }>('SELECT id, name FROM tags WHERE account_id = $1::uuid AND lower(name) = ANY($2::text[])', [
    organisationId, names.map((name) => name.toLowerCase()),
  ]);
  return new Map(rows.map((row) => [row.name.toLowerCase(), row]));
}

export async function tagNameTaken(db: Queryable, organisationId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.query<{ taken: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM tags WHERE account_id = $1::uuid AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3::uuid)) AS taken',
    [organisationId, name, exceptId ?? null],
  );
  return row?.taken === true;
}

export async function insertTag(tx: Queryable, organisationId: string, name: string, at: Date, userId: string | null): Promise<string> {
  const [row] = await tx.query<{ id: string }>('INSERT INTO tags (account_id, name, created_at, created_by) VALUES ($1, $2, $3, $4) RETURNING id', [organisationId, name, at, userId]);
  return row!.id;
}

export async function renameTagRow(tx: Queryable, id: string, name: string): Promise<void> {
  await tx.query('UPDATE tags SET name = $2 WHERE id = $1', [id, name]);
}

export async function deleteTagRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM tags WHERE id = $1', [id]);
}

/** The organisation's tags on an account, by name. */
export async function accountTagsOf(db: Queryable, organisationId: string, accountId: string): Promise<Array<{ id: string; name: string }>> {
  return db.query<{ id: string; name: string }>(
    `SELECT t.id, t.name FROM account_tags at JOIN tags t ON t.id = at.tag_id
     WHERE at.account_id = $1::uuid AND t.account_id = $2::uuid ORDER BY lower(t.name)`,
    [accountId, organisationId],
  );
}

/**
 * Makes the organisation's tags on an account exactly `tagIds` (ids of its own tags): the others of its tags come
 * off, new ones go on; another organisation's tags on the account stay as they are.
 */
export async function setAccountTags(tx: Queryable, organisationId: string, accountId: string, tagIds: readonly string[], at: Date, userId: string | null): Promise<void> {
  await tx.query(
    `DELETE FROM account_tags at USING tags t
     WHERE at.tag_id = t.id AND at.account_id = $1::uuid AND t.account_id = $2::uuid AND NOT (at.tag_id = ANY($3::uuid[]))`,
    [accountId, organisationId, tagIds],
  );
  await addAccountTags(tx, accountId, tagIds, at, userId);
}

/** Puts tags on an account (those already on it stay as they were). */
export async function addAccountTags(tx: Queryable, accountId: string, tagIds: readonly string[], at: Date, userId: string | null): Promise<void> {
  if (tagIds.length === 0) return;
  await tx.query(
    `INSERT INTO account_tags (account_id, tag_id, applied_at, applied_by) SELECT $1::uuid, tag_id, $3, $4 FROM unnest($2::uuid[]) AS tag_id
     ON CONFLICT (account_id, tag_id) DO NOTHING`,
    [accountId, tagIds, at, userId],
  );
}

/** Which of these ids are tags of the organisation. */
export async function ownTagIds(db: Queryable, organisationId: string, tagIds: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>('SELECT id FROM tags WHERE account_id = $1::uuid AND id = ANY($2::uuid[])', [organisationId, tagIds]);
  return new Set(rows.map((row) => row.id));
}
