import { effectiveDateBounds, formatDate, movedPeriod, todayIn } from '../../../engine/index.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { timeZoneOf } from '../../form-check/request-rule-context.ts';
import { HttpError } from '../../http/http-error.ts';
import { openForRenewal, settleCalendar, movePolicy, mailingAddressLine, type MailingAddress, requireVisiblePolicy, POLICY_TEXTS, canMovePolicy, policyPastTense, statusOnDay } from '../../lifecycle/index.ts';
import { currentTerms, insertRevision, ratingOfRevision } from '../policy-endorsements/revision-repository.ts';
import { NON_PREMIUM_TEXTS } from './non-premium-texts.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Non-premium endorsements (spec 002 section 7: PUT nonpremium/{policyId}; section 4: non-premium edits): the
 * named insured and the mailing address printed on a policy in force change, the terms and premium do not. The
 * change is a policy event, an audit entry and a revision (kind NON_PREMIUM) in the policy's revisions.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, definitions } = services;

  return {
    async editPolicyNonPremium(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const namedInsured = text(body.namedInsured);
      const address: MailingAddress | null = text(body.address1) || text(body.city)
        ? { address1: text(body.address1), city: text(body.city), state: text(body.state) || null, zip: text(body.zip) || null }
        : null;
      if (address && (!address.address1 || !address.city)) {
        throw new HttpError(400, NON_PREMIUM_TEXTS.addressIncomplete, { errors: [{ field: address.address1 ? 'city' : 'address1', message: NON_PREMIUM_TEXTS.addressIncomplete }] });
      }
      const today = todayIn(clock.now(), timeZoneOf(request));
      const number = await db.transaction(async (tx) => {
        await settleCalendar(tx, today, clock.now());
        const policy = await requireVisiblePolicy(tx, caller, request.params.id, true);
        if (!canMovePolicy('nonPremium', policy.status)) throw new HttpError(409, POLICY_TEXTS.notAvailable(policyPastTense('nonPremium'), policy.status));
        const [account] = await tx.query<{ name: string }>('SELECT name FROM accounts WHERE id = $1', [policy.account_id]);
        // The account's own name is no override: the policy follows the account again.
        const insured = namedInsured && namedInsured !== account!.name ? namedInsured : null;
        const sameAddress = JSON.stringify(address) === JSON.stringify(policy.mailing_address);
        if (insured === policy.named_insured && sameAddress) throw new HttpError(400, NON_PREMIUM_TEXTS.noChange);
        const terms = await currentTerms(tx, policy);
        const changes = [
          ...(insured !== policy.named_insured ? [`Named insured: ${insured ?? account!.name}`] : []),
          ...(!sameAddress ? [`Mailing address: ${address ? mailingAddressLine(address) : 'the account\'s address'}`] : []),
        ];
        await insertRevision(tx, {
          policyId: policy.id, revision: terms.revision + 1, kind: 'NON_PREMIUM', endorsementDate: today < policy.effective_date ? policy.effective_date : today,
          aggLimit: terms.aggLimit, deductible: terms.deductible, annualPremium: terms.annualPremium, annualTotal: terms.annualTotal,
          premiumChange: '0.00', totalChange: '0.00', description: changes.join('; '), request: terms.request,
          rating: await ratingOfRevision(tx, policy.id, terms.revision), userId: caller.userId, at: clock.now(),
        });
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'nonPremium', {
          update: { named_insured: insured, mailing_address: address ? JSON.stringify(address) : null },
          detail: { revision: terms.revision + 1, from: { namedInsured: policy.company_name, mailingAddress: policy.mailing_address }, to: { namedInsured: insured ?? account!.name, mailingAddress: address } },
        });
        return policy.policy_number;
      });
      return { message: NON_PREMIUM_TEXTS.changed(number) };
    },

    /**
     * Moves a policy in force to start on another day (spec 002 section 7: PUT nonpremium/{policyId}/date): a
     * date bound in error set right by provider staff. The period keeps its length, so the premium, invoices and
     * commissions stand; the new day falls in the coverage start window a new quote has. A policy whose terms
     * moved since issue (endorsements), with excess layers above it or a renewal quoted keeps its dates: those
     * were priced on them. Kept as a NON_PREMIUM revision, a policy event and an audit entry.
     */
    async changePolicyDates(request) {
      const caller = callerOf(request);
      const effectiveDate = String(checkedBodyOf(request).effectiveDate ?? '');
      const today = todayIn(clock.now(), timeZoneOf(request));
      // Definitions are read before the transaction: the embedded database has one connection.
      const registry = (await definitions.current()).registry();
      const moved = await db.transaction(async (tx) => {
        await settleCalendar(tx, today, clock.now());
        const policy = await requireVisiblePolicy(tx, caller, request.params.id, true);
        if (!canMovePolicy('policyDates', policy.status)) throw new HttpError(409, POLICY_TEXTS.notAvailable(policyPastTense('policyDates'), policy.status));
        const locale = registry.edition(policy.edition).locale;
        const { minEffectiveDate, maxEffectiveDate } = effectiveDateBounds(today);
        if (effectiveDate < minEffectiveDate || effectiveDate > maxEffectiveDate) {
          const message = NON_PREMIUM_TEXTS.outsideStartWindow(formatDate(minEffectiveDate, locale), formatDate(maxEffectiveDate, locale));
          throw new HttpError(400, message, { errors: [{ field: 'effectiveDate', message }] });
        }
        if (effectiveDate === policy.effective_date) throw new HttpError(400, NON_PREMIUM_TEXTS.sameDates, { errors: [{ field: 'effectiveDate', message: NON_PREMIUM_TEXTS.sameDates }] });
        const [priced] = await tx.query<{ endorsed: boolean; excess: boolean; renewal: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM policy_revisions WHERE policy_id = $1 AND kind IN ('ENDORSEMENT', 'REVERT')) AS endorsed,
             EXISTS (SELECT 1 FROM policy_excess_layers WHERE policy_id = $1 AND status = 'ISSUED') AS excess,
             EXISTS (SELECT 1 FROM quotes WHERE renewal_of_policy_id = $1) AS renewal`,
          [policy.id],
        );
        if (priced!.endorsed) throw new HttpError(409, NON_PREMIUM_TEXTS.endorsed);
        if (priced!.excess) throw new HttpError(409, NON_PREMIUM_TEXTS.excessLayers);
        if (priced!.renewal) throw new HttpError(409, NON_PREMIUM_TEXTS.renewalStarted);
        const period = movedPeriod({ effectiveDate: policy.effective_date, endDate: policy.end_date }, effectiveDate);
        const terms = await currentTerms(tx, policy);
        await insertRevision(tx, {
          policyId: policy.id, revision: terms.revision + 1, kind: 'NON_PREMIUM', endorsementDate: today < period.effectiveDate ? period.effectiveDate : today,
          aggLimit: terms.aggLimit, deductible: terms.deductible, annualPremium: terms.annualPremium, annualTotal: terms.annualTotal,
          premiumChange: '0.00', totalChange: '0.00', description: `Policy period: ${period.effectiveDate} to ${period.endDate} (was ${policy.effective_date} to ${policy.end_date})`,
          request: terms.request, rating: await ratingOfRevision(tx, policy.id, terms.revision), userId: caller.userId, at: clock.now(),
        });
        const status = statusOnDay(period, today);
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'policyDates', {
          status,
          update: { effective_date: period.effectiveDate, end_date: period.endDate, is_open_for_renewal: openForRenewal(period.endDate, today, policy.renewal_opted_out_at !== null) },
          detail: { revision: terms.revision + 1, from: { effectiveDate: policy.effective_date, endDate: policy.end_date }, to: period },
        });
        return { number: policy.policy_number, from: formatDate(period.effectiveDate, locale), to: formatDate(period.endDate, locale) };
      });
      return { message: NON_PREMIUM_TEXTS.datesChanged(moved.number, moved.from, moved.to) };
    },
  };
};
