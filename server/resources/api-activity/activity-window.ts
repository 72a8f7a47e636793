import { DAY, HOUR } from '../../clock.ts';
import { HttpError } from '../../http/http-error.ts';

/** Spec 001 section 7 `dateFilter`: windows that end now. */
export const DATE_FILTERS = {
  LAST_24_HOURS: DAY,
  LAST_7_DAYS: 7 * DAY,
  LAST_30_DAYS: 30 * DAY,
  LAST_90_DAYS: 90 * DAY,
} as const;
export type DateFilter = keyof typeof DATE_FILTERS;

/** The graph and the totals cover the last 7 days unless asked otherwise. */
export const DEFAULT_DATE_FILTER: DateFilter = 'LAST_7_DAYS';
/** The longest window the graph draws (one bucket a day). */
export const MAX_GRAPH_DAYS = 366;

export const WINDOW_MESSAGES = {
  afterBeforeOrder: 'after must not be later than before.',
  graphTooLong: `The graph covers at most ${MAX_GRAPH_DAYS} days.`,
} as const;

/** The instants a request covers: from inclusive, to exclusive; either end open when not asked for. */
export interface ActivityWindow {
  from: Date | null;
  to: Date | null;
}

export interface WindowQuery {
  after?: string;
  before?: string;
  dateFilter?: string;
}

const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * The window of `after` / `before` (whole UTC days, both inclusive) and `dateFilter` (ending now); given
 * together, both apply. With none of them the window is open, or `fallback` when one is given.
 */
export function windowOf(query: WindowQuery, now: Date, fallback?: DateFilter): ActivityWindow {
  if (query.after && query.before && query.after > query.before) throw new HttpError(400, WINDOW_MESSAGES.afterBeforeOrder);
  const preset = (query.dateFilter as DateFilter | undefined) ?? (query.after || query.before ? undefined : fallback);
  let from: Date | null = preset ? new Date(now.getTime() - DATE_FILTERS[preset]) : null;
  // A window ending now includes what was recorded at this very millisecond.
  let to: Date | null = preset ? new Date(now.getTime() + 1) : null;
  if (query.after) {
    const after = startOfDay(query.after);
    if (!from || after > from) from = after;
  }
  if (query.before) {
    const end = new Date(startOfDay(query.before).getTime() + DAY);
    if (!to || end < to) to = end;
  }
  return { from, to };
}

/** Hours over a day or two, days beyond. */
export function intervalOf(window: { from: Date; to: Date }): 'HOUR' | 'DAY' {
  return window.to.getTime() - window.from.getTime() <= 2 * DAY ? 'HOUR' : 'DAY';
}

export const INTERVAL_MS = { HOUR, DAY } as const;
