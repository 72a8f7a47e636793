import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { DEFAULT_COMMISSION_RATE } from '../../constants.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { HttpError } from '../../http/http-error.ts';
import { setAccountStatus } from '../../resources/accounts/account-status.ts';
import { notifyHandOver } from '../quotes/hand-overs.ts';
import { moveQuote } from '../quotes/quote-changes.ts';
import { publishedRater } from '../quotes/quote-rating.ts';
import { openForRenewal } from '../calendar/policy-calendar.ts';
import { keepIssuedVersion, LIVING_DOCUMENTS } from '../../resources/documents/document-versions.ts';
import { invoiceFile } from '../payments/invoice-file.ts';
import { nextPolicyNumber, recordPolicyEvent } from '../policies/policy-repository.ts';
import { POLICY_TEXTS } from '../policies/policy-texts.ts';
import { insuredAccessOf, setPasswordLinkPath } from '../policies/insured-access.ts';
import { policyIssuedMail } from '../policies/policy-issued-mail.ts';
import { keepReceipt } from '../payments/issued-receipts.ts';
import { statusOnDay } from '../policies/policy-transitions.ts';
import { policyHandlerContext } from '../policies/policy-handler-context.ts';
import { declarationsFile } from '../policies/policy-files.ts';

/**
 * Issuing the policy from its binder (spec 002 section 3): one policy per quote, the bound terms and money
 * copied so account changes never move a contract in force, the binder's payments' receipts and the invoice kept
 * as issued, the insured told. Its own sub-module because it reaches payments, which read policies.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, definitions, mailer, config } = services;
  const { settle, todayOf, visibleQuote, readablePolicy, policyDetail, editionOf } = policyHandlerContext(services);

  return {
    async issuePolicy(request) {
      const caller = callerOf(request);
      const { quoteId } = request.params;
      const today = todayOf(request);
      await settle();
      const issued = await db.transaction(async (tx) => {
        const quote = await visibleQuote(caller, quoteId, tx, true);
        if (quote.status === 'BINDER EXPIRED') throw new HttpError(409, POLICY_TEXTS.binderExpired);
        const [binder] = await tx.query<{ binder_expires_on: string | null }>('SELECT binder_expires_on::text AS binder_expires_on FROM quotes WHERE id = $1', [quote.id]);
        if (quote.status === 'BOUND' && binder?.binder_expires_on && binder.binder_expires_on < today) throw new HttpError(409, POLICY_TEXTS.binderExpired);
        const now = clock.now();
        const policyNumber = await nextPolicyNumber(tx, now);
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'issue', { detail: { policyNumber } });
        const effectiveDate = String(quote.effective_date).slice(0, 10);
        const endDate = String(quote.end_date).slice(0, 10);
        const status = statusOnDay({ effectiveDate, endDate }, today);
        // The policy's broker fee is all the broker's fees (the broker fee and the additional one): what financing leaves out.
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO policies (policy_number, quote_id, account_id, agency_id, agent_user_id, team_id, edition, product, status, currency, is_surplus,
             effective_date, end_date, agg_limit, deductible, premium, total_premium, surplus_line_tax, surplus_stamping_fee, broker_fee, mga_fee,
             commission_rate, contact_first_name, contact_last_name, contact_email, contact_phone, is_open_for_renewal, issued_by, issued_at, created_at, modified_at)
           SELECT $1, q.id, q.account_id, q.agency_id, q.agent_user_id, q.team_id, q.edition, q.product, $2, q.currency, q.is_surplus,
             q.effective_date, q.end_date, q.agg_limit, q.deductible, q.premium, q.total_premium, q.surplus_line_tax, q.surplus_stamping_fee, q.broker_fee + q.additional_broker_fee, q.mga_fee,
             $3, coalesce(q.customer_first_name, ''), coalesce(q.customer_last_name, ''), coalesce(q.customer_email, ''), coalesce(q.customer_phone, ''),
             $4, $5, $6, $6, $6
           FROM quotes q WHERE q.id = $7 RETURNING id`,
          [policyNumber, status, DEFAULT_COMMISSION_RATE, status !== 'EXPIRED' && openForRenewal(endDate, today, false), caller.userId, now, quote.id],
        );
        await recordPolicyEvent(tx, { policyId: row!.id, from: null, to: status, action: 'issue', detail: { quoteNumber: quote.quote_number }, userId: caller.userId, at: now });
        // What was paid on the binder is paid on its policy now (binder payments: payment_transactions.quote_id).
        const binderPayments = await tx.query<{ id: string }>(
          'UPDATE payment_transactions SET policy_id = $1, modified_at = $2 WHERE quote_id = $3 AND policy_id IS NULL RETURNING id',
          [row!.id, now, quote.id],
        );
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'policy.issue', target: row!.id, address: request.ip,
          detail: { policyNumber, quoteId: quote.id, accountId: quote.account_id, totalPremium: quote.total_premium },
        });
        await setAccountStatus(tx, quote.account_id, 'Active Policy', now);
        // The insured named on the quote gets a way into the console to open the policy (policy-issued-mail.ts).
        const access = quote.customer_email
          ? await insuredAccessOf(tx, clock, {
            accountId: quote.account_id, actorUserId: caller.userId, address: request.ip,
            insured: { firstName: quote.customer_first_name ?? '', lastName: quote.customer_last_name ?? '', email: quote.customer_email, phone: quote.customer_phone },
          })
          : null;
        // A renewal issued: the policy it renews is no longer open for renewal, and says so in its history.
        const [renewed] = await tx.query<{ id: string; status: string }>(
          `UPDATE policies p SET is_open_for_renewal = false, modified_at = $2 FROM quotes q WHERE q.id = $1 AND p.id = q.renewal_of_policy_id RETURNING p.id, p.status`,
          [quote.id, now],
        );
        if (renewed) await recordPolicyEvent(tx, { policyId: renewed.id, from: renewed.status, to: renewed.status, action: 'renewalIssued', detail: { policyNumber }, userId: caller.userId, at: now });
        return { id: row!.id, policyNumber, quote, access, binderPayments: binderPayments.map((payment) => payment.id) };
      });
      const { quote, policyNumber } = issued;
      // A binder's payment had no policy to print on its receipt; now it has, so its receipt is kept from here on
      // (keepReceipt leaves anything but a Paid payment alone).
      for (const transactionId of issued.binderPayments) await keepReceipt(services, request.log, transactionId);
      // The declarations and the invoice as issued are their entries' version 1, whether or not anyone downloads them now.
      const policy = await readablePolicy(caller, issued.id);
      const edition = await editionOf(policy.edition);
      await keepIssuedVersion(db, { living: LIVING_DOCUMENTS.policy(policy), at: clock.now(), log: request.log },
        async () => declarationsFile(db, policy, await publishedRater(definitions, policy.edition), edition));
      await keepIssuedVersion(db, { living: LIVING_DOCUMENTS.invoice(policy), at: clock.now(), log: request.log }, async () => invoiceFile(db, policy, edition, await publishedRater(definitions, policy.edition)));
      if (quote.customer_email && issued.access) {
        // After the commit: a mail never points at a link that a rollback took away.
        const setPassword = issued.access.kind === 'SET_PASSWORD' ? await setPasswordLinkPath(db, clock, issued.access.userId) : null;
        await mailer.sendMail(policyIssuedMail({
          policyId: issued.id, policyNumber, companyName: quote.company_name, agencyName: quote.agency_name, to: quote.customer_email, firstName: quote.customer_first_name,
          effectiveDate: String(quote.effective_date).slice(0, 10), endDate: String(quote.end_date).slice(0, 10),
        }, issued.access, setPassword, edition, config));
      }
      await notifyHandOver(services, caller, quoteId, 'issue');
      return { policy: await policyDetail(caller, issued.id), message: POLICY_TEXTS.issued(policyNumber) };
    },
  };
};
