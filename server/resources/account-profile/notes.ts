import type { Queryable } from '../../db/database.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';

/**
 * Notes on an account (migration 167; spec 002 section 3 'Notes: id, created, modified, lastUpdated,
 * createdBy, noteType'), newest first. The form (definitions/forms/account-note.json) checks what is added.
 */

interface NoteRow {
  id: string;
  account_id: string;
  note: string;
  note_type: string;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date;
  modified_at: Date;
}

export function toAccountNote(row: NoteRow) {
  const modified = new Date(row.modified_at).toISOString();
  return {
    id: row.id,
    accountId: row.account_id,
    note: row.note,
    noteType: row.note_type,
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    created: new Date(row.created_at).toISOString(),
    modified,
    lastUpdated: modified,
  };
}

const SELECT = `n.id, n.account_id, n.note, n.note_type, n.created_by,
  CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS created_by_name, n.created_at, n.modified_at`;
const FROM = 'account_notes n LEFT JOIN users u ON u.id = n.created_by';

const NOTES: ListSpec<NoteRow, ReturnType<typeof toAccountNote>> = {
  select: SELECT,
  from: FROM,
  sorts: { created: 'n.created_at', noteType: 'n.note_type', createdBy: "lower(coalesce(u.last_name, '') || ' ' || coalesce(u.first_name, ''))" },
  defaultSort: { field: 'created', direction: 'desc' },
  tieBreak: ['n.id'],
  search: ['n.note', 'u.first_name', 'u.last_name'],
  filters: { noteType: { sql: 'n.note_type' } },
  toItem: toAccountNote,
};

export function listAccountNotes(db: Queryable, accountId: string, query: ListRequest) {
  return listPage(db, NOTES, query, (params) => `n.account_id = ${params.add(accountId, 'uuid')}`);
}

export async function insertAccountNote(db: Queryable, accountId: string, note: { text: string; noteType: string }, userId: string | null, at: Date) {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO account_notes (account_id, note, note_type, created_by, created_at, modified_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
    [accountId, note.text, note.noteType, userId, at],
  );
  const [saved] = await db.query<NoteRow>(`SELECT ${SELECT} FROM ${FROM} WHERE n.id = $1`, [row!.id]);
  return toAccountNote(saved!);
}
