/**
 * Which quote statuses each action may start from, and where it leaves the quote (spec 002 section 4
 * 'Quote actions' and 'Rules for underwriter actions'). The spec gives only some moves; the rest are what an
 * underwriting desk expects: nothing moves a quote out of BOUND, DECLINED, LOST or DELETED except the binding
 * work of the next issue. 'same' keeps the status (updating terms keeps a quote Ready; updating an indication
 * or a referral keeps it as such).
 */
export type QuoteAction =
  | 'request' | 'refer' | 'release' | 'update' | 'reset' | 'reassess' | 'patch' | 'riskModifier' | 'switchSurplus'
  | 'decline' | 'lose' | 'needBy' | 'sendToPolicyholder' | 'sendToAgency' | 'requestToBind' | 'attest' | 'sign' | 'delete' | 'note'
  | 'bind' | 'rescind' | 'issue' | 'sendSurplusNotice' | 'attestSurplusNotice' | 'fees' | 'subjectivities' | 'receiveSubjectivity';

const OPEN = ['READY', 'INDICATION', 'REFERRED', 'IN_REVIEW', 'REQUESTED'] as const;
const UNDER_REVIEW = ['INDICATION', 'REFERRED', 'IN_REVIEW', 'REQUESTED'] as const;

interface Move {
  from: readonly string[];
  to: string | 'same';
  /** Underwriters and admins only (the contract's x-permission says the same; this is what the page offers). */
  underwriter?: boolean;
}

export const QUOTE_MOVES: Readonly<Record<QuoteAction, Move>> = {
  // The cart's DRAFT quotes are requested; the rater's referral decides READY or REFERRED.
  request: { from: ['DRAFT'], to: 'READY' },
  refer: { from: ['READY', 'INDICATION'], to: 'REFERRED' },
  release: { from: ['READY', ...UNDER_REVIEW], to: 'READY', underwriter: true },
  update: { from: OPEN, to: 'same', underwriter: true },
  reset: { from: OPEN, to: 'same', underwriter: true },
  // Rated again on the account as it is now (its firmographics may have changed since), keeping terms and modifier.
  reassess: { from: OPEN, to: 'same', underwriter: true },
  // The account's details saved on the quote's review page (spec 002 section 4 Review page: quote mode patches the
  // quote): rated again on them, keeping its terms; the page waits for last_patched_at to move.
  patch: { from: ['READY'], to: 'same' },
  riskModifier: { from: OPEN, to: 'same', underwriter: true },
  switchSurplus: { from: OPEN, to: 'same', underwriter: true },
  decline: { from: OPEN, to: 'DECLINED', underwriter: true },
  lose: { from: [...OPEN, 'EXPIRED'], to: 'LOST' },
  needBy: { from: [...OPEN, 'DRAFT'], to: 'same' },
  sendToPolicyholder: { from: ['READY'], to: 'same' },
  // Provider staff send a quote they wrote for a wholesale agency to one of its agents.
  sendToAgency: { from: ['READY'], to: 'same', underwriter: true },
  // The agent asks to bind a Ready quote: it is REQUESTED, so it waits in the underwriting inbox until
  // underwriting binds, releases or declines it. The insured attests and signs a Ready quote (or one the agent
  // already asked to bind), which asks to bind it too.
  requestToBind: { from: ['READY'], to: 'REQUESTED' },
  attest: { from: ['READY', 'REQUESTED'], to: 'same' },
  sign: { from: ['READY', 'REQUESTED'], to: 'SIGNED' },
  // Binding (server/lifecycle/policies): a Ready, requested or signed quote becomes a binder; the binder is issued
  // as a policy or rescinded; the calendar expires a binder not issued by its expiry (BINDER EXPIRED).
  bind: { from: ['READY', 'REQUESTED', 'SIGNED'], to: 'BOUND' },
  rescind: { from: ['BOUND'], to: 'RESCIND', underwriter: true },
  issue: { from: ['BOUND'], to: 'ISSUED' },
  // The notice is sent to the surplus lines broker, who attests it (server/lifecycle/surplus-notice), while the quote may still be bound.
  sendSurplusNotice: { from: [...OPEN, 'SIGNED'], to: 'same' },
  attestSurplusNotice: { from: [...OPEN, 'SIGNED'], to: 'same' },
  // Broker and MGA fees change what the payer owes, so only while the terms are still open (not once signed or bound).
  fees: { from: OPEN, to: 'same' },
  // Conditions of binding are set and withdrawn while the terms are open or signed; what they ask for may still
  // come in once the quote is bound or issued (server/lifecycle/subjectivities).
  subjectivities: { from: [...OPEN, 'SIGNED'], to: 'same', underwriter: true },
  receiveSubjectivity: { from: [...OPEN, 'SIGNED', 'BOUND', 'ISSUED'], to: 'same', underwriter: true },
  delete: { from: [...OPEN, 'DRAFT', 'EXPIRED', 'INVALID', 'LOST', 'DECLINED', 'API_REJECTED'], to: 'DELETED' },
  note: { from: [...OPEN, 'DRAFT', 'EXPIRED', 'INVALID', 'LOST', 'DECLINED', 'BOUND', 'SIGNED', 'ISSUED', 'RESCIND', 'BINDER EXPIRED'], to: 'same' },
};

const PAST_TENSE: Readonly<Record<QuoteAction, string>> = {
  request: 'requested', refer: 'referred', release: 'released', update: 'updated', reset: 'reset', reassess: 'reassessed', patch: 'updated with new account details', riskModifier: 'modified',
  switchSurplus: 'switched', decline: 'declined', lose: 'marked lost', needBy: 'given a need-by date', sendToPolicyholder: 'sent', sendToAgency: 'sent to the agency',
  requestToBind: 'requested to bind', attest: 'attested', sign: 'signed', bind: 'bound', rescind: 'rescinded', issue: 'issued', sendSurplusNotice: 'sent for review and signature', attestSurplusNotice: 'attested', fees: 'given new fees',
  subjectivities: 'given subjectivities', receiveSubjectivity: 'given a received subjectivity', delete: 'deleted', note: 'noted',
};

export function canMove(action: QuoteAction, status: string): boolean {
  return QUOTE_MOVES[action].from.includes(status);
}

/** The status after the action, or null when the action may not start from `status`. */
export function statusAfter(action: QuoteAction, status: string): string | null {
  if (!canMove(action, status)) return null;
  const to = QUOTE_MOVES[action].to;
  return to === 'same' ? status : to;
}

/** The actions a caller may take on a quote now; underwriter actions only for a caller who underwrites. */
export function availableActions(status: string, underwriter: boolean): QuoteAction[] {
  return (Object.keys(QUOTE_MOVES) as QuoteAction[]).filter((action) => canMove(action, status) && (underwriter || !QUOTE_MOVES[action].underwriter));
}

export function pastTense(action: QuoteAction): string {
  return PAST_TENSE[action];
}

/** Statuses of a bound quote: never deleted ('A bound quote cannot be deleted.'). */
export const BOUND_STATUSES: readonly string[] = ['BOUND', 'SIGNED', 'ISSUED', 'IN FORCE', 'RESCIND', 'BINDER EXPIRED'];

/** The binders tab's statuses (spec 002 section 4 Dashboard filters: bound, rescinded, binder expired). */
export const BINDER_STATUSES: readonly string[] = ['BOUND', 'RESCIND', 'BINDER EXPIRED'];

/** Statuses a dashboard leaves out unless asked for them (spec 002 section 4: TEMP is excluded from counts). */
export const HIDDEN_STATUSES = ['DELETED', 'TEMPORARY'] as const;
/** The underwriter's inbox by default. */
export const INBOX_STATUSES = ['REQUESTED', 'REFERRED', 'IN_REVIEW', 'INDICATION'] as const;
