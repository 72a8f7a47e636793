import { formatMoney } from '../../../engine/index.ts';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { POLICYHOLDER_LINK_TTL_MS } from '../../constants.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { publicLink } from '../../mail/public-link.ts';
import { amountDueOf, findVisiblePolicy, policyholderUser, type Policyholder } from '../../lifecycle/index.ts';
import type { FastifyRequest } from 'fastify';

export const ACCOUNTING_TEXTS = {
  policyNotFound: 'Policy not found.',
  nothingDue: 'Nothing is due on this policy: there is no invoice to send.',
  sent: (email: string) => `Invoice sent to ${email}.`,
  reminded: (email: string) => `Payment reminder sent to ${email}.`,
} as const;

/** The one-time-code flow that leads a payer to a policy's payment page (spec 000 E_PAY). */
const PAYMENT_FLOW = 'E_PAY';

/**
 * Send invoice to accounting (spec 002 section 3 'Accounting send'): the payer's accounting contact becomes a
 * user of the client account (so the tenant rule gives them its policies and nothing else) and is e-mailed
 * the invoice with a one-time-code link to /policy/{id}/accountant-payment; a copy goes to the customer's
 * address when given. The link lasts as long as a sent quote's at most (POLICYHOLDER_LINK_TTL_MS).
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, mailer, config, definitions } = services;

  /**
   * Gives a payer a one-time-code link to the policy's payment page, while something is due: they become a
   * user of the client account, the link is an E_PAY workflow, and the sending is audited as `action`.
   */
  async function payerLink(request: FastifyRequest, policyId: string, contact: Policyholder, action: string, extra: Record<string, unknown>) {
    const caller = callerOf(request);
    return db.transaction(async (tx) => {
      const policy = await findVisiblePolicy(tx, caller, policyId, true);
      if (!policy) throw notFound(ACCOUNTING_TEXTS.policyNotFound);
      const due = await amountDueOf(tx, policy);
      if (Number(due) <= 0) throw new HttpError(409, ACCOUNTING_TEXTS.nothingDue);
      const userId = await policyholderUser(tx, clock, { accountId: policy.account_id, contact, actorUserId: caller.userId, address: request.ip });
      const now = clock.now();
      const [workflow] = await tx.query<{ id: string }>(
        `INSERT INTO workflows (flow, user_id, email, phone, redirect_url, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [PAYMENT_FLOW, userId, contact.email, contact.phone, `/policy/${policy.id}/accountant-payment`, now, new Date(now.getTime() + POLICYHOLDER_LINK_TTL_MS)],
      );
      await audit(tx, clock, {
        actorUserId: caller.userId, action, target: policy.id, address: request.ip,
        detail: { policyNumber: policy.policy_number, to: contact.email, amountDue: due, workflowId: workflow!.id, ...extra },
      });
      return { policy, due, workflowId: workflow!.id };
    });
  }

  return {
    async sendInvoiceToAccounting(request) {
      const body = checkedBodyOf(request);
      const contact = { firstName: String(body.firstName), lastName: String(body.lastName), email: String(body.email).toLowerCase(), phone: String(body.phone) };
      const registry = (await definitions.current()).registry();
      const sent = await payerLink(request, String(body.policyId), contact, 'billing.invoice-sent', { copyTo: body.customerEmail ?? null });
      // After the commit: a mail never points at a link that a rollback took away.
      const { policy, due, workflowId } = sent;
      const amount = formatMoney(Number(due), registry.edition(policy.edition));
      const text = [
        `Hello ${contact.firstName},`,
        '',
        `${policy.agency_name} has sent you the invoice for policy ${policy.policy_number} of ${policy.company_name}: ${amount} is due.`,
        `Pay it, by card, bank account or transfer, here: ${publicLink(config, policy.edition, `/validate/${workflowId}`)}`,
        '',
        'For your security the page asks for a one-time code, which we send to this address when you ask for it.',
      ].join('\n');
      await mailer.sendMail({ to: contact.email, subject: `Invoice for policy ${policy.policy_number}`, text });
      if (body.customerEmail) {
        await mailer.sendMail({ to: String(body.customerEmail), subject: `Copy: invoice for policy ${policy.policy_number}`, text: `A copy of the invoice sent to ${contact.firstName} ${contact.lastName} (${contact.email}): ${amount} is due on policy ${policy.policy_number}.` });
      }
      return { message: ACCOUNTING_TEXTS.sent(contact.email), sentTo: contact.email };
    },

    async sendPaymentReminder(request) {
      const caller = callerOf(request);
      const found = await findVisiblePolicy(db, caller, request.params.policyId);
      if (!found) throw notFound(ACCOUNTING_TEXTS.policyNotFound);
      // The reminder goes to the policy's contact (spec 002 section 3 Policy contact).
      const contact = { firstName: found.contact_first_name, lastName: found.contact_last_name, email: found.contact_email.toLowerCase(), phone: found.contact_phone };
      const registry = (await definitions.current()).registry();
      const { policy, due, workflowId } = await payerLink(request, found.id, contact, 'billing.payment-reminder-sent', {});
      const amount = formatMoney(Number(due), registry.edition(policy.edition));
      await mailer.sendMail({
        to: contact.email,
        subject: `Payment reminder: policy ${policy.policy_number}`,
        text: [
          `Hello ${contact.firstName},`,
          '',
          `This is a reminder that ${amount} is due on policy ${policy.policy_number} of ${policy.company_name}.`,
          `Pay it, by card, bank account or transfer, here: ${publicLink(config, policy.edition, `/validate/${workflowId}`)}`,
          '',
          'For your security the page asks for a one-time code, which we send to this address when you ask for it.',
        ].join('\n'),
      });
      return { message: ACCOUNTING_TEXTS.reminded(contact.email), sentTo: contact.email };
    },
  };
};
