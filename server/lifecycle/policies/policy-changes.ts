import { audit } from '../../audit.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { canMovePolicy, policyPastTense, type PolicyAction } from './policy-transitions.ts';
import { recordPolicyEvent, type PolicyRow } from './policy-repository.ts';
import { POLICY_TEXTS } from './policy-texts.ts';
import { postInboxMessage } from '../../resources/inbox/post-message.ts';
import { reasonText } from '../quotes/hand-overs.ts';

/** Column -> value for the policy row; only names written here reach the statement. */
export type PolicyUpdate = Partial<Record<
  | 'status' | 'description' | 'cancellation_date' | 'cancellation_reason' | 'return_premium' | 'status_before_cancellation'
  | 'renewal_opted_out_at' | 'renewal_reminders_muted' | 'is_open_for_renewal' | 'is_auto_renewal'
  | 'contact_first_name' | 'contact_last_name' | 'contact_email' | 'contact_phone' | 'noc_reason' | 'noc_issued_at' | 'invoice_reminders_off'
  | 'agg_limit' | 'deductible' | 'premium' | 'total_premium' | 'agency_id' | 'producing_agency_id' | 'agent_user_id' | 'team_id' | 'named_insured' | 'mailing_address'
  | 'effective_date' | 'end_date',
  unknown
>>;

/**
 * One move of a policy, in the caller's transaction: refuses an action its status does not allow (409 with a
 * sentence), writes the new status and fields, the event in the policy's history and the audit entry (every
 * change to a contract and its money is audited). Answers the new status.
 */
export async function movePolicy(
  tx: Queryable,
  clock: Clock,
  context: { caller: Caller; address: string | null },
  policy: PolicyRow,
  action: PolicyAction,
  change: { status?: string; update?: PolicyUpdate; detail?: Record<string, unknown> } = {},
): Promise<string> {
  if (!canMovePolicy(action, policy.status)) throw new HttpError(409, POLICY_TEXTS.notAvailable(policyPastTense(action), policy.status));
  const status = change.status ?? policy.status;
  const update: PolicyUpdate = { ...change.update, status };
  const columns = Object.keys(update) as Array<keyof PolicyUpdate>;
  const sets = columns.map((column, index) => `${column} = $${index + 3}`);
  const now = clock.now();
  await tx.query(`UPDATE policies SET ${sets.join(', ')}, modified_at = $2 WHERE id = $1`, [policy.id, now, ...columns.map((column) => update[column])]);
  await recordPolicyEvent(tx, { policyId: policy.id, from: policy.status, to: status, action, detail: change.detail ?? null, userId: context.caller.userId, at: now });
  await audit(tx, clock, {
    actorUserId: context.caller.userId, action: `policy.${action}`, target: policy.id, address: context.address,
    detail: { policyNumber: policy.policy_number, accountId: policy.account_id, from: policy.status, to: status, ...(change.detail ?? {}) },
  });
  // What the provider did with the agency's policy reaches the agency's inbox (kinds with a subject in inbox-texts.ts).
  await postInboxMessage(tx, {
    kind: `policy.${action}`, agencyId: policy.agency_id, accountId: policy.account_id, policyId: policy.id, actorAccountId: context.caller.accountId,
    values: { number: policy.policy_number, client: policy.company_name }, body: reasonText(change.detail), at: now,
  });
  return status;
}
