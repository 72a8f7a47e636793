import { audit } from '../../audit.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import { postInboxMessage } from '../inbox/post-message.ts';
import type { SubmissionDeclination } from './repository.ts';
import { submissionRefusal, submissionStateAfter, type SubmissionAction, type SubmissionState } from './submission-transitions.ts';

export interface SubmissionActor {
  userId: string | null;
  /** The account acting: the agency's own moves post nothing to its inbox. */
  accountId: string | null;
  address?: string | null;
}

/** The submission moved, as the move and its inbox message need it. */
export interface MovedSubmission extends SubmissionState {
  id: string;
  number: string;
  agencyId: string;
  accountId: string;
  client: string;
}

/** Columns an action writes besides the two statuses. */
export interface SubmissionUpdate {
  assignee?: string;
  assignee_user_id?: string;
  certified_at?: Date;
  certified_by?: string | null;
  declination?: SubmissionDeclination;
}

const WRITABLE = ['assignee', 'assignee_user_id', 'certified_at', 'certified_by', 'declination'] as const;

/**
 * Moves a submission the caller has found (and locked) within its tenant through one action of
 * submission-transitions.ts, with the columns it writes, one audit entry and (when the desk moved it) a
 * message in the agency's inbox, in the caller's transaction.
 * A move its state does not allow is a conflict with the reason.
 */
export async function moveSubmission(
  tx: Queryable,
  clock: Clock,
  actor: SubmissionActor,
  submission: MovedSubmission,
  action: SubmissionAction,
  update: SubmissionUpdate = {},
  detail: Record<string, unknown> = {},
): Promise<void> {
  const after = submissionStateAfter(action, submission);
  if (!after) throw new HttpError(409, submissionRefusal(action, submission));
  const sets = ['status = $2', 'operational_status = $3', 'modified_at = $4'];
  const values: unknown[] = [submission.id, after.status, after.operationalStatus, clock.now()];
  for (const column of WRITABLE) {
    if (!(column in update)) continue;
    const value = update[column];
    values.push(column === 'declination' ? JSON.stringify(value) : value);
    sets.push(`${column} = $${values.length}`);
  }
  await tx.query(`UPDATE submissions SET ${sets.join(', ')} WHERE id = $1`, values);
  await audit(tx, clock, {
    actorUserId: actor.userId, action: `submission.${action}`, target: submission.id, address: actor.address ?? null,
    detail: { from: { status: submission.status, operationalStatus: submission.operationalStatus }, to: after, ...detail },
  });
  const summary = update.declination?.summary;
  await postInboxMessage(tx, {
    kind: `submission.${action}`, agencyId: submission.agencyId, accountId: submission.accountId, submissionId: submission.id, actorAccountId: actor.accountId,
    values: { number: submission.number, client: submission.client, assignee: update.assignee ?? '' }, body: summary ?? null, at: clock.now(),
  });
}
