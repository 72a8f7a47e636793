import type { components } from '../../api/schema.d.ts';
import type { Queryable } from '../db/database.ts';
import { containsPattern } from '../list/like-pattern.ts';

export type Team = components['schemas']['Team'];

export async function searchTeams(db: Queryable, accountId: string, name: string | undefined, limit = 50): Promise<Team[]> {
  const rows = await db.query<{ id: string; name: string; is_default: boolean }>(
    `SELECT id, name, is_default FROM teams
     WHERE account_id = $1 AND ($2::text IS NULL OR lower(name) LIKE $2::text ESCAPE '\\')
     ORDER BY is_default DESC, lower(name) LIMIT $3`,
    [accountId, name ? containsPattern(name) : null, limit],
  );
  return rows.map((row) => ({ id: row.id, name: row.name, meta: { isDefault: row.is_default } }));
}
