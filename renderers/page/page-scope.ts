import { getPath } from '../../engine/index.ts';

/**
 * What a page's json-logic reads: the route's parameters and the address's query, the detail block's record, the row acted on,
 * the record chosen before a toolbar action, an operation's answer and a dialog's mode.
 */
export interface PageScope {
  route: Record<string, string | undefined>;
  /** The address's query parameters (`/mssp/manage/accountlookup?state=TX&accountName=…`). */
  query?: Record<string, string>;
  /** The team chosen in the shell's selector, null for All or no choice: what a list filters by (`{"var": "team"}`). */
  team?: string | null;
  record?: Record<string, unknown>;
  row?: Record<string, unknown>;
  chosen?: Record<string, unknown>;
  /** A bulk action's chosen rows, and their row keys. */
  selected?: Record<string, unknown>[];
  keys?: string[];
  result?: unknown;
  mode?: 'create' | 'edit' | 'send';
}

/** A `{field}` (or `{dotted.field}`) in a path template. */
export const PATH_FIELD = /\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\}/g;

/**
 * `{field}` in a path filled from a row (each value URI-encoded); unknown fields become empty. A dotted name
 * reads into the row (`{policy.id}` from an answer that carries the new record under `policy`).
 */
export function fillPath(template: string, row: Record<string, unknown>): string {
  return template.replace(PATH_FIELD, (_, name: string) => encodeURIComponent(String(getPath(row, name) ?? '')));
}
