import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { PROVIDER_ACCOUNT_TYPE } from '../../auth/session-context.ts';
import { editionOf, type HandlerModule } from '../../contract/handlers.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { forbidden, HttpError, MESSAGES, notFound } from '../../http/http-error.ts';
import { findVisibleAccount, toAccount } from '../../repositories/accounts.ts';
import { featureFlagsOf } from '../../repositories/feature-flags.ts';
import type { Caller } from '../../services.ts';
import { managesClients } from '../../tenancy/tenant-scope.ts';
import { insertSubmission } from '../submissions/repository.ts';
import { ACCOUNT_TEXTS, checkAddress, normalisePhone } from './address-rules.ts';
import { verifyAddress } from './address-verifier.ts';
import { insertBusinessAccount } from './create-account.ts';
import { directoryFirmographics, firmographicsOfEntry, localScanner, type Firmographics } from './providers.ts';
import {
  businessAccountRecord, directoryEntry, findVisibleBusinessAccount, searchAccountMatches, searchVisibleAccounts, toScan,
  type VisibleBusinessAccount,
} from './repository.ts';
import { listInterestedAgencies, removeMyAgent, setMyAgent } from './my-agent.ts';
import { agencyOptions, agentOptions, teamOptions } from './options.ts';

/** The accounts' answers that are not the forms' own messages (those come from the definitions). */
export const ACCOUNT_MESSAGES = {
  agentRequired: 'Please select a Agent',
  brokerRequired: 'Please select a Broker',
  unknownDirectoryEntry: 'The picked company is not in the directory.',
  wrongEdition: ACCOUNT_TEXTS.agencyRequired,
  deleted: 'Account deleted',
  hasClaims: (count: number) => `This account cannot be deleted: it has ${count} claim${count === 1 ? '' : 's'}.`,
  hasUsers: (count: number) => `This account cannot be deleted: it has ${count} user${count === 1 ? '' : 's'}.`,
  hasWorkedSubmissions: 'This account cannot be deleted: underwriting has started on its submissions.',
  hasOtherRecords: 'This account cannot be deleted: other records refer to it.',
  noDirectoryMatch: 'No company in the directory matches this account, so there is nothing to refresh.',
  noDomainToScan: 'This account has no primary domain to scan.',
  contactMissing: "Update this account's organization contact info and try again",
  noManagingAgency: 'This account has no agency, so it has no agent to change.',
  teamNotOfAgency: 'Team is a required field.',
  agentNotOfAgency: 'The selected agent is not a user of this agency.',
  hasDomain: 'This account has a primary domain; there is nothing to attest.',
  noDetails: "This account's address has not been entered yet.",
  attestRequired: 'Please confirm that the organization has no primary web domain.',
} as const;

/** The provider's own admins (Super Admin): the only callers who may confirm an unverified address. */
export function isProviderAdmin(caller: Caller): boolean {
  return caller.accountType === PROVIDER_ACCOUNT_TYPE && caller.permissions.has('account:write');
}

export const handlers: HandlerModule = (services) => {
  const { db, clock } = services;

  const visibleOr404 = async (caller: Caller, id: string, lock = false, queryable = db as Parameters<typeof findVisibleBusinessAccount>[0]) => {
    const row = await findVisibleBusinessAccount(queryable, caller, id, lock);
    if (!row) throw notFound(MESSAGES.accountNotFound);
    return row;
  };

  /** The agency an account is created under: the caller's own, or for provider staff the one chosen. */
  const creationAgency = (caller: Caller, chosen: string | undefined): string => {
    if (caller.accountType === PROVIDER_ACCOUNT_TYPE) {
      if (!chosen) throw new HttpError(400, ACCOUNT_TEXTS.agencyRequired, { errors: [{ field: 'agency', message: ACCOUNT_TEXTS.agencyRequired }] });
      return chosen;
    }
    if (!managesClients(caller.accountType)) throw forbidden();
    return caller.accountId;
  };

  return {
    async getAccount(request) {
      const account = await findVisibleAccount(db, callerOf(request), request.params.id);
      if (!account) throw notFound(MESSAGES.accountNotFound);
      return toAccount(account);
    },

    async searchAccounts(request) {
      return searchVisibleAccounts(db, callerOf(request), request.query);
    },

    async searchAccountMatches(request) {
      return searchAccountMatches(db, callerOf(request), editionOf(request), request.query);
    },

    async listAccountAgencies(request) {
      return { content: await agencyOptions(db, callerOf(request), editionOf(request), request.query.search) };
    },

    async listAccountTeams(request) {
      return { content: await teamOptions(db, callerOf(request), request.query.agencyId) };
    },

    async listAccountAgents(request) {
      return { content: await agentOptions(db, callerOf(request), request.query.agencyId, request.query.teamId) };
    },

    async verifyAddress(request) {
      const edition = editionOf(request);
      const body = request.body;
      const checked = checkAddress({ address1: body.street, address2: body.address2, address3: body.address3, city: body.city, state: body.state, zipCode: body.zipCode }, edition);
      if ('faults' in checked) {
        throw new HttpError(400, checked.faults[0]!.message, { errors: checked.faults.map((fault) => ({ field: fault.field === 'address1' ? 'street' : fault.field, message: fault.message })) });
      }
      return { ...verifyAddress(checked.address, edition), mayConfirm: isProviderAdmin(callerOf(request)) };
    },

    async createAccount(request, reply) {
      const caller = callerOf(request);
      const edition = editionOf(request);
      const body = checkedBodyOf(request);
      const agencyId = creationAgency(caller, body.agency);
      if (caller.accountType === PROVIDER_ACCOUNT_TYPE && !body.agent) {
        // The form asks for the agent once the account is picked; the stage itself is the dialog's, never sent.
        const message = edition === 'uk' ? ACCOUNT_MESSAGES.brokerRequired : ACCOUNT_MESSAGES.agentRequired;
        throw new HttpError(400, message, { errors: [{ field: 'agent', message }] });
      }
      const [agency] = await db.query<{ edition: string }>('SELECT edition FROM accounts WHERE id = $1::uuid', [agencyId]);
      if (!agency || agency.edition !== edition) throw new HttpError(400, ACCOUNT_MESSAGES.wrongEdition, { errors: [{ field: 'agency', message: ACCOUNT_MESSAGES.wrongEdition }] });
      const entry = body.cbid ? await directoryEntry(db, body.cbid) : null;
      if (body.cbid && (!entry || entry.country !== (edition === 'uk' ? 'GB' : 'US'))) throw new HttpError(400, ACCOUNT_MESSAGES.unknownDirectoryEntry);
      const flags = await featureFlagsOf(db, edition);
      const withSubmission = flags['submissions-view'] === true;
      // An agency user looks after the accounts it creates unless it names another agent of its agency.
      const agentUserId = body.agent ?? (caller.accountType === PROVIDER_ACCOUNT_TYPE ? null : caller.userId);

      const result = await db.transaction(async (tx) => {
        const created = await insertBusinessAccount(tx, clock, {
          agencyId,
          name: String(body.accountName ?? ''),
          teamId: body.team ?? null,
          agentUserId,
          address: { address1: body.street, address2: body.address2, address3: body.address3, city: body.city, state: body.state, zipCode: body.zipCode },
          phone: body.phone ?? entry?.phone ?? null,
          domainName: body.domainName ?? entry?.domain_name ?? null,
          industryCode: (edition === 'uk' ? body.sicCode : body.naicsCode) ?? entry?.industry_code ?? null,
          cbid: entry?.cbid ?? null,
          confirmUnverifiedAddress: body.confirmUnverifiedAddress === true,
        }, { userId: caller.userId, ip: request.ip, source: entry ? 'search' : 'lookup', mayConfirmUnverifiedAddress: isProviderAdmin(caller) });
        const now = clock.now();
        // The creating agency is interested in its new client.
        await tx.query(
          'INSERT INTO account_interested_agencies (account_id, agency_id, agent_user_id, added_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
          [created.accountId, agencyId, created.agentUserId, now],
        );
        if (entry) await saveFirmographics(tx, created.accountId, firmographicsOfEntry(entry), caller.userId, now);
        let submission: { id: string; submissionNumber: string } | null = null;
        if (withSubmission) {
          submission = await insertSubmission(tx, { accountId: created.accountId, agencyId, agentUserId: created.agentUserId, teamId: created.teamId, createdBy: caller.userId, at: now });
          await audit(tx, clock, {
            actorUserId: caller.userId, action: 'submission.create', target: submission.id, address: request.ip,
            detail: { submissionNumber: submission.submissionNumber, accountId: created.accountId, agencyId },
          });
        }
        return { accountId: created.accountId, submission };
      });
      const row = await visibleOr404(caller, result.accountId);
      return reply.code(201).send({ message: ACCOUNT_TEXTS.created, account: await businessAccountRecord(db, row), submission: result.submission });
    },

    async getBusinessAccount(request) {
      const caller = callerOf(request);
      return businessAccountRecord(db, await visibleOr404(caller, request.params.id));
    },

    async deleteAccount(request) {
      const caller = callerOf(request);
      await db.transaction(async (tx) => {
        const account = await visibleOr404(caller, request.params.id, true, tx);
        const [counts] = await tx.query<{ claims: number; users: number; worked: number; submissions: number }>(
          `SELECT (SELECT count(*)::int FROM claims WHERE account_id = $1) AS claims,
                  (SELECT count(*)::int FROM users WHERE account_id = $1) AS users,
                  (SELECT count(*)::int FROM submissions WHERE account_id = $1 AND status <> 'REQUESTED') AS worked,
                  (SELECT count(*)::int FROM submissions WHERE account_id = $1) AS submissions`,
          [account.id],
        );
        if (counts!.claims > 0) throw new HttpError(409, ACCOUNT_MESSAGES.hasClaims(counts!.claims));
        if (counts!.users > 0) throw new HttpError(409, ACCOUNT_MESSAGES.hasUsers(counts!.users));
        if (counts!.worked > 0) throw new HttpError(409, ACCOUNT_MESSAGES.hasWorkedSubmissions);
        try {
          await tx.query('DELETE FROM submissions WHERE account_id = $1', [account.id]);
          await tx.query('DELETE FROM teams WHERE account_id = $1', [account.id]);
          await tx.query('DELETE FROM accounts WHERE id = $1', [account.id]);
        } catch (error) {
          // Another area's record (a tag, a licence, an upload ...) still refers to the account.
          if ((error as { code?: string }).code === '23503') throw new HttpError(409, ACCOUNT_MESSAGES.hasOtherRecords);
          throw error;
        }
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'account.delete', target: account.id, address: request.ip,
          detail: { name: account.name, agencyId: account.agency_id, submissionsDeleted: counts!.submissions },
        });
      });
      return { message: ACCOUNT_MESSAGES.deleted };
    },

    async refreshAccountFirmographics(request) {
      const caller = callerOf(request);
      await db.transaction(async (tx) => {
        const account = await visibleOr404(caller, request.params.id, true, tx);
        const found = await directoryFirmographics.lookup(tx, account);
        if (!found) throw new HttpError(409, ACCOUNT_MESSAGES.noDirectoryMatch);
        await saveFirmographics(tx, account.id, found, caller.userId, clock.now());
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'account.firmographics.refresh', target: account.id, address: request.ip,
          detail: { source: directoryFirmographics.source, cbid: found.cbid, employees: found.employees, revenue: found.revenue },
        });
      });
      return businessAccountRecord(db, await visibleOr404(caller, request.params.id));
    },

    async scanAccount(request, reply) {
      const caller = callerOf(request);
      const scan = await db.transaction(async (tx) => {
        const account = await visibleOr404(caller, request.params.id, true, tx);
        if (!account.domain_name) throw new HttpError(409, ACCOUNT_MESSAGES.noDomainToScan);
        const result = localScanner.scan(account.domain_name);
        const [row] = await tx.query<{ id: string; domain_name: string; source: string; score: number; findings: unknown; scanned_at: Date }>(
          `INSERT INTO account_scans (account_id, domain_name, source, score, findings, scanned_at, scanned_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, domain_name, source, score, findings, scanned_at`,
          [account.id, account.domain_name, localScanner.source, result.score, JSON.stringify(result.findings), clock.now(), caller.userId],
        );
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'account.scan', target: account.id, address: request.ip,
          detail: { source: localScanner.source, domainName: account.domain_name, score: result.score },
        });
        return toScan(row!);
      });
      return reply.code(201).send(scan);
    },

    async searchAccountScans(request) {
      const caller = callerOf(request);
      const account = await visibleOr404(caller, request.query.accountId);
      const size = request.query.size ?? 25;
      const page = request.query.page ?? 0;
      const ascending = /,asc$/i.test(request.query.sort ?? '');
      const column = (request.query.sort ?? 'scanned').startsWith('score') ? 'score' : 'scanned_at';
      const rows = await db.query<{ id: string; domain_name: string; source: string; score: number; findings: unknown; scanned_at: Date }>(
        `SELECT id, domain_name, source, score, findings, scanned_at FROM account_scans WHERE account_id = $1
         ORDER BY ${column} ${ascending ? 'ASC' : 'DESC'}, id LIMIT $2 OFFSET $3`,
        [account.id, size, page * size],
      );
      const [count] = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM account_scans WHERE account_id = $1', [account.id]);
      return { content: rows.map(toScan), totalElements: count!.total, page, size };
    },

    async changeAccountAgent(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      await db.transaction(async (tx) => {
        const account = await visibleOr404(caller, request.params.id, true, tx);
        if (!account.agency_id) throw new HttpError(409, ACCOUNT_MESSAGES.noManagingAgency);
        if (!account.address1 || !account.contact_first_name || !account.contact_last_name) throw new HttpError(400, ACCOUNT_MESSAGES.contactMissing);
        const [team] = await tx.query<{ id: string; name: string }>('SELECT id, name FROM teams WHERE id = $1::uuid AND account_id = $2', [body.team, account.agency_id]);
        if (!team) throw new HttpError(400, ACCOUNT_MESSAGES.teamNotOfAgency, { errors: [{ field: 'team', message: ACCOUNT_MESSAGES.teamNotOfAgency }] });
        const [agent] = await tx.query<{ id: string }>('SELECT id FROM users WHERE id = $1::uuid AND account_id = $2', [body.agent, account.agency_id]);
        if (!agent) throw new HttpError(400, ACCOUNT_MESSAGES.agentNotOfAgency, { errors: [{ field: 'agent', message: ACCOUNT_MESSAGES.agentNotOfAgency }] });
        await tx.query('UPDATE account_details SET agent_user_id = $2, team_id = $3, modified_at = $4 WHERE account_id = $1', [account.id, agent.id, team.id, clock.now()]);
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'account.agent.change', target: account.id, address: request.ip,
          detail: { fromAgentUserId: account.agent_user_id, toAgentUserId: agent.id, fromTeamId: account.team_id, toTeamId: team.id },
        });
      });
      return businessAccountRecord(db, await visibleOr404(caller, request.params.id));
    },

    async updateAccountContact(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const edition = editionOf(request);
      let phone: string | null = null;
      if (body.contactPhone) {
        phone = normalisePhone(body.contactPhone, edition);
        const message = edition === 'uk' ? ACCOUNT_TEXTS.phoneUk : ACCOUNT_TEXTS.phoneUs;
        if (!phone) throw new HttpError(400, message, { errors: [{ field: 'contactPhone', message }] });
      }
      await db.transaction(async (tx) => {
        const account = await visibleOr404(caller, request.params.id, true, tx);
        if (!account.address1) throw new HttpError(409, ACCOUNT_MESSAGES.noDetails);
        await tx.query(
          `UPDATE account_details SET contact_first_name = $2, contact_last_name = $3, contact_email = $4, contact_phone = $5, modified_at = $6 WHERE account_id = $1`,
          [account.id, body.contactFirstName ?? null, body.contactLastName ?? null, body.contactEmail?.toLowerCase() ?? null, phone, clock.now()],
        );
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'account.contact.update', target: account.id, address: request.ip,
          detail: { from: { firstName: account.contact_first_name, lastName: account.contact_last_name, email: account.contact_email },
            to: { firstName: body.contactFirstName ?? null, lastName: body.contactLastName ?? null, email: body.contactEmail ?? null } },
        });
      });
      return businessAccountRecord(db, await visibleOr404(caller, request.params.id));
    },

    async attestNoDomain(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      if (body.attest !== true) throw new HttpError(400, ACCOUNT_MESSAGES.attestRequired, { errors: [{ field: 'attest', message: ACCOUNT_MESSAGES.attestRequired }] });
      await db.transaction(async (tx) => {
        const account: VisibleBusinessAccount = await visibleOr404(caller, request.params.id, true, tx);
        if (!account.address1) throw new HttpError(409, ACCOUNT_MESSAGES.noDetails);
        if (account.domain_name) throw new HttpError(409, ACCOUNT_MESSAGES.hasDomain);
        const now = clock.now();
        await tx.query('UPDATE account_details SET no_domain_attested_at = $2, no_domain_attested_by = $3, modified_at = $2 WHERE account_id = $1', [account.id, now, caller.userId]);
        await audit(tx, clock, { actorUserId: caller.userId, action: 'account.no-domain.attest', target: account.id, address: request.ip, detail: { name: account.name } });
      });
      return businessAccountRecord(db, await visibleOr404(caller, request.params.id));
    },

    async listInterestedAgencies(request) {
      const caller = callerOf(request);
      const account = await visibleOr404(caller, request.query.accountId ?? caller.accountId);
      return listInterestedAgencies(db, account.id, request.query);
    },

    async setMyAgent(request) {
      const caller = callerOf(request);
      const account = await visibleOr404(caller, request.params.id);
      mayChooseAgent(caller, account.id);
      return setMyAgent(db, clock, account.id, request.params.agencyId, { userId: caller.userId, ip: request.ip });
    },

    async removeMyAgent(request) {
      const caller = callerOf(request);
      const account = await visibleOr404(caller, request.params.id);
      mayChooseAgent(caller, account.id);
      await removeMyAgent(db, clock, account.id, { userId: caller.userId, ip: request.ip });
      return { message: 'Your agent has been removed' };
    },
  };
};

/** The policyholder chooses its own agent (and provider staff on its behalf); an agency may not. */
function mayChooseAgent(caller: Caller, accountId: string): void {
  const ownAccount = caller.accountId === accountId && caller.accountType === 'CUSTOMER';
  if (!ownAccount && !isProviderAdmin(caller)) throw forbidden();
}

async function saveFirmographics(tx: Parameters<typeof directoryFirmographics.lookup>[0], accountId: string, found: Firmographics, userId: string | null, at: Date): Promise<void> {
  await tx.query(
    `INSERT INTO account_firmographics (account_id, source, cbid, duns_number, employees, revenue, year_established, ownership_type, entity_type,
       industry_code, refreshed_at, refreshed_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (account_id) DO UPDATE SET source = EXCLUDED.source, cbid = EXCLUDED.cbid, duns_number = EXCLUDED.duns_number,
       employees = EXCLUDED.employees, revenue = EXCLUDED.revenue, year_established = EXCLUDED.year_established,
       ownership_type = EXCLUDED.ownership_type, entity_type = EXCLUDED.entity_type, industry_code = EXCLUDED.industry_code,
       refreshed_at = EXCLUDED.refreshed_at, refreshed_by = EXCLUDED.refreshed_by`,
    [accountId, directoryFirmographics.source, found.cbid, found.dunsNumber, found.employees, found.revenue, found.yearEstablished,
      found.ownershipType, found.entityType, found.industryCode, at, userId],
  );
}
