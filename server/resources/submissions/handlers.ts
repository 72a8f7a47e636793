import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { findVisibleSubmission, movedSubmissionOf, quotesMadeFor, searchVisibleSubmissions, submissionUnderwriters, toSubmission } from './repository.ts';
import { moveSubmission, type SubmissionUpdate } from './submission-changes.ts';
import { declinationOf, declineCodeLabels } from './submission-declination.ts';
import { SUBMISSION_TEXTS } from './submission-texts.ts';
import { submissionInWork, type SubmissionAction } from './submission-transitions.ts';

type Row = NonNullable<Awaited<ReturnType<typeof findVisibleSubmission>>>;

/**
 * Submissions (spec 001 section 2 '/agency/submissions?search={submissionNumber}'; spec 002 section 4
 * 'Submissions can be assigned, declined, certified, marked non-viable or complete'). They are made with an
 * account (accounts/handlers.ts); every change finds the submission within the tenant rule, locks it, moves it
 * through submission-transitions.ts and audits it in one transaction.
 */
export const handlers: HandlerModule = ({ db, clock, definitions }) => {
  async function change(
    request: FastifyRequest<{ Params: { id: string } }>,
    action: SubmissionAction,
    message: string,
    work: (tx: Queryable, caller: Caller, row: Row) => Promise<{ update?: SubmissionUpdate; detail?: Record<string, unknown> }> = async () => ({}),
  ) {
    const caller = callerOf(request);
    await db.transaction(async (tx) => {
      const row = await findVisibleSubmission(tx, caller, request.params.id, true);
      if (!row) throw notFound(SUBMISSION_TEXTS.notFound);
      const { update, detail } = await work(tx, caller, row);
      await moveSubmission(tx, clock, { userId: caller.userId, accountId: caller.accountId, address: request.ip }, movedSubmissionOf(row), action, update, detail);
    });
    const after = await findVisibleSubmission(db, caller, request.params.id);
    return { message, submission: toSubmission(after!) };
  }

  return {
    async searchSubmissions(request) {
      return searchVisibleSubmissions(db, callerOf(request), request.query);
    },

    /** One submission as the quote flow's verify-submission step shows it: whether it may still be quoted for, and what has been. */
    async getSubmission(request) {
      const row = await findVisibleSubmission(db, callerOf(request), request.params.id);
      if (!row) throw notFound(SUBMISSION_TEXTS.notFound);
      return { ...toSubmission(row), quoteCount: await quotesMadeFor(db, row.id), settledReason: submissionInWork(row) ? null : SUBMISSION_TEXTS.settled };
    },

    async listSubmissionUnderwriters() {
      return submissionUnderwriters(db);
    },

    async assignSubmission(request) {
      const body = checkedBodyOf(request);
      return change(request, 'assign', SUBMISSION_TEXTS.assigned, async (tx) => {
        const underwriter = (await submissionUnderwriters(tx)).find((candidate) => candidate.id === body.assigneeUserId);
        if (!underwriter) throw new HttpError(400, SUBMISSION_TEXTS.underwriterNotFound);
        return { update: { assignee: underwriter.name, assignee_user_id: underwriter.id }, detail: { assignee: underwriter.email } };
      });
    },

    async certifySubmission(request) {
      return change(request, 'certify', SUBMISSION_TEXTS.certified, async (_tx, caller) => ({ update: { certified_at: clock.now(), certified_by: caller.userId } }));
    },

    async declineSubmission(request) {
      const body = checkedBodyOf(request);
      const labels = await declineCodeLabels(definitions);
      return change(request, 'decline', SUBMISSION_TEXTS.declined, async (_tx, caller) => {
        const declination = declinationOf(body, labels, caller.userId, clock.now());
        return { update: { declination }, detail: { declinationReason: declination.summary } };
      });
    },

    async markSubmissionNonViable(request) {
      return change(request, 'nonViable', SUBMISSION_TEXTS.nonViable);
    },

    async completeSubmission(request) {
      return change(request, 'complete', SUBMISSION_TEXTS.completed);
    },
  };
};
