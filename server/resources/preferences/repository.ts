import type { TableView } from '../../../engine/index.ts';
import type { Queryable } from '../../db/database.ts';

export type Theme = 'light' | 'dark';

export interface StoredPreferences {
  theme: Theme | null;
  tableViews: Record<string, TableView>;
}

export async function preferencesOf(db: Queryable, userId: string): Promise<StoredPreferences> {
  const [row] = await db.query<{ theme: Theme | null; table_views: Record<string, TableView> }>('SELECT theme, table_views FROM user_preferences WHERE user_id = $1', [userId]);
  return { theme: row?.theme ?? null, tableViews: row?.table_views ?? {} };
}

export async function saveTheme(db: Queryable, userId: string, theme: Theme, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO user_preferences (user_id, theme, modified_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET theme = EXCLUDED.theme, modified_at = EXCLUDED.modified_at`,
    [userId, theme, at],
  );
}

/** Keeps (or, with null, forgets) one table's view; the other tables' views stay as they are. */
export async function saveTableView(db: Queryable, userId: string, tableId: string, view: TableView | null, at: Date): Promise<void> {
  if (view === null) {
    await db.query('UPDATE user_preferences SET table_views = table_views - $2::text, modified_at = $3 WHERE user_id = $1', [userId, tableId, at]);
    return;
  }
  await db.query(
    `INSERT INTO user_preferences (user_id, table_views, modified_at) VALUES ($1, jsonb_build_object($2::text, $3::jsonb), $4)
     ON CONFLICT (user_id) DO UPDATE SET table_views = user_preferences.table_views || jsonb_build_object($2::text, $3::jsonb), modified_at = EXCLUDED.modified_at`,
    [userId, tableId, JSON.stringify(view), at],
  );
}
