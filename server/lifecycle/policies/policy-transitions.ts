/**
 * Which policy statuses each action may start from and where it leaves the policy (spec 002 section 4
 * 'Policy actions' and 'Status values'). The spec names the actions, not their moves; these are the moves a
 * policy administration desk expects:
 * - an issued policy is ISSUED until its effective day, ACTIVE in its term and EXPIRED after it (the calendar,
 *   policy-calendar.ts, makes those moves, not a user);
 * - a cancellation on a later day leaves it CANCEL PENDING until that day, then CANCELLED; on or before
 *   today it is CANCELLED at once; a flat cancellation (from inception) is FLAT CANCELLED;
 * - an agent asks for a cancellation (CANCEL REQUESTED), which the provider carries out or undoes;
 * - void undoes an issue made in error; undo cancellation restores the status before the cancellation.
 * 'same' keeps the status (servicing changes).
 */
export type PolicyAction =
  | 'issue' | 'cancel' | 'flatCancel' | 'void' | 'undoCancellation' | 'requestCancellation'
  | 'checkInMail' | 'optOut' | 'optIn' | 'muteReminders' | 'contact' | 'certificate' | 'renew'
  | 'noticeOfCancellation' | 'stopNoticeOfCancellation' | 'endorse' | 'revertEndorsement' | 'invoiceReminder' | 'brokerOfRecord' | 'correctBrokerOfRecord' | 'extendedReporting' | 'nonPremium' | 'policyDates' | 'excess' | 'rescindExcess';

export const IN_FORCE: readonly string[] = ['ISSUED', 'ACTIVE'];
/** Policies whose premium can be paid and is invoiced: in force, or with a cancellation only asked for. */
export const PAYABLE: readonly string[] = [...IN_FORCE, 'CANCEL REQUESTED'];
const CANCELLING: readonly string[] = ['CANCEL PENDING', 'CANCEL REQUESTED'];
export const CANCELLED: readonly string[] = ['CANCEL PENDING', 'CANCELLED', 'FLAT CANCELLED', 'CANCEL REQUESTED'];

interface Move {
  from: readonly string[];
  to: string | 'same' | 'calendar';
  /** Provider staff only ('policy:write'); the rest is the agent's servicing ('policy:service'). */
  provider?: boolean;
  /** The one permission the action needs instead (a certificate: anyone who reads the policy; a renewal: who quotes). */
  permission?: string;
}

export const POLICY_MOVES: Readonly<Record<PolicyAction, Move>> = {
  issue: { from: [], to: 'calendar' },
  // 'calendar': CANCEL PENDING for a later day, CANCELLED otherwise (cancelPolicy decides).
  cancel: { from: [...IN_FORCE, ...CANCELLING], to: 'calendar', provider: true },
  flatCancel: { from: [...IN_FORCE, ...CANCELLING], to: 'FLAT CANCELLED', provider: true },
  void: { from: [...IN_FORCE, 'CANCEL REQUESTED'], to: 'VOID', provider: true },
  undoCancellation: { from: CANCELLED, to: 'calendar', provider: true },
  requestCancellation: { from: IN_FORCE, to: 'CANCEL REQUESTED' },
  checkInMail: { from: [...IN_FORCE, ...CANCELLING, 'EXPIRED'], to: 'same' },
  optOut: { from: IN_FORCE, to: 'same' },
  optIn: { from: IN_FORCE, to: 'same' },
  muteReminders: { from: IN_FORCE, to: 'same' },
  contact: { from: [...IN_FORCE, ...CANCELLING], to: 'same' },
  // A certificate evidences cover: only for a policy in force (or about to be). Anyone who reads the policy may ask.
  certificate: { from: [...IN_FORCE, ...CANCELLING], to: 'same', permission: 'policy:read' },
  // A renewal quote for the next period (the quote is the agent's: 'quote:write').
  renew: { from: IN_FORCE, to: 'same', permission: 'quote:write' },
  // Notice that the policy will be cancelled when the reason's notice period ends (CANCEL PENDING until then);
  // stopping it puts the policy back in force. Only a pending cancellation that a notice started can be stopped.
  noticeOfCancellation: { from: IN_FORCE, to: 'CANCEL PENDING', provider: true },
  stopNoticeOfCancellation: { from: ['CANCEL PENDING'], to: 'calendar', provider: true },
  // A mid-term change of the terms in force (policy-endorsements); undoing the latest one is the provider's.
  endorse: { from: IN_FORCE, to: 'same' },
  revertEndorsement: { from: IN_FORCE, to: 'same', provider: true },
  // Billing turns the policy's scheduled invoice reminders off or back on (policy-invoice-reminders).
  invoiceReminder: { from: [...IN_FORCE, ...CANCELLING, 'EXPIRED'], to: 'same', permission: 'billing:write' },
  // A broker-of-record letter moves a policy in force to another agency (policy-broker-of-record).
  brokerOfRecord: { from: IN_FORCE, to: 'same', provider: true },
  // The latest change's dates and reason set right (a letter misread), the agencies unchanged.
  correctBrokerOfRecord: { from: IN_FORCE, to: 'same', provider: true },
  // More time to report claims after a policy ended without renewal (policy-extended-reporting).
  extendedReporting: { from: ['EXPIRED', 'CANCELLED'], to: 'same' },
  // The named insured or mailing address changes without a premium change (policy-non-premium).
  nonPremium: { from: IN_FORCE, to: 'same' },
  // The period moved to start on another day, same length and premium (a date bound in error); provider staff.
  policyDates: { from: IN_FORCE, to: 'calendar', provider: true },
  // A layer above a Prime 250 policy in force, and taking one back (policy-excess).
  excess: { from: IN_FORCE, to: 'same', provider: true },
  rescindExcess: { from: [...IN_FORCE, ...CANCELLING], to: 'same', provider: true },
};

const PAST_TENSE: Readonly<Record<PolicyAction, string>> = {
  issue: 'issued', cancel: 'cancelled', flatCancel: 'flat cancelled', void: 'voided', undoCancellation: 'reinstated',
  requestCancellation: 'asked to be cancelled', checkInMail: 'marked as Check In Mail', optOut: 'opted out of renewal',
  optIn: 'opted back into renewal', muteReminders: 'changed', contact: 'changed', certificate: 'certified', renew: 'renewed',
  noticeOfCancellation: 'given notice of cancellation', stopNoticeOfCancellation: 'taken off notice of cancellation',
  endorse: 'endorsed', revertEndorsement: 'reverted', invoiceReminder: 'changed', brokerOfRecord: 'moved to another agency', correctBrokerOfRecord: 'changed', extendedReporting: 'given an extended reporting period', nonPremium: 'changed', policyDates: 'given new dates', excess: 'given an excess layer', rescindExcess: 'changed',
};

export function canMovePolicy(action: PolicyAction, status: string): boolean {
  return POLICY_MOVES[action].from.includes(status);
}

export function policyPastTense(action: PolicyAction): string {
  return PAST_TENSE[action];
}

/** The actions a caller may take on a policy now: provider moves only with 'policy:write'. */
export function availablePolicyActions(status: string, permissions: ReadonlySet<string>): PolicyAction[] {
  const provider = permissions.has('policy:write');
  const service = provider || permissions.has('policy:service');
  return (Object.keys(POLICY_MOVES) as PolicyAction[]).filter(
    (action) => {
      const move = POLICY_MOVES[action];
      if (!canMovePolicy(action, status)) return false;
      if (move.permission) return permissions.has(move.permission);
      return move.provider ? provider : service;
    },
  );
}

/** Where the calendar has a policy on `today`, from its dates (for issue and for undoing a cancellation). */
export function statusOnDay(policy: { effectiveDate: string; endDate: string }, today: string): 'ISSUED' | 'ACTIVE' | 'EXPIRED' {
  if (today < policy.effectiveDate) return 'ISSUED';
  return today < policy.endDate ? 'ACTIVE' : 'EXPIRED';
}

/** Where a cancellation on `cancellationDate` leaves the policy today. */
export function statusAfterCancellation(cancellationDate: string, today: string): 'CANCEL PENDING' | 'CANCELLED' {
  return cancellationDate > today ? 'CANCEL PENDING' : 'CANCELLED';
}
