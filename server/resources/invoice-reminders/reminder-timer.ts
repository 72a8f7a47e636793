import type { FastifyInstance } from 'fastify';
import { todayIn } from '../../../engine/index.ts';
import { INVOICE_REMINDER_SWEEP_MS } from '../../constants.ts';
import { sendDueInvoiceReminders } from './send-due-invoice-reminders.ts';

/**
 * Runs the invoice reminder sweep every `intervalMs` for as long as the server runs (server/main.ts; tests
 * build the app without it and call the sweep themselves). Unref'd, so the timer alone never keeps the
 * process alive, and stopped when the app closes. A sweep still running when the next is due is not doubled:
 * the reminders would be safe (each is claimed once), the work would not. Call before the app is ready.
 */
export function scheduleInvoiceReminders(app: FastifyInstance, intervalMs: number = INVOICE_REMINDER_SWEEP_MS): void {
  let running: Promise<void> | null = null;
  const sweep = async () => {
    try {
      const sent = await sendDueInvoiceReminders(app.services, todayIn(app.services.clock.now()));
      if (sent > 0) app.log.info({ sent }, 'Invoice reminders sent');
    } catch (error) {
      app.log.error({ err: error }, 'The invoice reminder sweep failed; the next one tries again');
    } finally {
      running = null;
    }
  };
  const timer = setInterval(() => {
    running ??= sweep();
  }, intervalMs);
  timer.unref();
  // A sweep under way finishes before the database behind it is closed.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
