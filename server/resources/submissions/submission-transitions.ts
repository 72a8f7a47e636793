/**
 * What the underwriting desk may do with a submission, as data (spec 002 section 4 'Submissions can be
 * assigned, declined, certified, marked non-viable or complete'). Two dimensions move: the status the
 * dashboards filter on (a quote-status value) and the operational status of the desk's own work. The spec
 * shows no transitions; these are the ones a desk expects: nothing moves a declined, non-viable or complete
 * submission, an undecided one may be taken up, certified and settled.
 */
export type SubmissionAction = 'assign' | 'certify' | 'decline' | 'nonViable' | 'complete';

export const OPERATIONAL_STATUSES = ['OPEN', 'CERTIFIED', 'NON_VIABLE', 'COMPLETE'] as const;

const UNDECIDED = ['REQUESTED', 'IN_REVIEW'];
const IN_WORK = ['OPEN', 'CERTIFIED'];

interface SubmissionMove {
  status: readonly string[];
  operational: readonly string[];
  toStatus?: string;
  toOperational?: string;
  /** Only underwriters (quote:underwrite) may; the contract's permission says so, this says it to the browser. */
  underwriter: boolean;
}

export const SUBMISSION_MOVES: Readonly<Record<SubmissionAction, SubmissionMove>> = {
  assign: { status: UNDECIDED, operational: IN_WORK, toStatus: 'IN_REVIEW', underwriter: true },
  // The agency (or the desk for it) attests that what the submission holds is complete and accurate.
  certify: { status: UNDECIDED, operational: ['OPEN'], toOperational: 'CERTIFIED', underwriter: false },
  decline: { status: UNDECIDED, operational: IN_WORK, toStatus: 'DECLINED', underwriter: true },
  nonViable: { status: UNDECIDED, operational: IN_WORK, toOperational: 'NON_VIABLE', underwriter: true },
  complete: { status: ['IN_REVIEW'], operational: IN_WORK, toOperational: 'COMPLETE', underwriter: true },
};

const PAST_TENSE: Readonly<Record<SubmissionAction, string>> = {
  assign: 'assigned', certify: 'certified', decline: 'declined', nonViable: 'marked non-viable', complete: 'completed',
};

/** Whether a submission is still being worked: undecided and neither non-viable nor complete, so it may be quoted for. */
export function submissionInWork(submission: { status: string; operational_status: string }): boolean {
  return UNDECIDED.includes(submission.status) && IN_WORK.includes(submission.operational_status);
}

export interface SubmissionState {
  status: string;
  operationalStatus: string;
}

export function canMoveSubmission(action: SubmissionAction, state: SubmissionState): boolean {
  const move = SUBMISSION_MOVES[action];
  return move.status.includes(state.status) && move.operational.includes(state.operationalStatus);
}

/** The state after the action, or null when the action may not start from `state`. */
export function submissionStateAfter(action: SubmissionAction, state: SubmissionState): SubmissionState | null {
  if (!canMoveSubmission(action, state)) return null;
  const move = SUBMISSION_MOVES[action];
  return { status: move.toStatus ?? state.status, operationalStatus: move.toOperational ?? state.operationalStatus };
}

/**
 * The refusal of a move the state does not allow, naming both statuses once work has moved on
 * ('This submission cannot be declined while it is DECLINED.', '… while it is IN_REVIEW (complete).').
 */
export function submissionRefusal(action: SubmissionAction, state: SubmissionState): string {
  const work = state.operationalStatus === 'OPEN' ? '' : ` (${state.operationalStatus.toLowerCase().replace('_', '-')})`;
  return `This submission cannot be ${PAST_TENSE[action]} while it is ${state.status}${work}.`;
}

/** The actions a caller may take on a submission now; desk actions only for a caller who underwrites. */
export function availableSubmissionActions(state: SubmissionState, underwriter: boolean): SubmissionAction[] {
  return (Object.keys(SUBMISSION_MOVES) as SubmissionAction[]).filter((action) => canMoveSubmission(action, state) && (underwriter || !SUBMISSION_MOVES[action].underwriter));
}

export function submissionPastTense(action: SubmissionAction): string {
  return PAST_TENSE[action];
}
