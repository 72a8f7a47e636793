import { todayIn } from '../../../engine/index.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { timeZoneOf } from '../../form-check/request-rule-context.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { settleCalendar } from '../policies/policy-calendar.ts';
import { movePolicy } from '../policies/policy-changes.ts';
import { mailingAddressLine } from '../policies/policy-documents.ts';
import { findVisiblePolicy, type MailingAddress } from '../policies/policy-repository.ts';
import { POLICY_TEXTS } from '../policies/policy-texts.ts';
import { canMovePolicy, policyPastTense } from '../policies/policy-transitions.ts';
import { currentTerms, insertRevision, ratingOfRevision } from '../policy-endorsements/revision-repository.ts';
import { NON_PREMIUM_TEXTS } from './non-premium-texts.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Non-premium endorsements (spec 002 section 7: PUT nonpremium/{policyId}; section 4: non-premium edits): the
 * named insured and the mailing address printed on a policy in force change, the terms and premium do not. The
 * change is a policy event, an audit entry and a revision (kind NON_PREMIUM) in the policy's revisions.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock } = services;

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
        const policy = await findVisiblePolicy(tx, caller, request.params.id, true);
        if (!policy) throw notFound(POLICY_TEXTS.notFound);
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
  };
};
