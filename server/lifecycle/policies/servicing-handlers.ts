import { flatCancelReturnPremium, formatDate, proRataReturnPremium } from '../../../engine/index.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError } from '../../http/http-error.ts';
import { openForRenewal } from '../calendar/policy-calendar.ts';
import { movePolicy } from './policy-changes.ts';
import { POLICY_TEXTS } from './policy-texts.ts';
import { IN_FORCE, statusAfterCancellation, statusOnDay } from './policy-transitions.ts';
import { policyHandlerContext } from './policy-handler-context.ts';

/**
 * A policy's servicing (spec 002 section 4): cancel, flat cancel, void, undo a cancellation, request one, Check
 * In Mail and the policyholder contact; each a change of one policy with its history and audit.
 */
export const servicingHandlers: HandlerModule = (services) => {
  const { clock, definitions } = services;
  const { todayOf, changePolicy } = policyHandlerContext(services);

  return {
    async cancelPolicy(request) {
      const body = checkedBodyOf(request);
      const today = todayOf(request);
      // Read before the transaction: the definitions come from the database, whose one embedded connection the transaction holds.
      const registry = (await definitions.current()).registry();
      return changePolicy(request, async (tx, caller, policy) => {
        const day = String(body.cancellationDate);
        if (day < policy.effective_date || day > policy.end_date) throw new HttpError(400, POLICY_TEXTS.cancellationOutsideTerm);
        const returnPremium = proRataReturnPremium(policy.premium, { effectiveDate: policy.effective_date, endDate: policy.end_date }, day);
        const status = statusAfterCancellation(day, today);
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'cancel', {
          status,
          update: {
            cancellation_date: day, cancellation_reason: String(body.reason), return_premium: returnPremium, is_open_for_renewal: false,
            status_before_cancellation: IN_FORCE.includes(policy.status) ? policy.status : policy.status_before_cancellation,
            // A cancellation set here replaces a notice of cancellation the policy was under.
            noc_reason: null, noc_issued_at: null,
          },
          detail: { cancellationDate: day, reason: String(body.reason), returnPremium },
        });
        const edition = registry.edition(policy.edition);
        return status === 'CANCELLED' ? POLICY_TEXTS.cancelled(policy.policy_number) : POLICY_TEXTS.cancelPending(policy.policy_number, formatDate(day, edition.locale));
      }, 'cancel');
    },

    async flatCancelPolicy(request) {
      const body = checkedBodyOf(request);
      return changePolicy(request, async (tx, caller, policy) => {
        const returnPremium = flatCancelReturnPremium(policy.premium);
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'flatCancel', {
          status: 'FLAT CANCELLED',
          update: {
            cancellation_date: policy.effective_date, cancellation_reason: String(body.reason), return_premium: returnPremium, is_open_for_renewal: false,
            status_before_cancellation: IN_FORCE.includes(policy.status) ? policy.status : policy.status_before_cancellation,
          },
          detail: { reason: String(body.reason), returnPremium },
        });
        return POLICY_TEXTS.flatCancelled(policy.policy_number);
      }, 'flatCancel');
    },

    async voidPolicy(request) {
      const body = checkedBodyOf(request);
      return changePolicy(request, async (tx, caller, policy) => {
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'void', {
          status: 'VOID', update: { cancellation_reason: String(body.reason), is_open_for_renewal: false }, detail: { reason: String(body.reason) },
        });
        return POLICY_TEXTS.voided(policy.policy_number);
      }, 'void');
    },

    async undoPolicyCancellation(request) {
      const today = todayOf(request);
      return changePolicy(request, async (tx, caller, policy) => {
        const status = statusOnDay({ effectiveDate: policy.effective_date, endDate: policy.end_date }, today);
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'undoCancellation', {
          status,
          update: {
            cancellation_date: null, cancellation_reason: null, return_premium: null, status_before_cancellation: null, noc_reason: null, noc_issued_at: null,
            is_open_for_renewal: status !== 'EXPIRED' && openForRenewal(policy.end_date, today, policy.renewal_opted_out_at !== null),
          },
          detail: { cancellationDate: policy.cancellation_date, returnPremium: policy.return_premium },
        });
        return POLICY_TEXTS.reinstated(policy.policy_number);
      }, 'undoCancellation');
    },

    async requestPolicyCancellation(request) {
      const body = checkedBodyOf(request);
      return changePolicy(request, async (tx, caller, policy) => {
        const day = String(body.cancellationDate);
        if (day < policy.effective_date || day > policy.end_date) throw new HttpError(400, POLICY_TEXTS.cancellationOutsideTerm);
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'requestCancellation', {
          status: 'CANCEL REQUESTED',
          update: { cancellation_date: day, cancellation_reason: String(body.reason), status_before_cancellation: policy.status },
          detail: { cancellationDate: day, reason: String(body.reason) },
        });
        return POLICY_TEXTS.cancellationRequested;
      }, 'requestCancellation');
    },

    async markPolicyCheckInMail(request) {
      return changePolicy(request, async (tx, caller, policy) => {
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'checkInMail', { update: { description: POLICY_TEXTS.checkInMailDescription } });
        return POLICY_TEXTS.checkInMail(policy.policy_number);
      });
    },

    async updatePolicyHolderContact(request) {
      const body = checkedBodyOf(request);
      return changePolicy(request, async (tx, caller, policy) => {
        const contact = {
          contact_first_name: String(body.contactFirstName), contact_last_name: String(body.contactLastName),
          contact_email: String(body.contactEmail).toLowerCase(), contact_phone: String(body.contactPhone),
        };
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'contact', {
          update: contact, detail: { before: { email: policy.contact_email, phone: policy.contact_phone }, after: { email: contact.contact_email, phone: contact.contact_phone } },
        });
        return POLICY_TEXTS.contactUpdated;
      });
    },

    // The plain certificate (no holder) is printed on demand as of the day, rendered each time; each day's copy
    // handed out is kept as a version (documents/document-versions.ts).
  };
};
