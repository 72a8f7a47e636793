import { formatDate, todayIn } from '../../../engine/index.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { timeZoneOf } from '../../form-check/request-rule-context.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { settleCalendar, movePolicy, findVisiblePolicy, requireVisiblePolicy, POLICY_TEXTS, canMovePolicy, policyPastTense } from '../../lifecycle/index.ts';
import { borChangeForCorrection, searchBorChanges } from './bor-changes.ts';
import { BOR_TEXTS } from './bor-texts.ts';

/**
 * Broker of record (spec 002 'Policy actions': broker of record; section 7 bor/{policyId}, bor-policies): on
 * the insured's letter, provider staff move a policy in force, and its client account, to another agency of
 * the same edition from a day within the policy period. The agency that wrote the policy keeps the commission
 * earned on issue (commission_lines reads producing_agency_id); the new agency services the policy, renews it
 * and earns what follows. The old agency no longer reaches the policy. A policy event and an audit entry record
 * the change, and the change is listed for both agencies.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, definitions } = services;

  const fieldError = (field: string, message: string) => new HttpError(400, message, { errors: [{ field, message }] });

  return {
    async changeBrokerOfRecord(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const agencyId = String(body.agencyId ?? '');
      const agentUserId = typeof body.agentUserId === 'string' && body.agentUserId ? body.agentUserId : null;
      const effectiveDate = String(body.effectiveDate ?? '');
      const letterDate = String(body.letterDate ?? '');
      const reason = typeof body.reason === 'string' && body.reason.trim() ? body.reason.trim() : null;
      const today = todayIn(clock.now(), timeZoneOf(request));
      if (letterDate > today) throw fieldError('letterDate', BOR_TEXTS.letterInFuture);
      const before = await requireVisiblePolicy(db, caller, request.params.id);
      const locale = (await definitions.current()).registry().edition(before.edition).locale;
      const moved = await db.transaction(async (tx) => {
        await settleCalendar(tx, today, clock.now());
        const policy = await requireVisiblePolicy(tx, caller, request.params.id, true);
        if (!canMovePolicy('brokerOfRecord', policy.status)) throw new HttpError(409, POLICY_TEXTS.notAvailable(policyPastTense('brokerOfRecord'), policy.status));
        const [agency] = await tx.query<{ id: string; name: string; edition: string }>(
          `SELECT id, name, edition FROM accounts WHERE id = $1 AND account_type = 'AGENCY'`, [agencyId],
        );
        if (!agency) throw fieldError('agencyId', BOR_TEXTS.agencyNotFound);
        if (agency.id === policy.agency_id) throw fieldError('agencyId', BOR_TEXTS.sameAgency);
        if (agency.edition !== policy.edition) throw fieldError('agencyId', BOR_TEXTS.otherEdition);
        if (agentUserId) {
          const [agent] = await tx.query<{ id: string }>('SELECT id FROM users WHERE id = $1 AND account_id = $2', [agentUserId, agency.id]);
          if (!agent) throw fieldError('agentUserId', BOR_TEXTS.agentNotInAgency);
        }
        if (effectiveDate < policy.effective_date || effectiveDate >= policy.end_date) throw fieldError('effectiveDate', BOR_TEXTS.outsideTerm);
        const [producing] = await tx.query<{ producing_agency_id: string | null }>('SELECT producing_agency_id FROM policies WHERE id = $1', [policy.id]);
        await tx.query(
          `INSERT INTO policy_bor_changes (policy_id, from_agency_id, to_agency_id, effective_date, letter_date, reason, created_by, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [policy.id, policy.agency_id, agency.id, effectiveDate, letterDate, reason, caller.userId, clock.now()],
        );
        // The client account follows its policy, so renewals and new quotes are the new agency's.
        const accountMoved = await tx.query<{ id: string }>('UPDATE accounts SET agency_id = $2 WHERE id = $1 AND agency_id = $3 RETURNING id', [policy.account_id, agency.id, policy.agency_id]);
        // Its agent and team were the old agency's people: the new agency must not see them on the account.
        if (accountMoved.length) {
          await tx.query('UPDATE account_details SET agent_user_id = $2, team_id = NULL, modified_at = $3 WHERE account_id = $1', [policy.account_id, agentUserId, clock.now()]);
        }
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'brokerOfRecord', {
          update: { agency_id: agency.id, producing_agency_id: producing?.producing_agency_id ?? policy.agency_id, agent_user_id: agentUserId, team_id: null },
          detail: { fromAgency: policy.agency_name, toAgency: agency.name, fromAgencyId: policy.agency_id, toAgencyId: agency.id, effectiveDate, letterDate, reason },
        });
        return { number: policy.policy_number, agencyName: agency.name };
      });
      return { message: BOR_TEXTS.changed(moved.number, moved.agencyName, formatDate(effectiveDate, locale)) };
    },

    /**
     * Sets right the latest change's effective day, letter date and reason (spec 002 section 7: PUT
     * update/BOR/{id}): the agencies stay as they are; a new agency is a new change. Recorded in the policy's
     * history and the audit log with the values before and after.
     */
    async correctBrokerOfRecord(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const effectiveDate = String(body.effectiveDate ?? '');
      const letterDate = String(body.letterDate ?? '');
      const reason = typeof body.reason === 'string' && body.reason.trim() ? body.reason.trim() : null;
      const today = todayIn(clock.now(), timeZoneOf(request));
      if (letterDate > today) throw fieldError('letterDate', BOR_TEXTS.letterInFuture);
      // Definitions are read before the transaction: the embedded database has one connection.
      const registry = (await definitions.current()).registry();
      const corrected = await db.transaction(async (tx) => {
        await settleCalendar(tx, today, clock.now());
        const change = await borChangeForCorrection(tx, request.params.id);
        const policy = change && (await findVisiblePolicy(tx, caller, change.policy_id, true));
        if (!change || !policy) throw notFound(BOR_TEXTS.changeNotFound);
        if (!change.correctable) throw new HttpError(409, BOR_TEXTS.notLatest);
        if (effectiveDate < policy.effective_date || effectiveDate >= policy.end_date) throw fieldError('effectiveDate', BOR_TEXTS.outsideTerm);
        if (effectiveDate === change.effective_date && letterDate === change.letter_date && reason === change.reason) throw new HttpError(400, BOR_TEXTS.noCorrection);
        await tx.query('UPDATE policy_bor_changes SET effective_date = $2, letter_date = $3, reason = $4 WHERE id = $1', [change.id, effectiveDate, letterDate, reason]);
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'correctBrokerOfRecord', {
          detail: {
            change: change.id,
            from: { effectiveDate: change.effective_date, letterDate: change.letter_date, reason: change.reason },
            to: { effectiveDate, letterDate, reason },
          },
        });
        return { number: policy.policy_number, agencyName: change.to_agency_name, locale: registry.edition(policy.edition).locale };
      });
      return { message: BOR_TEXTS.corrected(corrected.number, corrected.agencyName, formatDate(effectiveDate, corrected.locale)) };
    },

    async searchBorPolicies(request) {
      return searchBorChanges(db, callerOf(request), request.query);
    },
  };
};
