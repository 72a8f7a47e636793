import { viewForDefinition, type TableDefinition } from '../../../engine/index.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { notFound } from '../../http/http-error.ts';
import { preferencesOf, saveTableView, saveTheme } from './repository.ts';

const TABLE_NOT_FOUND = 'Table not found.';

/**
 * The signed-in user's own preferences (spec 002 section 4 'Saved table views per user (column order,
 * visibility, density, sort) and the theme saved per user'): they follow the user to any browser. Views are
 * held to the table definitions as published now, so a view never names a column that no longer exists.
 */
export const handlers: HandlerModule = ({ db, clock, definitions }) => {
  async function tables(): Promise<Map<string, TableDefinition>> {
    const registry = (await definitions.current()).registry();
    return new Map(registry.list('table').map((definition) => [definition.id, definition as TableDefinition]));
  }

  async function preferencesFor(userId: string) {
    const [stored, known] = await Promise.all([preferencesOf(db, userId), tables()]);
    const tableViews = Object.fromEntries(
      Object.entries(stored.tableViews).flatMap(([id, view]) => {
        const definition = known.get(id);
        return definition ? [[id, viewForDefinition(definition, view)]] : [];
      }),
    );
    return { theme: stored.theme, tableViews };
  }

  return {
    async getMyPreferences(request) {
      return preferencesFor(callerOf(request).userId);
    },

    async saveMyTheme(request) {
      const caller = callerOf(request);
      await saveTheme(db, caller.userId, request.body.theme, clock.now());
      return preferencesFor(caller.userId);
    },

    async saveMyTableView(request) {
      const caller = callerOf(request);
      const definition = (await tables()).get(request.params.tableId);
      if (!definition) throw notFound(TABLE_NOT_FOUND);
      await saveTableView(db, caller.userId, definition.id, viewForDefinition(definition, request.body), clock.now());
      return preferencesFor(caller.userId);
    },

    async resetMyTableView(request) {
      const caller = callerOf(request);
      if (!(await tables()).has(request.params.tableId)) throw notFound(TABLE_NOT_FOUND);
      await saveTableView(db, caller.userId, request.params.tableId, null, clock.now());
      return preferencesFor(caller.userId);
    },
  };
};

