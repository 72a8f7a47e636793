import { audit } from '../../audit.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import { isAccountStatus, setAccountStatus, type AccountStatus } from '../accounts/account-status.ts';
import { ACCOUNT_MOVES, accountRefusal, canDecide, type AccountDecision } from './account-moves.ts';

const FILL_IN = 'Fill-in option';

/** The decline and lost dialogs' fields (spec 002 section 3 Account decline; Quote lost reason). */
export interface AccountDecisionFields {
  productType?: string;
  reasonSummary?: string;
  reason?: string;
  reasonFillIn?: string;
}

export interface StatusDecision {
  kind: 'declined' | 'lost';
  productType: string | null;
  reasonSummary: string;
  reason: string;
  by: string | null;
  at: string;
  previous: AccountStatus;
}

/** 'Fill-in option' is replaced by the typed text (spec 002 section 4 'Loss or decline'). */
function summaryOf(fields: AccountDecisionFields): string {
  const fillIn = fields.reasonFillIn?.trim();
  return fields.reasonSummary === FILL_IN && fillIn ? fillIn : String(fields.reasonSummary ?? '');
}

/**
 * Moves an account the caller has found (and locked) within its tenant by one decision of account-moves.ts,
 * keeping the reason and the status it had (restored by undecline and reopen), with an audit entry, in the
 * caller's transaction. A decision its status does not allow is a conflict with the reason, unless
 * `quietly` (a quote decline that takes an already declined account along).
 */
export async function decideAccount(
  tx: Queryable,
  clock: Clock,
  actor: { userId: string | null; address?: string | null },
  accountId: string,
  decision: AccountDecision,
  fields: AccountDecisionFields = {},
  options: { quietly?: boolean; detail?: Record<string, unknown> } = {},
): Promise<boolean> {
  const [row] = await tx.query<{ status: AccountStatus; status_decision: StatusDecision | null }>(
    'SELECT status, status_decision FROM account_profiles WHERE account_id = $1 FOR UPDATE', [accountId]);
  const status = row?.status ?? 'Open';
  if (!canDecide(decision, status)) {
    if (options.quietly) return false;
    throw new HttpError(409, accountRefusal(decision, status));
  }
  const move = ACCOUNT_MOVES[decision];
  const kept = row?.status_decision?.previous;
  const to: AccountStatus = move.to === 'previous' ? (isAccountStatus(kept) ? kept : 'Open') : move.to;
  const now = clock.now();
  const record: StatusDecision | null = move.to === 'previous' ? null : {
    kind: decision === 'decline' ? 'declined' : 'lost', productType: fields.productType ?? null, reasonSummary: summaryOf(fields),
    reason: String(fields.reason ?? ''), by: actor.userId, at: now.toISOString(), previous: status,
  };
  await setAccountStatus(tx, accountId, to, now);
  await tx.query('UPDATE account_profiles SET status_decision = $2 WHERE account_id = $1', [accountId, record === null ? null : JSON.stringify(record)]);
  await audit(tx, clock, {
    actorUserId: actor.userId, action: `account.${decision}`, target: accountId, address: actor.address ?? null,
    detail: { from: status, to, ...(record ? { reasonSummary: record.reasonSummary, reason: record.reason } : {}), ...options.detail },
  });
  return true;
}
