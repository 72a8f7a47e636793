import type { FastifyRequest } from 'fastify';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { findVisibleAccount } from '../../repositories/accounts.ts';
import { managesClients } from '../../tenancy/tenant-scope.ts';
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
import {
  CLAIM_MESSAGES,
  claimDefinition,
  claimRefused,
  flagsFor,
  ruleContextFor,
  todayIn,
  validateClaim,
} from './claim-messages.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Caller, Services } from '../../services.ts';
import { editionOf, type HandlerModule } from '../../contract/handlers.ts';

const claimIdOf = (request: FastifyRequest) => (request.params as { claimId: string }).claimId;

/** The client's time zone header (api/client.ts sends it), for the rules' `today`. */
function timeZoneOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-timezone'];
  return typeof value === 'string' && value.length <= 64 ? value : undefined;
}

/**
 * Checks a claim body against the claim definition of the request's edition, as published now, with the
 * caller's persona in the rules' context. Answers the data to store, or throws 400 'Error saving claim'.
 */
async function checkedClaimData(services: Services, request: FastifyRequest, caller: Caller, body: Record<string, unknown>) {
  const edition = editionOf(request);
  const [definition, flags] = await Promise.all([claimDefinition(services.definitions, edition), flagsFor(services.db, edition)]);
  const context = ruleContextFor(caller, edition, todayIn(services.clock, timeZoneOf(request)), flags);
  const checked = validateClaim(definition, context, body);
  if (!checked.ok) throw claimRefused(checked.errors);
  return { edition, data: checked.data };
}

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

export const handlers: HandlerModule = (services) => {
  const { db, clock } = services;
  return {
    async searchClaims(request) {
      return searchVisibleClaims(db, callerOf(request), request.query);
    },

    async listClaimAccounts(request) {
      return claimAccounts(db, callerOf(request), (request.query).search);
    },

    async getClaim(request) {
      return visibleClaimOrNotFound(services, callerOf(request), claimIdOf(request));
    },

    async createClaim(request, reply) {
      const caller = callerOf(request);
      const accountId = (request.query).accountId ?? caller.accountId;
      const account = await findVisibleAccount(db, caller, accountId);
      if (!account) throw notFound(CLAIM_MESSAGES.accountNotFound);
      const { edition, data } = await checkedClaimData(services, request, caller, request.body);
      const agencyId = managesClients(account.account_type) ? account.id : account.agency_id;
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
      const id = claimIdOf(request);
      const before = await visibleRowOrNotFound(services, caller, id);
      const { edition, data } = await checkedClaimData(services, request, caller, request.body);
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
      const id = claimIdOf(request);
      const before = await visibleRowOrNotFound(services, caller, id);
      if (before.is_filed) throw new HttpError(409, CLAIM_MESSAGES.alreadyFiled);
      // The claim is checked again as it is filed: a published change to the form may have made it incomplete.
      await checkedClaimData(services, request, caller, dataOf(before));
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
      const id = claimIdOf(request);
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
