import { plusMoney } from '../../../engine/index.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { QUOTABLE_STATUSES, type AccountStatus } from '../../resources/accounts/account-status.ts';
import { QUOTE_TEXTS } from '../quotes/quote-texts.ts';
import { publishedRater, rateOrRefuse, ratingInputOf, type QuoteRequestBody } from '../quotes/quote-rating.ts';
import { referralDecision } from '../quotes/referral-decision.ts';
import { findQuotableAccount } from '../quotes/account-risk.ts';
import { insertQuote } from '../quotes/quote-store.ts';
import { openForRenewal } from '../calendar/policy-calendar.ts';
import { movePolicy } from './policy-changes.ts';
import { findVisiblePolicy, money } from './policy-repository.ts';
import { POLICY_TEXTS } from './policy-texts.ts';
import { boundRequestOf, renewalPrice, renewalRefusal, renewalRequestOf } from './policy-renewal.ts';
import { canMovePolicy } from './policy-transitions.ts';
import { policyHandlerContext } from './policy-handler-context.ts';

/** Renewal: opting out of and back into renewal, muting its reminders, the renewal offer and renewing. */
export const renewalHandlers: HandlerModule = (services) => {
  const { db, clock, definitions } = services;
  const { settle, todayOf, visiblePolicy, policyDetail, changePolicy } = policyHandlerContext(services);

  return {
    async optOutOfRenewal(request) {
      return changePolicy(request, async (tx, caller, policy) => {
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'optOut', { update: { renewal_opted_out_at: clock.now(), is_open_for_renewal: false, is_auto_renewal: false } });
        return POLICY_TEXTS.optedOut;
      });
    },

    async optOutOfRenewalInBulk(request) {
      const caller = callerOf(request);
      // No form binds a bulk action: the contract's schema checked the body (at most 100 ids).
      const ids = [...new Set(request.body.policyIds ?? [])];
      await settle();
      // One transaction: the chosen policies are opted out together or not at all. A policy out of reach, not in
      // force or already opted out is passed over (and counted), so the answer says nothing of another tenant's.
      const optedOut = await db.transaction(async (tx) => {
        let moved = 0;
        for (const id of ids) {
          const policy = await findVisiblePolicy(tx, caller, id, true);
          if (!policy || !canMovePolicy('optOut', policy.status) || policy.renewal_opted_out_at !== null) continue;
          await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'optOut', { update: { renewal_opted_out_at: clock.now(), is_open_for_renewal: false, is_auto_renewal: false } });
          moved += 1;
        }
        return moved;
      });
      return { message: POLICY_TEXTS.optedOutInBulk(optedOut, ids.length - optedOut), optedOut, skipped: ids.length - optedOut };
    },

    async optIntoRenewal(request) {
      const today = todayOf(request);
      return changePolicy(request, async (tx, caller, policy) => {
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'optIn', {
          update: { renewal_opted_out_at: null, is_auto_renewal: true, is_open_for_renewal: openForRenewal(policy.end_date, today, false) },
        });
        return POLICY_TEXTS.optedIn;
      });
    },

    async muteRenewalReminders(request) {
      return changePolicy(request, async (tx, caller, policy) => {
        // A toggle: the same action mutes and turns the reminders back on.
        const muted = !policy.renewal_reminders_muted;
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'muteReminders', { update: { renewal_reminders_muted: muted }, detail: { muted } });
        return muted ? POLICY_TEXTS.remindersMuted : POLICY_TEXTS.remindersUnmuted;
      });
    },

    async getPolicyRenewal(request) {
      const caller = callerOf(request);
      await settle();
      const policy = await visiblePolicy(caller, request.params.id);
      const account = await findQuotableAccount(db, caller, policy.account_id);
      if (!account) throw notFound(POLICY_TEXTS.notFound);
      const refusal = await renewalRefusal(db, policy);
      const body = renewalRequestOf(policy, await boundRequestOf(db, policy));
      // Priced as Create Renewal Quote would price it now; a rater that refuses the cover says why instead.
      const rater = await publishedRater(definitions, policy.edition);
      const rated = renewalPrice(body, account, rater);
      const notQuotable = QUOTABLE_STATUSES.has(account.status as AccountStatus) ? null : QUOTE_TEXTS.notEligible;
      const totalPremium = rated.ok ? rated.totalPremium : null;
      return {
        id: policy.id, policyNumber: policy.policy_number, companyName: policy.company_name, accountId: policy.account_id,
        product: policy.product, productName: rater.allProducts.get(policy.product)?.title ?? policy.product, currency: policy.currency as 'USD' | 'GBP', aggLimit: money(policy.agg_limit)!, deductible: money(policy.deductible)!,
        expiringEffectiveDate: policy.effective_date, expiringEndDate: policy.end_date, expiringPremium: money(policy.total_premium)!,
        effectiveDate: body.effectiveDate, endDate: body.endDate, totalPremium,
        premiumChange: totalPremium === null ? null : plusMoney(totalPremium, `-${money(policy.total_premium)!}`),
        blockedReason: refusal?.reason ?? notQuotable ?? (rated.ok ? null : rated.reason),
        renewalQuoteId: refusal?.quoteId ?? null,
        request: body,
      };
    },

    async renewPolicy(request) {
      const caller = callerOf(request);
      const { id } = request.params;
      await settle();
      const before = await visiblePolicy(caller, id);
      // Read before the transaction: the published rater comes from the database.
      const rater = await publishedRater(definitions, before.edition);
      const today = todayOf(request);
      const created = await db.transaction(async (tx) => {
        const policy = await visiblePolicy(caller, id, tx, true);
        const refusal = await renewalRefusal(tx, policy);
        if (refusal) throw new HttpError(409, refusal.reason);
        const account = await findQuotableAccount(tx, caller, policy.account_id);
        if (!account) throw notFound(POLICY_TEXTS.notFound);
        if (!QUOTABLE_STATUSES.has(account.status as AccountStatus)) throw new HttpError(409, QUOTE_TEXTS.notEligible);
        // The same cover for the next period, or the cover the agent chose for it (the custom-quote step), priced
        // by the rater in force for it. A chosen cover is a new risk: the referral rules apply to it as to any quote.
        const chosen = request.body as QuoteRequestBody | undefined;
        if (chosen && (chosen.accountId !== policy.account_id || chosen.product !== policy.product)) throw new HttpError(400, POLICY_TEXTS.renewalCoverMismatch);
        const body = renewalRequestOf(policy, chosen ?? (await boundRequestOf(tx, policy)));
        const rating = rateOrRefuse(ratingInputOf(body, account), rater);
        const referral = chosen ? referralDecision(rating, clock.now()) : null;
        const quoteId = await insertQuote(tx, { caller, account, body, rating, status: referral ? 'REFERRED' : 'READY', inCart: false, today, at: clock.now() });
        if (referral) await tx.query('UPDATE quotes SET decision = $2 WHERE id = $1', [quoteId, JSON.stringify(referral)]);
        const [quote] = await tx.query<{ quote_number: string }>(
          'UPDATE quotes SET is_renewal = true, renewal_of_policy_id = $2 WHERE id = $1 RETURNING quote_number', [quoteId, policy.id],
        );
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'renew', { detail: { quoteId, quoteNumber: quote!.quote_number, totalPremium: rating.totalPremium } });
        return { quoteId, quoteNumber: quote!.quote_number };
      });
      return { policy: await policyDetail(caller, id), message: POLICY_TEXTS.renewalQuoteCreated(created.quoteNumber), quoteId: created.quoteId };
    },
  };
};
