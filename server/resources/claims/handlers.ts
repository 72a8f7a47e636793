import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { checkWithDefinition } from '../../form-check/check-with-definition.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { findVisibleAccount } from '../../repositories/accounts.ts';
import type { Caller, Services } from '../../services.ts';
import { managesClients } from '../../tenancy/tenant-scope.ts';
import { editionOf, type HandlerModule } from '../../contract/handlers.ts';
import { CLAIM_DEFINITION_ID, CLAIM_MESSAGES } from './claim-messages.ts';
import {
  claimAccounts,
  dataOf,
  deleteClaimRow,
  findVisibleClaim,
  insertClaim,
  lockVisibleClaim,
  markFiled,
  searchVisibleClaims,
  toClaim,
  updateClaimData,
} from './repository.ts';

async function visibleRowOrNotFound(services: Services, caller: Caller, id: string) {
  const row = await findVisibleClaim(services.db, caller, id);
  if (!row) throw notFound(CLAIM_MESSAGES.notFound);
  return row;
}

async function visibleClaimOrNotFound(services: Services, caller: Caller, id: string) {
  return toClaim(await visibleRowOrNotFound(services, caller, id));
}

/** Names of the fields whose values differ (the audit log records what changed, not the values). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name])).sort();
}

/**
 * Claims. createClaim and updateClaim are bound by the claim definition, so their bodies arrive checked
 * (server/form-check): the handlers store the checked body, which the rules have cleaned.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock } = services;
  return {
    async searchClaims(request) {
      return searchVisibleClaims(db, callerOf(request), request.query);
    },

    async listClaimAccounts(request) {
      return claimAccounts(db, callerOf(request), request.query.search);
    },

    async getClaim(request) {
      return visibleClaimOrNotFound(services, callerOf(request), request.params.claimId);
    },

    async createClaim(request, reply) {
      const caller = callerOf(request);
      const accountId = request.query.accountId ?? caller.accountId;
      const account = await findVisibleAccount(db, caller, accountId);
      if (!account) throw notFound(CLAIM_MESSAGES.accountNotFound);
      // Spec 001 (issue 10): an agency reports claims for its clients; its own account has no insured loss.
      if (managesClients(account.account_type)) throw new HttpError(400, CLAIM_MESSAGES.agencyOwnAccount);
      const data = checkedBodyOf(request);
      const edition = editionOf(request);
      // A client's claim belongs to the agency that manages the client.
      const agencyId = account.agency_id;
      const id = await db.transaction(async (tx) => {
        const created = await insertClaim(tx, { accountId: account.id, agencyId, edition, data, userId: caller.userId, at: clock.now() });
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'claim.create', target: created, address: request.ip,
          detail: { accountId: account.id, agencyId, edition },
        });
        return created;
      });
      return reply.code(201).send(await visibleClaimOrNotFound(services, caller, id));
    },

    async updateClaim(request) {
      const caller = callerOf(request);
      const id = request.params.claimId;
      const before = await visibleRowOrNotFound(services, caller, id);
      const data = checkedBodyOf(request);
      const edition = editionOf(request);
      await db.transaction(async (tx) => {
        if (!(await lockVisibleClaim(tx, caller, id))) throw notFound(CLAIM_MESSAGES.notFound);
        await updateClaimData(tx, { id, edition, data, userId: caller.userId, at: clock.now() });
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'claim.update', target: id, address: request.ip,
          detail: { accountId: before.account_id, edition, status: before.status, changed: changedFields(dataOf(before), data) },
        });
      });
      return visibleClaimOrNotFound(services, caller, id);
    },

    async fileClaim(request) {
      const caller = callerOf(request);
      const id = request.params.claimId;
      const before = await visibleRowOrNotFound(services, caller, id);
      if (before.is_filed) throw new HttpError(409, CLAIM_MESSAGES.alreadyFiled);
      // The stored claim is checked again as it is filed: a published change to the form may have made it incomplete.
      await checkWithDefinition(services, request, CLAIM_DEFINITION_ID, dataOf(before));
      await db.transaction(async (tx) => {
        const locked = await lockVisibleClaim(tx, caller, id);
        if (!locked) throw notFound(CLAIM_MESSAGES.notFound);
        if (locked.status === 'FILED') throw new HttpError(409, CLAIM_MESSAGES.alreadyFiled);
        const claimNumber = await markFiled(tx, { id, userId: caller.userId, at: clock.now() });
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'claim.file', target: id, address: request.ip,
          detail: { accountId: before.account_id, claimNumber },
        });
      });
      return visibleClaimOrNotFound(services, caller, id);
    },

    async deleteClaim(request) {
      const caller = callerOf(request);
      const id = request.params.claimId;
      await db.transaction(async (tx) => {
        const locked = await lockVisibleClaim(tx, caller, id);
        if (!locked) throw notFound(CLAIM_MESSAGES.notFound);
        if (locked.status === 'FILED') throw new HttpError(409, CLAIM_MESSAGES.filedCannotBeDeleted);
        const before = await findVisibleClaim(tx, caller, id);
        await deleteClaimRow(tx, id);
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'claim.delete', target: id, address: request.ip,
          detail: { accountId: before?.account_id, status: locked.status, companyName: before?.company_name ?? null },
        });
      });
      return { message: 'Claim deleted' };
    },
  };
};
