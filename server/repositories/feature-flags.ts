import type { Queryable } from '../db/database.ts';

/**
 * Every feature flag as one edition sees it: on only where it is enabled and applies to the edition (a flag
 * may be for one edition). The browser's rules and the server's read the same values under `$context.flags`.
 */
export async function featureFlagsOf(db: Queryable, edition: 'us' | 'uk'): Promise<Record<string, boolean>> {
  const rows = await db.query<{ key: string; enabled: boolean; edition: string | null }>(
    'SELECT key, enabled, edition FROM feature_flags ORDER BY key',
  );
  return Object.fromEntries(rows.map((row) => [row.key, row.enabled && (row.edition === null || row.edition === edition)]));
}
