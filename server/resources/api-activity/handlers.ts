import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { HttpError } from '../../http/http-error.ts';
import { DAY } from '../../clock.ts';
import { DEFAULT_DATE_FILTER, intervalOf, MAX_GRAPH_DAYS, WINDOW_MESSAGES, windowOf } from './activity-window.ts';
import { activityBuckets, activityStats, searchActivity } from './repository.ts';

/**
 * API activity (spec 001 section 7): the requests made with the organisation's API keys (recorded by
 * server/auth/api-key-activity.ts), as a list, a graph and totals over the same window and filters.
 */
export const handlers: HandlerModule = ({ db, clock }) => ({
  async searchApiActivity(request) {
    const now = clock.now();
    return searchActivity(db, callerOf(request), request.query, windowOf(request.query, now));
  },

  async getApiActivityGraph(request) {
    const now = clock.now();
    const window = windowOf(request.query, now, DEFAULT_DATE_FILTER);
    // A window open at one end (only after, or only before) ends now, or starts the graph's longest span before its end.
    const to = window.to ?? new Date(now.getTime() + 1);
    const from = window.from ?? new Date(to.getTime() - MAX_GRAPH_DAYS * DAY);
    if (to.getTime() - from.getTime() > MAX_GRAPH_DAYS * DAY) throw new HttpError(400, WINDOW_MESSAGES.graphTooLong);
    const interval = intervalOf({ from, to });
    const buckets = await activityBuckets(db, callerOf(request), request.query, { from, to }, interval);
    return { interval, from: from.toISOString(), to: to.toISOString(), buckets };
  },

  async getApiActivityStats(request) {
    const now = clock.now();
    const window = windowOf(request.query, now, DEFAULT_DATE_FILTER);
    const to = window.to ?? new Date(now.getTime() + 1);
    const from = window.from ?? new Date(0);
    return { from: from.toISOString(), to: to.toISOString(), ...(await activityStats(db, callerOf(request), request.query, { from, to })) };
  },
});
