import { addDays } from '../../../../engine/index.ts';
import { INVOICE_REMINDER_OFFSETS } from '../../../constants.ts';

/** Policies whose payer is reminded: in force, or with a cancellation pending (a notice for non-payment among them). */
export const REMINDED_STATUSES: readonly string[] = ['ISSUED', 'ACTIVE', 'CANCEL PENDING'];

export type ReminderKind = 'BEFORE_DUE' | 'DUE' | 'OVERDUE';

export function reminderKindOf(offsetDays: number): ReminderKind {
  if (offsetDays < 0) return 'BEFORE_DUE';
  return offsetDays === 0 ? 'DUE' : 'OVERDUE';
}

/** The due dates for which one reminder of the schedule is the one due today: after `dueAfter` (none: any), up to `dueBy`. */
export interface ReminderWindow {
  offsetDays: number;
  dueAfter: string | null;
  dueBy: string;
}

/**
 * Which reminder is due on `today`, as due-date windows: for a due date D, the latest reminder whose day
 * (D + offset) has come. Earlier ones missed (a server down on the day, reminders off then) are not sent
 * late: the latest says the same with the amount due now, and a payer should not get three e-mails at once.
 * So reminder i is due while D + offset(i) <= today < D + offset(i + 1).
 */
export function reminderWindows(today: string, offsets: readonly number[] = INVOICE_REMINDER_OFFSETS): ReminderWindow[] {
  const sorted = [...new Set(offsets)].sort((a, b) => a - b);
  return sorted.map((offsetDays, index) => {
    const next = sorted[index + 1];
    return { offsetDays, dueAfter: next === undefined ? null : addDays(today, -next), dueBy: addDays(today, -offsetDays) };
  });
}
