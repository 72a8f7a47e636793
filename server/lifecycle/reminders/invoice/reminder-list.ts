import { Decimal } from '../../../../engine/index.ts';
import type { Queryable } from '../../../db/database.ts';
import { listPage } from '../../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../../list/list-spec.ts';
import { reminderKindOf } from './reminder-schedule.ts';

interface ReminderRow {
  id: string;
  policy_id: string;
  offset_days: number;
  due_date: string;
  recipient: string;
  amount_due: string;
  currency: 'USD' | 'GBP';
  sent_at: Date;
}

function toReminder(row: ReminderRow) {
  return {
    id: row.id,
    policyId: row.policy_id,
    kind: reminderKindOf(row.offset_days),
    offsetDays: row.offset_days,
    dueDate: row.due_date,
    recipient: row.recipient,
    amountDue: Decimal.from(row.amount_due).toFixed(2),
    currency: row.currency,
    sentAt: new Date(row.sent_at).toISOString(),
  };
}

const REMINDERS: ListSpec<ReminderRow, ReturnType<typeof toReminder>> = {
  select: `r.id, r.policy_id, r.offset_days, r.due_date::text AS due_date, r.recipient, r.amount_due::text AS amount_due, r.currency, r.sent_at`,
  from: 'invoice_reminders r',
  sorts: { sentAt: 'r.sent_at', offsetDays: 'r.offset_days' },
  defaultSort: { field: 'sentAt', direction: 'desc' },
  tieBreak: ['r.id'],
  toItem: toReminder,
};

/** The reminders sent for one policy, newest first; the caller has checked the policy is within reach. */
export function remindersOfPolicy(db: Queryable, policyId: string, query: ListRequest) {
  return listPage(db, REMINDERS, query, (params) => `r.policy_id = ${params.add(policyId, 'uuid')}`);
}
