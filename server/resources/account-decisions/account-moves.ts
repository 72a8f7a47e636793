import type { AccountStatus } from '../accounts/account-status.ts';

/**
 * How an account's status moves by decision (spec 002 section 4 'Accounts can be declined, undeclined or
 * marked lost; only Open, Quoted and Active Policy allow quoting'). Declining is the underwriter's, losing the
 * agency's (a client that went elsewhere); undecline and reopen put back the status the account had.
 */
export type AccountDecision = 'decline' | 'undecline' | 'lose' | 'reopen';

interface AccountMove {
  from: readonly AccountStatus[];
  /** A status, or 'previous': the one kept when the account was declined or lost. */
  to: AccountStatus | 'previous';
}

export const ACCOUNT_MOVES: Readonly<Record<AccountDecision, AccountMove>> = {
  decline: { from: ['Open', 'Quoted', 'Active Policy'], to: 'Declined' },
  undecline: { from: ['Declined'], to: 'previous' },
  // A client with a policy in force is not lost; its renewal is another matter.
  lose: { from: ['Open', 'Quoted'], to: 'Lost' },
  reopen: { from: ['Lost'], to: 'previous' },
};

const PAST_TENSE: Readonly<Record<AccountDecision, string>> = { decline: 'declined', undecline: 'undeclined', lose: 'marked lost', reopen: 'reopened' };

export function canDecide(decision: AccountDecision, status: AccountStatus): boolean {
  return ACCOUNT_MOVES[decision].from.includes(status);
}

/** 'This account cannot be marked lost while it is Active Policy.' */
export function accountRefusal(decision: AccountDecision, status: AccountStatus): string {
  return `This account cannot be ${PAST_TENSE[decision]} while it is ${status}.`;
}
