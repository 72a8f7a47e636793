import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { editionOf, type HandlerModule } from '../../contract/handlers.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { notFound } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { insertOrganisation, inviteAdministrator } from '../organisations/create-organisation.ts';
import { assertHostnameFree, normaliseHostname, writeProfile } from '../organisations/organisation-profile.ts';
import { agencyReachOf, agencyWriteReachOf, type AgencyReach } from './agency-reach.ts';
import { logoHandlers } from './logos.ts';
import { findAgency, renameAgency, searchAgencies, searchAgencyUsers } from './repository.ts';

/** The agencies' answers that are not the agency form's own messages (those come from definitions/forms/agency.json). */
export const AGENCY_TEXTS = {
  notFound: 'Agency not found.',
  /** The role the contact of a new agency is invited as (spec 001: 'invites the contact as its Agency Admin'). */
  adminRole: 'agency-admin',
} as const;

/** A caller outside every agency's reach is refused outright (a policyholder, a carrier, a vendor). */
function readReach(caller: Caller): AgencyReach {
  return agencyReachOf(caller);
}

/**
 * Agencies (spec 001 sections 3, 5 and 7). createAgency and updateAgency are bound by definitions/forms/agency.json
 * and updateOwnAgency by definitions/forms/agency-profile.json, so their bodies arrive checked and trimmed
 * (server/form-check). Provider staff administer every agency; a cluster or an aggregator reads its own
 * agencies; an agency reads and edits its own profile and logos only.
 */
export const handlers: HandlerModule = (services) => ({
  ...logoHandlers(services),

  async searchAgencies(request) {
    return searchAgencies(services.db, readReach(callerOf(request)), request.query);
  },

  async getAgency(request) {
    const agency = await findAgency(services.db, readReach(callerOf(request)), request.params.id);
    if (!agency) throw notFound(AGENCY_TEXTS.notFound);
    return agency;
  },

  async searchAgencyUsers(request) {
    const agency = await findAgency(services.db, readReach(callerOf(request)), request.query.agencyId);
    if (!agency) throw notFound(AGENCY_TEXTS.notFound);
    return searchAgencyUsers(services.db, agency.id, request.query);
  },

  async createAgency(request, reply) {
    const caller = callerOf(request);
    const body = checkedBodyOf(request);
    const hostname = normaliseHostname(body.hostname);
    const created = await services.db.transaction((tx) =>
      insertOrganisation(tx, services, {
        accountType: 'AGENCY',
        name: String(body.name),
        edition: editionOf(request),
        npn: body.npn ?? null,
        profile: {
          description: body.description ?? null, hostname, agencyCode: body.agencyId ?? null,
          contactFirstName: body.contactFirstName ?? null, contactLastName: body.contactLastName ?? null,
          contactEmail: body.contactEmail?.toLowerCase() ?? null, contactPhone: body.contactPhone ?? null,
          additionalBrokerFee: body.additionalBrokerFee ?? null,
        },
        admin: body.contactEmail
          ? { firstName: String(body.contactFirstName), lastName: String(body.contactLastName), email: body.contactEmail, phone: body.contactPhone ?? null, roleId: AGENCY_TEXTS.adminRole }
          : null,
      }, { userId: caller.userId, address: request.ip, action: 'agency.create' }));
    await inviteAdministrator(services, created.invitee);
    return reply.code(201).send((await findAgency(services.db, { kind: 'all' }, created.accountId))!);
  },

  async updateAgency(request) {
    const caller = callerOf(request);
    const body = checkedBodyOf(request);
    const hostname = normaliseHostname(body.hostname);
    await services.db.transaction(async (tx) => {
      const agency = await findAgency(tx, agencyWriteReachOf(caller), request.params.id, true);
      if (!agency) throw notFound(AGENCY_TEXTS.notFound);
      await assertHostnameFree(tx, hostname, agency.id);
      const fields = {
        description: body.description ?? null, hostname, agencyCode: body.agencyId ?? null,
        contactFirstName: body.contactFirstName ?? null, contactLastName: body.contactLastName ?? null,
        contactEmail: body.contactEmail?.toLowerCase() ?? null, contactPhone: body.contactPhone ?? null,
        additionalBrokerFee: body.additionalBrokerFee ?? null,
      };
      const name = String(body.name ?? agency.name);
      // The UK form has no NPN (a US licence number): the stored one stays.
      const npn = body.npn ?? agency.npn ?? null;
      await renameAgency(tx, agency.id, name, npn);
      await writeProfile(tx, services.clock, agency.id, fields, caller.userId);
      await audit(tx, services.clock, {
        actorUserId: caller.userId, action: 'agency.update', target: agency.id, address: request.ip,
        detail: { name, npn, ...fields, before: { name: agency.name, npn: agency.npn, hostname: agency.hostname, contactEmail: agency.contactEmail, additionalBrokerFee: agency.additionalBrokerFee } },
      });
    });
    return (await findAgency(services.db, { kind: 'all' }, request.params.id))!;
  },

  async getOwnAgency(request) {
    const caller = callerOf(request);
    const agency = caller.accountType === 'AGENCY' ? await findAgency(services.db, { kind: 'self', agencyId: caller.accountId }, caller.accountId) : null;
    if (!agency) throw notFound(AGENCY_TEXTS.notFound);
    return agency;
  },

  async updateOwnAgency(request) {
    const caller = callerOf(request);
    const body = checkedBodyOf(request);
    if (caller.accountType !== 'AGENCY') throw notFound(AGENCY_TEXTS.notFound);
    const fields = {
      description: body.description ?? null,
      contactFirstName: body.contactFirstName ?? null, contactLastName: body.contactLastName ?? null,
      contactEmail: body.contactEmail?.toLowerCase() ?? null, contactPhone: body.contactPhone ?? null,
    };
    await services.db.transaction(async (tx) => {
      const agency = await findAgency(tx, { kind: 'self', agencyId: caller.accountId }, caller.accountId, true);
      if (!agency) throw notFound(AGENCY_TEXTS.notFound);
      await writeProfile(tx, services.clock, agency.id, fields, caller.userId);
      await audit(tx, services.clock, { actorUserId: caller.userId, action: 'agency.profile-update', target: agency.id, address: request.ip, detail: fields });
    });
    return (await findAgency(services.db, { kind: 'self', agencyId: caller.accountId }, caller.accountId))!;
  },
});
