import type { Queryable } from '../../db/database.ts';

interface SubjectivityRow {
  id: string;
  quote_id: string;
  text: string;
  created_at: Date;
  created_by: string | null;
  received_at: Date | null;
  received_by: string | null;
}

const fullName = (alias: string) => `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE ${alias}.first_name || ' ' || ${alias}.last_name END`;

const SELECT = `SELECT s.id, s.quote_id, s.text, s.created_at, s.received_at, ${fullName('c')} AS created_by, ${fullName('r')} AS received_by
  FROM quote_subjectivities s LEFT JOIN users c ON c.id = s.created_by LEFT JOIN users r ON r.id = s.received_by`;

function toSubjectivity(row: SubjectivityRow) {
  return {
    id: row.id,
    quoteId: row.quote_id,
    text: row.text,
    status: row.received_at ? ('RECEIVED' as const) : ('OPEN' as const),
    created: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
    received: row.received_at ? new Date(row.received_at).toISOString() : null,
    receivedBy: row.received_by,
  };
}

/** A quote's subjectivities in the order they were set (the proposal lists them so too). */
export async function subjectivitiesOf(db: Queryable, quoteId: string) {
  const rows = await db.query<SubjectivityRow>(`${SELECT} WHERE s.quote_id = $1 ORDER BY s.seq`, [quoteId]);
  return rows.map(toSubjectivity);
}

/** One subjectivity of the quote, or null (another quote's id is not this quote's). */
export async function subjectivityOf(db: Queryable, quoteId: string, id: string) {
  const [row] = await db.query<SubjectivityRow>(`${SELECT} WHERE s.quote_id = $1 AND s.id = $2`, [quoteId, id]);
  return row ? toSubjectivity(row) : null;
}

/** The texts of a quote's subjectivities, for its proposal and its detail (`subjectivities`). */
export const SUBJECTIVITIES_OF_QUOTE_SQL = `(SELECT coalesce(jsonb_agg(s.text ORDER BY s.seq), '[]'::jsonb) FROM quote_subjectivities s WHERE s.quote_id = q.id)`;

/** Withdraws every subjectivity of a quote (a reset to the agent's request undoes the underwriter's conditions). */
export async function withdrawSubjectivities(db: Queryable, quoteId: string): Promise<void> {
  await db.query('DELETE FROM quote_subjectivities WHERE quote_id = $1', [quoteId]);
}
