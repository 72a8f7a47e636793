import { RENEWAL_REMINDER_BATCH, RENEWAL_REMINDER_CLAIM_MS } from '../../../constants.ts';
import type { Services } from '../../../services.ts';
import { settleCalendar } from '../../calendar/policy-calendar.ts';
import { renewalReminderMail } from './renewal-reminder-mail.ts';
import { claimDueReminders, markReminderSent, releaseReminder } from './renewal-reminder-repository.ts';

/**
 * Sends the renewal reminders due on `today` (YYYY-MM-DD) and answers how many went out. Safe to run at any time,
 * as often as wanted and on several servers at once: each reminder is claimed in a transaction before it is
 * mailed (renewal-reminder-repository.ts) and marked sent after. The mail is sent outside that transaction (the
 * outbox shares the embedded database's one connection); a mail that fails gives its claim back and stops the
 * sweep, so the next one tries again, and a server that dies between mail and mark may, once the claim lapses,
 * send that one reminder a second time rather than never.
 */
export async function sendDueRenewalReminders(services: Services, today: string): Promise<number> {
  const { db, clock, mailer, config, definitions } = services;
  // Policies whose end or cancellation day has come move first: they are no longer in force, so not reminded.
  await db.transaction((tx) => settleCalendar(tx, today, clock.now()));
  let sent = 0;
  for (;;) {
    const now = clock.now();
    const claimed = await db.transaction((tx) => claimDueReminders(tx, today, now, new Date(now.getTime() + RENEWAL_REMINDER_CLAIM_MS), RENEWAL_REMINDER_BATCH));
    if (claimed.length === 0) return sent;
    const registry = (await definitions.current()).registry();
    for (const [index, reminder] of claimed.entries()) {
      try {
        await mailer.sendMail(renewalReminderMail(reminder, today, registry.edition(reminder.edition), config));
      } catch (error) {
        for (const unsent of claimed.slice(index)) await releaseReminder(db, unsent.id);
        throw error;
      }
      await markReminderSent(db, reminder.id, clock.now());
      sent += 1;
    }
    if (claimed.length < RENEWAL_REMINDER_BATCH) return sent;
  }
}
