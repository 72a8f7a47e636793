import type { FastifyInstance } from 'fastify';
import { todayIn } from '../../../../engine/index.ts';
import { INVOICE_REMINDER_SWEEP_MS } from '../../../constants.ts';
import { scheduleSweep } from '../../../sweep-timer.ts';
import { sendDueInvoiceReminders } from './send-due-invoice-reminders.ts';

/** Sends the invoice reminders due today every `intervalMs` (each reminder is claimed once, so two servers may both sweep). */
export function scheduleInvoiceReminders(app: FastifyInstance, intervalMs: number = INVOICE_REMINDER_SWEEP_MS): void {
  scheduleSweep(app, {
    name: 'Invoice reminders sent',
    intervalMs,
    sweep: () => sendDueInvoiceReminders(app.services, todayIn(app.services.clock.now())),
  });
}
