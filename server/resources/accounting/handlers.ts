import { amountDue, formatMoney } from '../../../engine/index.ts';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { DAY } from '../../clock.ts';
import { POLICYHOLDER_LINK_TTL_MS } from '../../constants.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { liveFinancingOf, owedByPayer } from '../financing/financing-repository.ts';
import { transactionsOf } from '../payments/transaction-repository.ts';
import { findVisiblePolicy } from '../policies/policy-repository.ts';
import { policyholderUser } from '../quote-review/policyholder-access.ts';

export const ACCOUNTING_TEXTS = {
  policyNotFound: 'Policy not found.',
  nothingDue: 'Nothing is due on this policy: there is no invoice to send.',
  sent: (email: string) => `Invoice sent to ${email}.`,
} as const;

/** The one-time-code flow that leads a payer to a policy's payment page (spec 000 E_PAY). */
const PAYMENT_FLOW = 'E_PAY';

/**
 * Send invoice to accounting (spec 002 section 3 'Accounting send'): the payer's accounting contact becomes a
 * user of the client account (so the tenant rule gives them its policies and nothing else) and is e-mailed
 * the invoice with a one-time-code link to /policy/{id}/accountant-payment; a copy goes to the customer's
 * address when given. The link lasts as long as a sent quote's.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, mailer, config, definitions } = services;
  return {
    async sendInvoiceToAccounting(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const contact = { firstName: String(body.firstName), lastName: String(body.lastName), email: String(body.email).toLowerCase(), phone: String(body.phone) };
      const registry = (await definitions.current()).registry();
      const sent = await db.transaction(async (tx) => {
        const policy = await findVisiblePolicy(tx, caller, String(body.policyId), true);
        if (!policy) throw notFound(ACCOUNTING_TEXTS.policyNotFound);
        const payments = (await transactionsOf(tx, policy.id)).map((row) => ({ status: row.status, amount: row.amount_paid }));
        const due = amountDue(owedByPayer(policy.total_premium, await liveFinancingOf(tx, policy.id)), payments);
        if (Number(due) <= 0) throw new HttpError(409, ACCOUNTING_TEXTS.nothingDue);
        const userId = await policyholderUser(tx, clock, { accountId: policy.account_id, contact, actorUserId: caller.userId, address: request.ip });
        const now = clock.now();
        const [workflow] = await tx.query<{ id: string }>(
          `INSERT INTO workflows (flow, user_id, email, phone, redirect_url, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [PAYMENT_FLOW, userId, contact.email, contact.phone, `/policy/${policy.id}/accountant-payment`, now, new Date(now.getTime() + Math.max(DAY, POLICYHOLDER_LINK_TTL_MS))],
        );
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'billing.invoice-sent', target: policy.id, address: request.ip,
          detail: { policyNumber: policy.policy_number, to: contact.email, copyTo: body.customerEmail ?? null, amountDue: due, workflowId: workflow!.id },
        });
        return { policy, due, workflowId: workflow!.id };
      });
      // After the commit: a mail never points at a link that a rollback took away.
      const { policy, due, workflowId } = sent;
      const amount = formatMoney(Number(due), registry.edition(policy.edition));
      const text = [
        `Hello ${contact.firstName},`,
        '',
        `${policy.agency_name} has sent you the invoice for policy ${policy.policy_number} of ${policy.company_name}: ${amount} is due.`,
        `Pay it, by card, bank account or transfer, here: ${config.publicUrl}/validate/${workflowId}`,
        '',
        'For your security the page asks for a one-time code, which we send to this address when you ask for it.',
      ].join('\n');
      await mailer.sendMail({ to: contact.email, subject: `Invoice for policy ${policy.policy_number}`, text });
      if (body.customerEmail) {
        await mailer.sendMail({ to: String(body.customerEmail), subject: `Copy: invoice for policy ${policy.policy_number}`, text: `A copy of the invoice sent to ${contact.firstName} ${contact.lastName} (${contact.email}): ${amount} is due on policy ${policy.policy_number}.` });
      }
      return { message: ACCOUNTING_TEXTS.sent(contact.email), sentTo: contact.email };
    },
  };
};
