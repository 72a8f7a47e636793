import { amountDue, formatDate, formatMoney, paymentStatusOf, type Edition } from '../../../../engine/index.ts';
import { audit } from '../../../audit.ts';
import type { Clock } from '../../../clock.ts';
import { PAYMENT_DUE_DAYS } from '../../../constants.ts';
import type { Database, Queryable } from '../../../db/database.ts';
import type { Services } from '../../../services.ts';
import { liveFinancingOf, owedByPayer } from '../../ledger/financing-repository.ts';
import { postInboxMessage } from '../../../resources/inbox/post-message.ts';
import { transactionsOf } from '../../ledger/transaction-repository.ts';
import { settleCalendar } from '../../calendar/policy-calendar.ts';
import { invoiceReminderMail, type ReminderSubject } from './reminder-mail.ts';
import { PAYMENT_DUE_TEXTS } from './invoice-reminder-texts.ts';
import { REMINDED_STATUSES, reminderKindOf, reminderWindows } from './reminder-schedule.ts';

interface CandidateRow {
  id: string;
  agency_id: string;
  account_id: string;
  policy_number: string;
  company_name: string;
  agency_name: string;
  edition: 'us' | 'uk';
  currency: string;
  total_premium: string;
  contact_first_name: string;
  contact_email: string;
  effective_date: string;
  end_date: string;
  due_date: string;
  offset_days: number;
}

/**
 * Policies with a reminder due today and not sent yet. Left out: reminders turned off; agency-billed policies
 * (the agency collected the premium and bills its client itself; what it owes the provider is its agency
 * bill); policies out of force; and, as a first cut in exact SQL numerics, those paid in full (the payer owes
 * the total premium, or the down payment under an accepted instalment plan). What is due is worked out again
 * per policy with the engine's rules before anything is sent.
 */
async function candidates(db: Queryable, today: string): Promise<CandidateRow[]> {
  const windows = reminderWindows(today);
  return db.query<CandidateRow>(
    `WITH w (offset_days, due_after, due_by) AS (SELECT * FROM unnest($2::int[], $3::date[], $4::date[])),
     unpaid AS (
       SELECT p.id, p.agency_id, p.account_id, p.policy_number, a.name AS company_name, ag.name AS agency_name, p.edition, p.currency, p.total_premium::text AS total_premium,
         p.contact_first_name, p.contact_email, p.effective_date::text AS effective_date, p.end_date::text AS end_date,
         (p.issued_at AT TIME ZONE 'UTC')::date + $1::int AS due_date
       FROM policies p
         JOIN accounts a ON a.id = p.account_id
         JOIN accounts ag ON ag.id = p.agency_id
       WHERE p.status = ANY($5::text[]) AND NOT p.invoice_reminders_off AND NOT p.agency_billed
         AND coalesce((SELECT sum(t.amount_paid) FROM payment_transactions t WHERE t.policy_id = p.id AND t.status = 'Paid'), 0)
           < coalesce((SELECT f.down_payment FROM premium_financings f WHERE f.policy_id = p.id AND f.status = 'ACCEPTED'), p.total_premium))
     SELECT u.id, u.agency_id, u.account_id, u.policy_number, u.company_name, u.agency_name, u.edition, u.currency, u.total_premium, u.contact_first_name, u.contact_email,
       u.effective_date, u.end_date, u.due_date::text AS due_date, w.offset_days
     FROM unpaid u JOIN w ON u.due_date <= w.due_by AND (w.due_after IS NULL OR u.due_date > w.due_after)
     WHERE NOT EXISTS (SELECT 1 FROM invoice_reminders r WHERE r.policy_id = u.id AND r.offset_days = w.offset_days)
     ORDER BY u.due_date, u.policy_number`,
    [PAYMENT_DUE_DAYS, windows.map((window) => window.offsetDays), windows.map((window) => window.dueAfter), windows.map((window) => window.dueBy), REMINDED_STATUSES],
  );
}

/**
 * What the payer owes now by the payment page's rules (engine amountDue and paymentStatusOf over the
 * transactions, the instalment plan's down payment once accepted), or null when nothing should be asked for:
 * paid in full, or a payment on its way (Processed) that would settle it.
 */
async function amountToRemind(db: Queryable, policy: CandidateRow): Promise<string | null> {
  const payments = (await transactionsOf(db, policy.id)).map((row) => ({ status: row.status, amount: row.amount_paid }));
  const owed = owedByPayer(policy.total_premium, await liveFinancingOf(db, policy.id));
  const status = paymentStatusOf(owed, payments);
  return status === 'Paid' || status === 'Processed' ? null : amountDue(owed, payments);
}

/**
 * Sends the invoice reminders due on `today` (YYYY-MM-DD) and answers how many went out. Safe to run at any
 * time, as often as wanted and on several servers at once: each reminder is claimed by its unique row
 * (policy, day of the schedule) before it is sent, and only the claim that inserted sends. The claim is
 * written before the mail (the outbox shares the embedded database's one connection, so both cannot sit in
 * one transaction); a mail that fails gives its claim back, so the next sweep tries again.
 */
export async function sendDueInvoiceReminders(services: Services, today: string): Promise<number> {
  const { db, clock, mailer, config, definitions } = services;
  // A pending cancellation whose day has come is cancelled first: its payer is not reminded.
  await db.transaction((tx) => settleCalendar(tx, today, clock.now()));
  const due = await candidates(db, today);
  if (due.length === 0) return 0;
  const registry = (await definitions.current()).registry();
  let sent = 0;
  for (const policy of due) {
    const amount = await amountToRemind(db, policy);
    if (amount === null) continue;
    const [claim] = await db.query<{ id: string }>(
      `INSERT INTO invoice_reminders (policy_id, offset_days, due_date, recipient, amount_due, currency, sent_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (policy_id, offset_days) DO NOTHING RETURNING id`,
      [policy.id, policy.offset_days, policy.due_date, policy.contact_email, amount, policy.currency, clock.now()],
    );
    // Another server (or a run started by hand) sent this one.
    if (!claim) continue;
    const subject: ReminderSubject = {
      policyId: policy.id, policyNumber: policy.policy_number, companyName: policy.company_name, agencyName: policy.agency_name,
      edition: policy.edition, contactFirstName: policy.contact_first_name, contactEmail: policy.contact_email,
      effectiveDate: policy.effective_date, endDate: policy.end_date, dueDate: policy.due_date, offsetDays: policy.offset_days, today, amountDue: amount,
    };
    try {
      await mailer.sendMail(invoiceReminderMail(subject, registry.edition(policy.edition), config));
    } catch (error) {
      await db.query('DELETE FROM invoice_reminders WHERE id = $1', [claim.id]);
      throw error;
    }
    if (reminderKindOf(policy.offset_days) !== 'BEFORE_DUE') await handPaymentDueToAgency(db, clock, policy, amount, registry.edition(policy.edition));
    sent += 1;
  }
  return sent;
}

/**
 * Payment due is a hand-over (issue 35): once the premium's due date has come unpaid, the payer has been
 * reminded by e-mail, and the policy's agency, who answers for its client's premium, finds it in its inbox
 * (the day it falls due, and again at each overdue reminder) with what is owed and since when; the audit log
 * records it as the system's doing. After the reminder went out, so the message says what was sent.
 */
async function handPaymentDueToAgency(db: Database, clock: Clock, policy: CandidateRow, amount: string, edition: Edition): Promise<void> {
  const overdue = policy.offset_days > 0;
  const action = overdue ? 'payment.overdue' : 'payment.due';
  const body = PAYMENT_DUE_TEXTS.body(formatMoney(Number(amount), edition), formatDate(policy.due_date, edition.locale), policy.contact_email);
  await db.transaction(async (tx) => {
    await postInboxMessage(tx, {
      kind: action, agencyId: policy.agency_id, accountId: policy.account_id, policyId: policy.id, actorAccountId: null,
      values: { number: policy.policy_number, client: policy.company_name }, body, at: clock.now(),
    });
    await audit(tx, clock, { action: `policy.${overdue ? 'paymentOverdue' : 'paymentDue'}`, target: policy.id, detail: { amountDue: amount, dueDate: policy.due_date, remindedDay: policy.offset_days } });
  });
}
