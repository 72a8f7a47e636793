import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { MESSAGES, notFound } from '../../http/http-error.ts';
import { findVisibleBusinessAccount } from '../accounts/repository.ts';
import { decideAccount, type AccountDecisionFields, type StatusDecision } from './account-decision-store.ts';
import { ACCOUNT_DECISION_TEXTS } from './account-decision-texts.ts';
import type { AccountDecision } from './account-moves.ts';

/**
 * Declining, undeclining, losing and reopening a client account (spec 002 section 4 'Accounts can be
 * declined, undeclined or marked lost'). The account is found within the tenant rule and locked; the move,
 * its reason and the audit entry are one transaction. Declining is underwriting's (quote:underwrite in the
 * contract), losing and reopening the agency's (quote:write).
 */
export const handlers: HandlerModule = ({ db, clock }) => {
  async function decide(request: FastifyRequest<{ Params: { id: string } }>, decision: AccountDecision, message: string, fields: AccountDecisionFields = {}) {
    const caller = callerOf(request);
    return db.transaction(async (tx) => {
      const account = await findVisibleBusinessAccount(tx, caller, request.params.id, true);
      if (!account) throw notFound(MESSAGES.accountNotFound);
      await decideAccount(tx, clock, { userId: caller.userId, address: request.ip }, account.id, decision, fields);
      const [row] = await tx.query<{ status: string; status_decision: StatusDecision | null }>('SELECT status, status_decision FROM account_profiles WHERE account_id = $1', [account.id]);
      return { message, accountId: account.id, status: row!.status, statusDecision: row!.status_decision };
    });
  }

  return {
    async declineAccount(request) {
      return decide(request, 'decline', ACCOUNT_DECISION_TEXTS.declined, checkedBodyOf(request));
    },
    async undeclineAccount(request) {
      return decide(request, 'undecline', ACCOUNT_DECISION_TEXTS.undeclined);
    },
    async markAccountLost(request) {
      return decide(request, 'lose', ACCOUNT_DECISION_TEXTS.lost, checkedBodyOf(request));
    },
    async reopenAccount(request) {
      return decide(request, 'reopen', ACCOUNT_DECISION_TEXTS.reopened);
    },
  };
};
