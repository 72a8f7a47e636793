import { todayIn } from '../../../../engine/index.ts';
import { callerOf } from '../../../auth/authenticate.ts';
import { PROVIDER_ACCOUNT_TYPE } from '../../../auth/session-context.ts';
import type { HandlerModule } from '../../../contract/handlers.ts';
import { forbidden, notFound } from '../../../http/http-error.ts';
import { movePolicy } from '../../policies/policy-changes.ts';
import { findVisiblePolicy } from '../../policies/policy-repository.ts';
import { INVOICE_REMINDER_TEXTS } from './invoice-reminder-texts.ts';
import { remindersOfPolicy } from './reminder-list.ts';
import { paymentDueDate } from '../../ledger/invoice-terms.ts';
import { sendDueInvoiceReminders } from './send-due-invoice-reminders.ts';

/**
 * Invoice reminders (spec 002 section 2 'Payment reminder', section 4 'toggle invoice reminder', section 7
 * toggle/invoiceReminder and invoiceReminder/{id}): the payer of a policy is e-mailed on fixed days around
 * the premium's due date while money is due (send-due-invoice-reminders.ts, run by the server's timer and on
 * demand here); billing turns a policy's reminders off or back on, a policy move with its event and audit
 * entry; anyone who reads the policy's billing sees the reminders sent.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock } = services;

  return {
    async toggleInvoiceReminder(request) {
      const caller = callerOf(request);
      const toggled = await db.transaction(async (tx) => {
        const policy = await findVisiblePolicy(tx, caller, request.query.policyId, true);
        if (!policy) throw notFound(INVOICE_REMINDER_TEXTS.policyNotFound);
        // A toggle, as the spec names it: the same call turns them off and back on.
        const off = !policy.invoice_reminders_off;
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'invoiceReminder', {
          update: { invoice_reminders_off: off }, detail: { invoiceRemindersOff: off },
        });
        return { off, policyNumber: policy.policy_number };
      });
      return { message: toggled.off ? INVOICE_REMINDER_TEXTS.turnedOff(toggled.policyNumber) : INVOICE_REMINDER_TEXTS.turnedOn(toggled.policyNumber) };
    },

    async listInvoiceReminders(request) {
      const policy = await findVisiblePolicy(db, callerOf(request), request.params.id);
      if (!policy) throw notFound(INVOICE_REMINDER_TEXTS.policyNotFound);
      const page = await remindersOfPolicy(db, policy.id, request.query);
      return { ...page, policyId: policy.id, remindersOn: !policy.invoice_reminders_off, dueDate: paymentDueDate(policy.issued_at) };
    },

    async runInvoiceReminders(request) {
      // The sweep reaches every tenant's policies: the provider's billing staff only, whatever a role may grant.
      if (callerOf(request).subscriberType !== PROVIDER_ACCOUNT_TYPE) throw forbidden(INVOICE_REMINDER_TEXTS.providerOnly);
      const sent = await sendDueInvoiceReminders(services, todayIn(clock.now()));
      return { sent, message: INVOICE_REMINDER_TEXTS.sent(sent) };
    },
  };
};
