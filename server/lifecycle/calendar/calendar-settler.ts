import { todayIn } from '../../../engine/index.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { settleCalendar } from './policy-calendar.ts';

/** The last day settled, per database: the policy and quote handlers of one server share it. */
const settledDays = new WeakMap<Database, string>();

/**
 * The calendar's moves up to today (policy-calendar.ts), at most once a day per server, before a list or a
 * record that they change is read: policies, binders and quotes. The moves are idempotent, so two servers
 * settling the same day change nothing twice.
 */
export function calendarSettler(db: Database, clock: Clock): () => Promise<void> {
  return async () => {
    const today = todayIn(clock.now());
    if (settledDays.get(db) === today) return;
    await db.transaction((tx) => settleCalendar(tx, today, clock.now()));
    settledDays.set(db, today);
  };
}
