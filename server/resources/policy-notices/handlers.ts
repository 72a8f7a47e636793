import { addDays, formatDate, proRataReturnPremium, todayIn, type Edition } from '../../../engine/index.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { NOC_REASONS } from '../../constants.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { timeZoneOf } from '../../form-check/request-rule-context.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { publicLink } from '../../mail/public-link.ts';
import type { Caller } from '../../services.ts';
import { issuedDocumentId, keepIssuedDocument, sendIssuedDocument, type IssuedFile } from '../documents/issued-documents.ts';
import { settleCalendar, openForRenewal, movePolicy, documentFileName, requireVisiblePolicy, type PolicyRow, POLICY_TEXTS, statusOnDay } from '../../lifecycle/index.ts';
import { noticeOfCancellationPdf } from './notice-document.ts';

/**
 * The kept copy of the notice a policy is under: one per notice given (a notice stopped and given again is
 * another notice), so the moment it was given is part of its id (migration 229 joins it the same way).
 */
function noticeDocumentId(policyId: string, givenAt: Date): string {
  return issuedDocumentId('notice', `${policyId}-${new Date(givenAt).getTime()}`);
}

async function noticeFile(policy: PolicyRow, edition: Edition): Promise<IssuedFile> {
  return { fileName: documentFileName(policy.company_name, policy.policy_number, 'Notice_of_Cancellation'), content: await noticeOfCancellationPdf(policy, edition) };
}

/**
 * Notice of cancellation (spec 002 'Policy actions': stop notice of cancellation; section 7 noc/reason and
 * noc/{policyId}). Provider staff give notice with a reason; the policy is CANCEL PENDING until the reason's
 * notice period ends, when the calendar cancels it with the pro-rata premium returned. The policy contact is
 * e-mailed the notice; the notice is a PDF on the policy, kept as it was given. Stopping the notice puts the
 * policy back in force. Each move is a policy event and an audit entry (policies/policy-changes.ts).
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, definitions, mailer, config } = services;

  async function lockedPolicy(caller: Caller, id: string, tx: Queryable): Promise<PolicyRow> {
    const policy = await requireVisiblePolicy(tx, caller, id, true);
    return policy;
  }

  async function visible(caller: Caller, id: string): Promise<PolicyRow> {
    const policy = await requireVisiblePolicy(db, caller, id);
    return policy;
  }

  return {
    async listNocReasons() {
      return Object.entries(NOC_REASONS).map(([value, reason]) => ({ value, label: reason.label, noticeDays: reason.noticeDays }));
    },

    async giveNoticeOfCancellation(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const code = String(body.reason ?? '');
      const reason = Object.hasOwn(NOC_REASONS, code) ? NOC_REASONS[code]! : null;
      if (!reason) throw new HttpError(400, POLICY_TEXTS.unknownNocReason, { errors: [{ field: 'reason', message: POLICY_TEXTS.unknownNocReason }] });
      const today = todayIn(clock.now(), timeZoneOf(request));
      // Read before the transaction: the definitions share the embedded database's one connection.
      const registry = (await definitions.current()).registry();
      const given = await db.transaction(async (tx) => {
        await settleCalendar(tx, today, clock.now());
        const policy = await lockedPolicy(caller, request.params.id, tx);
        // Notice running out before cover starts cancels the policy on its first day.
        const noticeEnds = addDays(today, reason.noticeDays);
        const day = noticeEnds < policy.effective_date ? policy.effective_date : noticeEnds;
        if (day > policy.end_date) throw new HttpError(400, POLICY_TEXTS.noticeEndsAfterTerm);
        const returnPremium = proRataReturnPremium(policy.premium, { effectiveDate: policy.effective_date, endDate: policy.end_date }, day);
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'noticeOfCancellation', {
          status: 'CANCEL PENDING',
          update: {
            cancellation_date: day, cancellation_reason: reason.label, return_premium: returnPremium, is_open_for_renewal: false,
            status_before_cancellation: policy.status, noc_reason: code, noc_issued_at: clock.now(),
          },
          detail: { reason: code, cancellationDate: day, noticeDays: reason.noticeDays, returnPremium },
        });
        return { policy, day };
      });
      const edition = registry.edition(given.policy.edition);
      const day = formatDate(given.day, edition.locale);
      await mailer.sendMail({
        to: given.policy.contact_email,
        subject: `Notice of cancellation: policy ${given.policy.policy_number}`,
        text: [
          `Hello ${given.policy.contact_first_name},`,
          '',
          `Policy ${given.policy.policy_number} of ${given.policy.company_name} will be cancelled on ${day} (${reason.label.toLowerCase()}).`,
          code === 'NON_PAYMENT' ? 'Paying the premium due before that day stops the cancellation.' : `Please contact ${given.policy.agency_name} about this notice.`,
          `The notice is in the console: ${publicLink(config, given.policy.edition, `/customer/policies/${given.policy.id}`)}`,
        ].join('\n'),
      });
      // Kept as given, once the notice has committed: the notice stands whatever becomes of its copy.
      const noticed = await visible(caller, request.params.id);
      if (noticed.noc_issued_at) {
        await keepIssuedDocument(db, { docId: noticeDocumentId(noticed.id, noticed.noc_issued_at), at: clock.now(), log: request.log }, async () => noticeFile(noticed, edition));
      }
      return { message: POLICY_TEXTS.noticeGiven(given.policy.policy_number, day) };
    },

    async stopNoticeOfCancellation(request) {
      const caller = callerOf(request);
      const today = todayIn(clock.now(), timeZoneOf(request));
      const number = await db.transaction(async (tx) => {
        await settleCalendar(tx, today, clock.now());
        const policy = await lockedPolicy(caller, request.params.id, tx);
        if (policy.noc_issued_at === null || policy.status !== 'CANCEL PENDING') throw new HttpError(409, POLICY_TEXTS.noNotice);
        const status = statusOnDay({ effectiveDate: policy.effective_date, endDate: policy.end_date }, today);
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'stopNoticeOfCancellation', {
          status,
          update: {
            cancellation_date: null, cancellation_reason: null, return_premium: null, status_before_cancellation: null, noc_reason: null, noc_issued_at: null,
            is_open_for_renewal: status !== 'EXPIRED' && openForRenewal(policy.end_date, today, policy.renewal_opted_out_at !== null),
          },
          detail: { reason: policy.noc_reason, cancellationDate: policy.cancellation_date, noticeGivenAt: policy.noc_issued_at },
        });
        return policy.policy_number;
      });
      return { message: POLICY_TEXTS.noticeStopped(number) };
    },

    // The notice as it was given (a notice given before notices were kept is rendered from the records).
    async downloadNoticeOfCancellation(request, reply) {
      const policy = await visible(callerOf(request), request.params.id);
      if (policy.noc_issued_at === null) throw notFound(POLICY_TEXTS.noNotice);
      const edition = (await definitions.current()).registry().edition(policy.edition);
      return sendIssuedDocument(reply, db, noticeDocumentId(policy.id, policy.noc_issued_at), async () => noticeFile(policy, edition));
    },
  };
};
