import type { FastifyRequest } from 'fastify';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { AGGREGATOR_HOSTNAME_SUFFIX } from '../../constants.ts';
import { editionOf, type OperationRequest, type TypedHandlers } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedBodyOf, type CheckedBody } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Services } from '../../services.ts';
import { findAgency } from '../agencies/repository.ts';
import { insertOrganisation, inviteAdministrator } from './create-organisation.ts';
import { assertHostnameFree, normaliseHostname, writeProfile, type ProfileFields } from './organisation-profile.ts';
import { ORGANISATION_TEXTS, ORGANISATION_TYPES, type OrganisationSegment, type OrganisationType } from './organisation-types.ts';
import { findOrganisation, organisationChoices, organisationNameTaken, organisationOfAgency, searchOrganisations } from './repository.ts';

type Fields = CheckedBody<OperationRequest<'createAggregator'>['body']>;

/** The profile an organisation form's checked body describes; an aggregator's host is its subdomain plus the fixed suffix. */
function profileOf(type: OrganisationType, body: Fields): ProfileFields {
  const subdomain = body.subdomain?.toLowerCase();
  return {
    description: body.description ?? null,
    ...(type.accountType === 'DIGITAL'
      ? { hostname: subdomain ? normaliseHostname(`${subdomain}${AGGREGATOR_HOSTNAME_SUFFIX}`) : null, domain: body.domain?.toLowerCase() ?? null }
      : {}),
    phone: body.phone ?? null,
    address1: body.address1 ?? null,
    city: body.city ?? null,
    state: body.state ?? null,
    zipCode: body.zipCode?.toUpperCase() ?? null,
    contactFirstName: body.contactFirstName ?? null,
    contactLastName: body.contactLastName ?? null,
    contactEmail: body.contactEmail?.toLowerCase() ?? null,
    contactPhone: body.contactPhone ?? null,
  };
}

async function visibleOrganisation(db: Queryable, type: OrganisationType, id: string, lock = false) {
  const organisation = await findOrganisation(db, type, id, lock);
  if (!organisation) throw notFound(type.texts.notFound);
  return organisation;
}

/**
 * The operations of one organisation type (spec 001 section 7), the same for every type: search, choices,
 * create (with its default team and, when a contact is given, the contact invited as its administrator),
 * read, edit and remove; and for the types agencies join, adding and removing an agency. Create and edit are
 * bound by the type's form definition, so bodies arrive checked (server/form-check).
 */
export function organisationOperations(services: Services, segment: OrganisationSegment) {
  const type = ORGANISATION_TYPES[segment];
  const { db, clock } = services;

  return {
    search: (request: { query: Record<string, unknown> }) => searchOrganisations(db, type, request.query),

    choices: async () => ({ content: await organisationChoices(db, type) }),

    get: (request: { params: { id: string } }) => visibleOrganisation(db, type, request.params.id),

    async create(request: OperationRequest<'createAggregator'>) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const name = String(body.name);
      const profile = profileOf(type, body);
      const created = await db.transaction(async (tx) => {
        if (await organisationNameTaken(tx, type, name)) throw new HttpError(409, ORGANISATION_TEXTS.nameTaken);
        return insertOrganisation(tx, services, {
          accountType: type.accountType, name, edition: editionOf(request), profile,
          admin: body.contactEmail
            ? { firstName: String(body.contactFirstName), lastName: String(body.contactLastName), email: body.contactEmail, phone: body.contactPhone ?? null, roleId: type.adminRole }
            : null,
        }, { userId: caller.userId, address: request.ip, action: 'organisation.create' });
      });
      await inviteAdministrator(services, created.invitee);
      return (await findOrganisation(db, type, created.accountId))!;
    },

    async update(request: OperationRequest<'updateAggregator'>) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const name = String(body.name);
      const profile = profileOf(type, body);
      await db.transaction(async (tx) => {
        const before = await visibleOrganisation(tx, type, request.params.id, true);
        if (await organisationNameTaken(tx, type, name, before.id)) throw new HttpError(409, ORGANISATION_TEXTS.nameTaken);
        await assertHostnameFree(tx, profile.hostname ?? null, before.id);
        await tx.query('UPDATE accounts SET name = $2 WHERE id = $1', [before.id, name]);
        await writeProfile(tx, clock, before.id, profile, caller.userId);
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'organisation.update', target: before.id, address: request.ip,
          detail: { accountType: type.accountType, name, ...profile, before: { name: before.name, hostname: before.hostname, description: before.description } },
        });
      });
      return (await findOrganisation(db, type, request.params.id))!;
    },

    async remove(request: OperationRequest<'deleteAggregator'>) {
      const caller = callerOf(request);
      await db.transaction(async (tx) => {
        const organisation = await visibleOrganisation(tx, type, request.params.id, true);
        const now = clock.now();
        await writeProfile(tx, clock, organisation.id, {}, caller.userId);
        await tx.query('UPDATE organisation_profiles SET removed_at = $2, removed_by = $3 WHERE account_id = $1', [organisation.id, now, caller.userId]);
        const agencies = await tx.query<{ agency_id: string }>('DELETE FROM organisation_agencies WHERE organisation_id = $1 RETURNING agency_id', [organisation.id]);
        // Its people can no longer sign in, and sessions already open end at their next refresh.
        const users = await tx.query<{ id: string }>(`UPDATE users SET status = 'DISABLED' WHERE account_id = $1 AND status <> 'DISABLED' RETURNING id`, [organisation.id]);
        await tx.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = ANY($1::uuid[]) AND revoked_at IS NULL', [users.map((user) => user.id), now]);
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'organisation.remove', target: organisation.id, address: request.ip,
          detail: { accountType: type.accountType, name: organisation.name, agencies: agencies.map((row) => row.agency_id), usersDisabled: users.length },
        });
      });
      return { message: type.texts.removed };
    },

    async addAgency(request: OperationRequest<'addClusterAgency'>) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      await db.transaction(async (tx) => {
        const organisation = await visibleOrganisation(tx, type, String(body.organisationId), true);
        const agency = await findAgency(tx, { kind: 'all' }, String(body.agencyId), true);
        if (!agency) throw new HttpError(404, ORGANISATION_TEXTS.agencyNotFound, { errors: [{ field: 'agencyId', message: ORGANISATION_TEXTS.agencyNotFound }] });
        const [linked] = await tx.query('SELECT 1 FROM organisation_agencies WHERE organisation_id = $1 AND agency_id = $2', [organisation.id, agency.id]);
        if (linked) throw new HttpError(409, ORGANISATION_TEXTS.alreadyAdded);
        if (type.agencies === 'one') {
          const current = await organisationOfAgency(tx, type, agency.id);
          if (current) throw new HttpError(409, ORGANISATION_TEXTS.alreadyInOne.replace('{type}', type.label).replace('{name}', current.name));
        }
        await tx.query(
          'INSERT INTO organisation_agencies (organisation_id, organisation_type, agency_id, added_at, added_by) VALUES ($1, $2, $3, $4, $5)',
          [organisation.id, type.accountType, agency.id, clock.now(), caller.userId],
        );
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'organisation.agency-add', target: organisation.id, address: request.ip,
          detail: { accountType: type.accountType, agencyId: agency.id, agencyName: agency.name },
        });
      });
      return { message: ORGANISATION_TEXTS.agencyAdded };
    },

    /** Takes an agency out of the organisation: `organisationId` for the types an agency joins several of. */
    async removeAgency(request: FastifyRequest, agencyId: string, organisationId?: string) {
      const caller = callerOf(request);
      await db.transaction(async (tx) => {
        const organisation = organisationId ? await visibleOrganisation(tx, type, organisationId, true) : await organisationOfAgency(tx, type, agencyId);
        const removed = organisation
          ? await tx.query('DELETE FROM organisation_agencies WHERE organisation_id = $1 AND agency_id = $2 RETURNING agency_id', [organisation.id, agencyId])
          : [];
        if (!organisation || removed.length === 0) throw notFound(ORGANISATION_TEXTS.notOneOfItsAgencies);
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'organisation.agency-remove', target: organisation.id, address: request.ip,
          detail: { accountType: type.accountType, agencyId },
        });
      });
      return { message: ORGANISATION_TEXTS.agencyRemoved };
    },
  };
}

/** Every type's operations under the contract's operationIds. */
export function organisationHandlers(services: Services): TypedHandlers {
  const da = organisationOperations(services, 'da');
  const cluster = organisationOperations(services, 'cluster');
  const carrier = organisationOperations(services, 'carrier');
  const reinsurer = organisationOperations(services, 'reinsurer');
  const processor = organisationOperations(services, 'premiumprocessor');
  const mssp = organisationOperations(services, 'mssp');
  return {
    searchAggregators: async (request) => da.search(request),
    listAggregatorChoices: async () => da.choices(),
    createAggregator: async (request, reply) => reply.code(201).send(await da.create(request)),
    getAggregator: async (request) => da.get(request),
    updateAggregator: async (request) => da.update(request),
    deleteAggregator: async (request) => da.remove(request),
    addAggregatorAgency: async (request) => da.addAgency(request),
    removeAggregatorAgency: async (request) => da.removeAgency(request, request.params.id),

    searchClusters: async (request) => cluster.search(request),
    listClusterChoices: async () => cluster.choices(),
    createCluster: async (request, reply) => reply.code(201).send(await cluster.create(request)),
    getCluster: async (request) => cluster.get(request),
    updateCluster: async (request) => cluster.update(request),
    deleteCluster: async (request) => cluster.remove(request),
    addClusterAgency: async (request) => cluster.addAgency(request),
    removeClusterAgency: async (request) => cluster.removeAgency(request, request.params.id),

    searchCarriers: async (request) => carrier.search(request),
    listCarrierChoices: async () => carrier.choices(),
    createCarrier: async (request, reply) => reply.code(201).send(await carrier.create(request)),
    getCarrier: async (request) => carrier.get(request),
    updateCarrier: async (request) => carrier.update(request),
    deleteCarrier: async (request) => carrier.remove(request),
    addCarrierAgency: async (request) => carrier.addAgency(request),
    removeCarrierAgency: async (request) => carrier.removeAgency(request, request.params.agencyId, request.params.organisationId),

    searchReinsurers: async (request) => reinsurer.search(request),
    listReinsurerChoices: async () => reinsurer.choices(),
    createReinsurer: async (request, reply) => reply.code(201).send(await reinsurer.create(request)),
    getReinsurer: async (request) => reinsurer.get(request),
    updateReinsurer: async (request) => reinsurer.update(request),
    deleteReinsurer: async (request) => reinsurer.remove(request),

    searchPremiumProcessors: async (request) => processor.search(request),
    listPremiumProcessorChoices: async () => processor.choices(),
    createPremiumProcessor: async (request, reply) => reply.code(201).send(await processor.create(request)),
    getPremiumProcessor: async (request) => processor.get(request),
    updatePremiumProcessor: async (request) => processor.update(request),
    deletePremiumProcessor: async (request) => processor.remove(request),

    searchMssps: async (request) => mssp.search(request),
    listMsspChoices: async () => mssp.choices(),
    createMssp: async (request, reply) => reply.code(201).send(await mssp.create(request)),
    getMssp: async (request) => mssp.get(request),
    updateMssp: async (request) => mssp.update(request),
    deleteMssp: async (request) => mssp.remove(request),
    addMsspAgency: async (request) => mssp.addAgency(request),
    removeMsspAgency: async (request) => mssp.removeAgency(request, request.params.agencyId, request.params.organisationId),

    async updateCarrierHostname(request) {
      const caller = callerOf(request);
      const hostname = normaliseHostname(checkedBodyOf(request).hostname);
      const type = ORGANISATION_TYPES.carrier;
      await services.db.transaction(async (tx) => {
        const before = await visibleOrganisation(tx, type, request.params.id, true);
        await assertHostnameFree(tx, hostname, before.id);
        await writeProfile(tx, services.clock, before.id, { hostname }, caller.userId);
        await audit(tx, services.clock, {
          actorUserId: caller.userId, action: 'organisation.hostname-update', target: before.id, address: request.ip,
          detail: { accountType: type.accountType, from: before.hostname, to: hostname },
        });
      });
      return (await findOrganisation(services.db, type, request.params.id))!;
    },
  };
}
