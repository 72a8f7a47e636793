import type { FastifyRequest } from 'fastify';
import { todayIn } from '../../../engine/index.ts';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { editionOf, type HandlerModule } from '../../contract/handlers.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { withKnownFields } from '../../form-check/known-fields.ts';
import { timeZoneOf } from '../../form-check/request-rule-context.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError, MESSAGES, notFound } from '../../http/http-error.ts';
import { findVisibleAccount } from '../../repositories/accounts.ts';
import type { Caller } from '../../services.ts';
import { tenantScopeOf } from '../../tenancy/tenant-scope.ts';
import { findLicenseAgency, findLicenseAgent, searchLicenseAgencies, searchLicenseAgents, type LicenseAgency } from './holders.ts';
import { findNotice, listNotices, noticeFile, NOTICE_TEXTS, readNoticeUpload, storeNotice } from './notice-templates.ts';
import {
  agencyLicenseTaken, agentLicenseTaken, agentsLicensedIn, clearResidentState, deleteAgencyLicenseRow, deleteAgentLicenseRow,
  deleteSurplusLicenseRow, findAgencyLicense, findAgentLicense, findSurplusLicense, insertAgencyLicense, insertAgentLicense,
  insertSurplusLicense, searchAgencyLicenses, searchAgentLicenses, searchAllAgentLicenses, searchSurplusLicenses, surplusLicenseTaken,
  updateAgencyLicenseRow, updateAgentLicenseRow, updateSurplusLicenseRow, type SurplusLicense,
} from './repository.ts';

/**
 * The licences' answers (spec 001 section 8 Licences, verbatim with their missing spaces and spelling), and
 * ours where the spec shows none. The forms' own field messages come from their definitions.
 */
export const LICENSE_TEXTS = {
  agencyAddFailed: 'Not able to add license at this time.Please try again later.',
  agentAddFailed: 'Cannot add license at this time.Please try again later.',
  addFailed: 'Failed to add license. Please try again!',
  editFailed: 'Failed to edit license. Please try again!',
  surplusDone: 'Surplus License added, updated or deleted succesfully!',
  invalidAgency: 'The selected agency is invalid.',
  invalidAgent: 'The selected agent is invalid.',
  notFound: 'License not found.',
  idRequired: 'The license to save is named by its id.',
  numberTaken: 'A license with this number already exists in this state.',
  signatureRefused: 'Signature on file is set by provider staff, for a Louisiana or Montana license only.',
  deleted: 'License deleted',
  usOnly: 'Licenses by US state and surplus lines licenses are part of the US edition only.',
} as const;

/** The states whose surplus lines licences carry a signature on file (spec 001 section 5; spec 002: LA and MT). */
export const SIGNATURE_ON_FILE_STATES: readonly string[] = ['LA', 'MT'];

/** Licences by US state are a US notion: in the UK edition every licence operation answers 404 saying so. */
function requireUsEdition(request: FastifyRequest): void {
  if (editionOf(request) !== 'us') throw new HttpError(404, LICENSE_TEXTS.usOnly);
}

/**
 * A write's edition is decided before its form check (which runs ahead of the handler and would otherwise
 * answer a UK request with the form's messages): the form check asks the handler's known fields first.
 */
const usEditionFirst = async (request: FastifyRequest) => {
  requireUsEdition(request);
  return {};
};

const isProvider = (caller: Caller) => tenantScopeOf(caller).reach === 'all';

/** A 400 naming one field, in the shape the form check answers (the dialog puts the message under the field). */
function fieldRefusal(failure: string, field: string, message: string, code = 'invalid'): HttpError {
  return new HttpError(400, failure, { errors: [{ field, message, code }] });
}

/** The body as the caller sent it (the contract validated its shape): what the form check may have dropped. */
function rawBody(request: FastifyRequest): Record<string, unknown> {
  return typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
}

/**
 * The agency a licence is written for. Provider staff name it (the admin area's picker); in the agency area
 * the caller's own agency is used, and a body naming another agency is refused rather than quietly ignored.
 */
async function agencyForWrite(db: Queryable, request: FastifyRequest, caller: Caller, checkedAgencyId: unknown, failure: string): Promise<LicenseAgency> {
  const invalid = fieldRefusal(failure, 'agencyId', LICENSE_TEXTS.invalidAgency);
  if (isProvider(caller)) {
    const agency = typeof checkedAgencyId === 'string' ? await findLicenseAgency(db, caller, checkedAgencyId) : null;
    if (!agency) throw invalid;
    return agency;
  }
  const sent = rawBody(request).agencyId;
  if (typeof sent === 'string' && sent !== '' && sent !== caller.accountId) throw invalid;
  const own = await findLicenseAgency(db, caller, caller.accountId);
  if (!own) throw invalid;
  return own;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const optionalText = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function bodyId(request: FastifyRequest, failure: string): string {
  const id = checkedBodyOf(request as FastifyRequest<{ Body: { id?: string | null } }>).id;
  if (typeof id !== 'string' || id === '') throw fieldRefusal(failure, 'id', LICENSE_TEXTS.idRequired, 'required');
  return id;
}

export const handlers: HandlerModule = ({ db, clock }) => {
  const change = (caller: Caller) => ({ userId: caller.userId, at: clock.now() });

  return {
    // ------------------------------------------------------------ agency licences
    async searchAgencyLicenses(request) {
      requireUsEdition(request);
      return searchAgencyLicenses(db, callerOf(request), request.query);
    },

    async listLicenseAgencies(request) {
      requireUsEdition(request);
      return searchLicenseAgencies(db, callerOf(request), request.query);
    },

    async getAgencyLicense(request) {
      requireUsEdition(request);
      const license = await findAgencyLicense(db, callerOf(request), request.params.licenseId);
      if (!license) throw notFound(LICENSE_TEXTS.notFound);
      return license;
    },

    createAgencyLicense: withKnownFields<'createAgencyLicense'>(usEditionFirst, async (request, reply) => {
      requireUsEdition(request);
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const failure = LICENSE_TEXTS.agencyAddFailed;
      const agency = await agencyForWrite(db, request, caller, body.agencyId, failure);
      const values = {
        agencyId: agency.id, npn: optionalText(body.npn) ?? agency.npn, number: text(body.number), state: text(body.state),
        activeResidentState: body.activeResidentState === true, expirationDate: text(body.expirationDate),
      };
      const id = await db.transaction(async (tx) => {
        if (await agencyLicenseTaken(tx, values)) throw fieldRefusal(failure, 'number', LICENSE_TEXTS.numberTaken, 'taken');
        const unmarked = values.activeResidentState ? await clearResidentState(tx, agency.id) : [];
        const created = await insertAgencyLicense(tx, values, change(caller));
        await audit(tx, clock, { actorUserId: caller.userId, action: 'license.agency.create', target: created, address: request.ip, detail: { ...values, agencyName: agency.name, residentStateTakenFrom: unmarked } });
        return created;
      });
      return reply.code(201).send(await findAgencyLicense(db, caller, id));
    }),

    updateAgencyLicense: withKnownFields<'updateAgencyLicense'>(usEditionFirst, async (request) => {
      requireUsEdition(request);
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const failure = LICENSE_TEXTS.editFailed;
      const id = bodyId(request, failure);
      await db.transaction(async (tx) => {
        const before = await findAgencyLicense(tx, caller, id, true);
        if (!before) throw notFound(LICENSE_TEXTS.notFound);
        // Provider staff may move a licence to another agency; an agency's licence stays its own.
        const agency = await agencyForWrite(tx, request, caller, body.agencyId, failure);
        const values = {
          agencyId: agency.id, npn: optionalText(body.npn), number: text(body.number), state: text(body.state),
          activeResidentState: body.activeResidentState === true, expirationDate: text(body.expirationDate),
        };
        if (await agencyLicenseTaken(tx, values, id)) throw fieldRefusal(failure, 'number', LICENSE_TEXTS.numberTaken, 'taken');
        const unmarked = values.activeResidentState ? await clearResidentState(tx, agency.id, id) : [];
        await updateAgencyLicenseRow(tx, id, values, change(caller));
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'license.agency.update', target: id, address: request.ip,
          detail: { before: { ...before, createdAt: undefined, updatedAt: undefined }, after: values, residentStateTakenFrom: unmarked },
        });
      });
      return (await findAgencyLicense(db, caller, id))!;
    }),

    async deleteAgencyLicense(request) {
      requireUsEdition(request);
      const caller = callerOf(request);
      await db.transaction(async (tx) => {
        const license = await findAgencyLicense(tx, caller, request.params.licenseId, true);
        if (!license) throw notFound(LICENSE_TEXTS.notFound);
        await deleteAgencyLicenseRow(tx, license.id);
        await audit(tx, clock, { actorUserId: caller.userId, action: 'license.agency.delete', target: license.id, address: request.ip, detail: { ...license } });
      });
      return { message: LICENSE_TEXTS.deleted };
    },

    // ------------------------------------------------------------ agent licences
    async searchAgentLicenses(request) {
      requireUsEdition(request);
      return searchAgentLicenses(db, callerOf(request), request.query);
    },

    async searchAllAgentLicenses(request) {
      requireUsEdition(request);
      return searchAllAgentLicenses(db, callerOf(request), request.query);
    },

    async listLicenseAgents(request) {
      requireUsEdition(request);
      return searchLicenseAgents(db, callerOf(request), request.query);
    },

    async listAgentsLicensedInState(request) {
      const caller = callerOf(request);
      // Quoting a client account: its edition decides (provider staff quote accounts of either edition from one host).
      if (request.query.accountId) {
        const account = await findVisibleAccount(db, caller, request.query.accountId);
        if (!account) throw notFound(MESSAGES.accountNotFound);
        if (account.edition !== 'us') throw new HttpError(404, LICENSE_TEXTS.usOnly);
      } else {
        requireUsEdition(request);
      }
      return agentsLicensedIn(db, caller, request.params.state, todayIn(clock.now(), timeZoneOf(request)));
    },

    async getAgentLicense(request) {
      requireUsEdition(request);
      const license = await findAgentLicense(db, callerOf(request), request.params.licenseId);
      if (!license) throw notFound(LICENSE_TEXTS.notFound);
      return license;
    },

    createAgentLicense: withKnownFields<'createAgentLicense'>(usEditionFirst, async (request, reply) => {
      requireUsEdition(request);
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const failure = LICENSE_TEXTS.agentAddFailed;
      const agent = await findLicenseAgent(db, caller, text(body.agentId));
      if (!agent) throw fieldRefusal(failure, 'agentId', LICENSE_TEXTS.invalidAgent);
      const values = {
        agencyId: agent.agencyId, agentId: agent.id, npn: optionalText(body.npn) ?? agent.npn, number: text(body.number), state: text(body.state),
        expirationDate: text(body.expirationDate),
      };
      const id = await db.transaction(async (tx) => {
        if (await agentLicenseTaken(tx, values)) throw fieldRefusal(failure, 'number', LICENSE_TEXTS.numberTaken, 'taken');
        const created = await insertAgentLicense(tx, values, change(caller));
        await audit(tx, clock, { actorUserId: caller.userId, action: 'license.agent.create', target: created, address: request.ip, detail: { ...values, agentEmail: agent.email, agencyName: agent.agencyName } });
        return created;
      });
      return reply.code(201).send(await findAgentLicense(db, caller, id));
    }),

    updateAgentLicense: withKnownFields<'updateAgentLicense'>(usEditionFirst, async (request) => {
      requireUsEdition(request);
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const failure = LICENSE_TEXTS.editFailed;
      const id = bodyId(request, failure);
      await db.transaction(async (tx) => {
        const before = await findAgentLicense(tx, caller, id, true);
        if (!before) throw notFound(LICENSE_TEXTS.notFound);
        const agent = await findLicenseAgent(tx, caller, text(body.agentId));
        if (!agent) throw fieldRefusal(failure, 'agentId', LICENSE_TEXTS.invalidAgent);
        const values = {
          agencyId: agent.agencyId, agentId: agent.id, npn: optionalText(body.npn), number: text(body.number), state: text(body.state),
          expirationDate: text(body.expirationDate),
        };
        if (await agentLicenseTaken(tx, values, id)) throw fieldRefusal(failure, 'number', LICENSE_TEXTS.numberTaken, 'taken');
        await updateAgentLicenseRow(tx, id, values, change(caller));
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'license.agent.update', target: id, address: request.ip,
          detail: { before: { ...before, createdAt: undefined, updatedAt: undefined }, after: values },
        });
      });
      return (await findAgentLicense(db, caller, id))!;
    }),

    async deleteAgentLicense(request) {
      requireUsEdition(request);
      const caller = callerOf(request);
      await db.transaction(async (tx) => {
        const license = await findAgentLicense(tx, caller, request.params.licenseId, true);
        if (!license) throw notFound(LICENSE_TEXTS.notFound);
        await deleteAgentLicenseRow(tx, license.id);
        await audit(tx, clock, { actorUserId: caller.userId, action: 'license.agent.delete', target: license.id, address: request.ip, detail: { ...license } });
      });
      return { message: LICENSE_TEXTS.deleted };
    },

    // ------------------------------------------------------------ surplus lines licences
    async searchSurplusLicenses(request) {
      requireUsEdition(request);
      return searchSurplusLicenses(db, callerOf(request), request.query);
    },

    async getSurplusLicense(request) {
      requireUsEdition(request);
      const license = await findSurplusLicense(db, callerOf(request), request.params.id);
      if (!license) throw notFound(LICENSE_TEXTS.notFound);
      return license;
    },

    createSurplusLicense: withKnownFields<'createSurplusLicense'>(usEditionFirst, async (request, reply) => {
      requireUsEdition(request);
      const caller = callerOf(request);
      const failure = LICENSE_TEXTS.addFailed;
      const values = await surplusValues(db, request, caller, failure);
      const id = await db.transaction(async (tx) => {
        if (await surplusLicenseTaken(tx, values)) throw fieldRefusal(failure, 'surplusLicenseNumber', LICENSE_TEXTS.numberTaken, 'taken');
        const created = await insertSurplusLicense(tx, values, change(caller));
        await audit(tx, clock, { actorUserId: caller.userId, action: 'license.surplus.create', target: created, address: request.ip, detail: { ...values } });
        return created;
      });
      return reply.code(201).send(await findSurplusLicense(db, caller, id));
    }),

    updateSurplusLicense: withKnownFields<'updateSurplusLicense'>(usEditionFirst, async (request) => {
      requireUsEdition(request);
      const caller = callerOf(request);
      const failure = LICENSE_TEXTS.editFailed;
      const id = request.params.id;
      await db.transaction(async (tx) => {
        const before = await findSurplusLicense(tx, caller, id, true);
        if (!before) throw notFound(LICENSE_TEXTS.notFound);
        const values = await surplusValues(tx, request, caller, failure, before);
        if (await surplusLicenseTaken(tx, values, id)) throw fieldRefusal(failure, 'surplusLicenseNumber', LICENSE_TEXTS.numberTaken, 'taken');
        await updateSurplusLicenseRow(tx, id, values, change(caller));
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'license.surplus.update', target: id, address: request.ip,
          detail: { before: { ...before, createdAt: undefined, updatedAt: undefined }, after: values },
        });
      });
      return (await findSurplusLicense(db, caller, id))!;
    }),

    async deleteSurplusLicense(request) {
      requireUsEdition(request);
      const caller = callerOf(request);
      await db.transaction(async (tx) => {
        const license = await findSurplusLicense(tx, caller, request.params.id, true);
        if (!license) throw notFound(LICENSE_TEXTS.notFound);
        await deleteSurplusLicenseRow(tx, license.id);
        await audit(tx, clock, { actorUserId: caller.userId, action: 'license.surplus.delete', target: license.id, address: request.ip, detail: { ...license } });
      });
      return { message: LICENSE_TEXTS.surplusDone };
    },

    // ------------------------------------------------------------ surplus lines notice templates
    async listSurplusNotices(request) {
      requireUsEdition(request);
      return listNotices(db);
    },

    async uploadSurplusNotice(request, reply) {
      requireUsEdition(request);
      const caller = callerOf(request);
      // reference:write is the provider admins' permission; an agency's copy of it would still not reach here.
      if (!isProvider(caller)) throw new HttpError(403, 'Only provider staff upload surplus notice templates.');
      const upload = await readNoticeUpload(request);
      await db.transaction(async (tx) => {
        const replaced = await findNotice(tx, upload.state);
        const sha256 = await storeNotice(tx, upload, caller.userId, clock.now());
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'license.surplus-notice.upload', target: upload.state, address: request.ip,
          detail: { state: upload.state, fileName: upload.fileName, size: upload.content.length, sha256, replaced: replaced ? { fileName: replaced.fileName, uploadedAt: replaced.uploadedAt } : null },
        });
      });
      return reply.code(201).send(await findNotice(db, upload.state));
    },

    async getDocumentTemplate(request, reply) {
      requireUsEdition(request);
      const { state } = request.query;
      const file = await noticeFile(db, state);
      if (!file) throw notFound(NOTICE_TEXTS.noTemplate(state));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  };

  /**
   * A surplus licence's values from its checked body. The form shows signatureOnFile only to provider staff and
   * only for LA or MT, so the check drops it anywhere else; a body that still asked for it is refused, not
   * quietly saved without it.
   */
  async function surplusValues(tx: Queryable, request: FastifyRequest, caller: Caller, failure: string, before?: SurplusLicense) {
    const body = checkedBodyOf(request as FastifyRequest<{ Body: Record<string, unknown> }>);
    const state = text(body.surplusLinesState);
    const provider = isProvider(caller);
    const signatureAllowed = provider && SIGNATURE_ON_FILE_STATES.includes(state);
    if (rawBody(request).signatureOnFile === true && !signatureAllowed) throw fieldRefusal(failure, 'signatureOnFile', LICENSE_TEXTS.signatureRefused);
    const agency = await agencyForWrite(tx, request, caller, body.agencyId, failure);
    // The agency's form does not show the mark, so its edit keeps what provider staff set while the state stays.
    const signatureOnFile = provider ? signatureAllowed && body.signatureOnFile === true : before?.signatureOnFile === true && before.surplusLinesState === state;
    return {
      agencyId: agency.id, brokerFirstName: text(body.brokerFirstName), brokerLastName: text(body.brokerLastName), brokerEmail: text(body.brokerEmail).toLowerCase(),
      surplusLicenseNumber: text(body.surplusLicenseNumber), surplusLinesState: state, signatureOnFile,
    };
  }
};
