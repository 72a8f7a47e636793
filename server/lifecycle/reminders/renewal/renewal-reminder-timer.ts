import type { FastifyInstance } from 'fastify';
import { todayIn } from '../../../../engine/index.ts';
import { RENEWAL_REMINDER_SWEEP_MS } from '../../../constants.ts';
import { scheduleSweep } from '../../../sweep-timer.ts';
import { sendDueRenewalReminders } from './send-due-renewal-reminders.ts';

/** Sends the renewal reminders due today every `intervalMs` (each is claimed once, so two servers may both sweep). */
export function scheduleRenewalReminders(app: FastifyInstance, intervalMs: number = RENEWAL_REMINDER_SWEEP_MS): void {
  scheduleSweep(app, {
    name: 'Renewal reminders sent',
    intervalMs,
    sweep: () => sendDueRenewalReminders(app.services, todayIn(app.services.clock.now())),
  });
}
