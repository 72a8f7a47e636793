import { useCallback, useEffect, useMemo, useRef } from 'react';
import { runNamed } from '../../api/run.ts';
import { isDefaultView, type TableDefinition, type TableView } from '../../engine/index.ts';
import { run } from '../session/run.ts';
import { preferencesQuery, sessionStore, type MyPreferences } from '../session/store.ts';
import { useMyPreferences, useSignedIn } from '../session/use-session.ts';
import type { SavedTableView } from '../table/table-types.ts';

/** A burst of changes (dragging through the page sizes, toggling several columns) is kept once it settles. */
export const TABLE_VIEW_SAVE_DELAY_MS = 600;

/**
 * The signed-in user's saved view of a table (spec 002 section 4 'Saved table views per user (column order,
 * visibility, density, sort)'): `ready` once the preferences have been read (or could not be: the table then
 * starts as its definition says), the view saved, and where each new arrangement goes. An arrangement equal to
 * the definition's own is forgotten on the server rather than kept.
 */
export function useSavedTableView(table: TableDefinition): { ready: boolean; savedView: SavedTableView } {
  const preferences = useMyPreferences();
  const signedIn = useSignedIn();
  // Signed out (a public page) there is nothing to wait for.
  const ready = !signedIn || preferences.status === 'success' || preferences.status === 'error';
  const view = preferences.data?.tableViews[table.id] ?? null;
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onChange = useCallback(
    (next: TableView) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        const params = { tableId: table.id };
        const saving = isDefaultView(table, next)
          ? runNamed(run, 'resetMyTableView', { params })
          : runNamed(run, 'saveMyTableView', { params, body: next });
        // Not kept (offline, signed out, a link's session that keeps no preferences): the table stays as arranged on screen.
        saving.then((answer) => preferencesQuery.put(sessionStore, answer as MyPreferences)).catch(() => undefined);
      }, TABLE_VIEW_SAVE_DELAY_MS);
    },
    [table],
  );
  const savedView = useMemo(() => ({ view, onChange }), [view, onChange]);
  return { ready, savedView };
}
