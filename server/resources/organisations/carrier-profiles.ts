import type { components } from '../../../api/schema.d.ts';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { TypedHandlers } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { checkedBodyOf, type CheckedBody } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListSpec } from '../../list/list-spec.ts';
import type { Services } from '../../services.ts';
import { ORGANISATION_TYPES } from './organisation-types.ts';
import { findOrganisation } from './repository.ts';

type CarrierProfile = components['schemas']['CarrierProfile'];

export const CARRIER_PROFILE_TEXTS = {
  notFound: 'Carrier profile not found.',
  nameTaken: 'This carrier already has a profile with this name.',
  deleted: 'Carrier profile deleted',
} as const;

interface ProfileRow {
  id: string;
  carrier_id: string;
  carrier_name: string;
  name: string;
  naic_code: string | null;
  am_best_rating: string | null;
  paper_type: CarrierProfile['paperType'];
  states: string[];
  active: boolean;
  modified_at: Date;
}

const SELECT = `cp.id, cp.carrier_id, a.name AS carrier_name, cp.name, cp.naic_code, cp.am_best_rating, cp.paper_type, cp.states, cp.active, cp.modified_at`;
const FROM = 'carrier_profiles cp JOIN accounts a ON a.id = cp.carrier_id';

function toProfile(row: ProfileRow): CarrierProfile {
  return {
    id: row.id, carrierId: row.carrier_id, carrierName: row.carrier_name, name: row.name, naicCode: row.naic_code,
    amBestRating: row.am_best_rating, paperType: row.paper_type, states: row.states ?? [], active: row.active,
    modified: new Date(row.modified_at).toISOString(),
  };
}

const PROFILES: ListSpec<ProfileRow, CarrierProfile> = {
  select: SELECT,
  from: FROM,
  sorts: { name: 'lower(cp.name)', carrierName: 'lower(a.name)', paperType: 'cp.paper_type', amBestRating: 'cp.am_best_rating', modified: 'cp.modified_at' },
  defaultSort: { field: 'name', direction: 'asc' },
  tieBreak: ['cp.id'],
  search: ['cp.name', 'a.name', 'cp.naic_code'],
  filters: { carrierId: { sql: 'cp.carrier_id', cast: 'uuid' }, paperType: { sql: 'cp.paper_type' } },
  toItem: toProfile,
};

async function findProfile(db: Queryable, id: string): Promise<CarrierProfile | null> {
  const params = new SqlParams();
  const [row] = await db.query<ProfileRow>(`SELECT ${SELECT} FROM ${FROM} WHERE cp.id = ${params.add(id, 'uuid')}`, params.values);
  return row ? toProfile(row) : null;
}

async function nameTaken(db: Queryable, carrierId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.query<{ taken: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM carrier_profiles WHERE carrier_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3::uuid)) AS taken',
    [carrierId, name, exceptId ?? null],
  );
  return row?.taken === true;
}

type Body = CheckedBody<components['schemas']['CarrierProfileFields']>;

function fieldsOf(body: Body) {
  return {
    name: String(body.name),
    naicCode: body.naicCode ?? null,
    amBestRating: body.amBestRating ?? null,
    paperType: String(body.paperType),
    states: [...new Set(body.states ?? [])].sort(),
    active: body.active ?? true,
  };
}

/** Carrier profiles as the rater uses them (spec 001 section 7: /api/rater/v1/carrier); provider staff only. */
export function carrierProfileHandlers({ db, clock }: Services): TypedHandlers {
  const carrierOf = async (tx: Queryable, id: string) => {
    const carrier = await findOrganisation(tx, ORGANISATION_TYPES.carrier, id);
    if (!carrier) throw new HttpError(404, ORGANISATION_TYPES.carrier.texts.notFound, { errors: [{ field: 'carrierId', message: ORGANISATION_TYPES.carrier.texts.notFound }] });
    return carrier;
  };
  return {
    searchCarrierProfiles: async (request) => listPage(db, PROFILES, request.query, () => 'TRUE'),

    async listCarrierProfiles() {
      const rows = await db.query<ProfileRow>(`SELECT ${SELECT} FROM ${FROM} WHERE cp.active ORDER BY lower(a.name), lower(cp.name), cp.id`);
      return { content: rows.map(toProfile) };
    },

    async getCarrierProfile(request) {
      const profile = await findProfile(db, request.params.id);
      if (!profile) throw notFound(CARRIER_PROFILE_TEXTS.notFound);
      return profile;
    },

    async createCarrierProfile(request, reply) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const fields = fieldsOf(body);
      const id = await db.transaction(async (tx) => {
        const carrier = await carrierOf(tx, String(body.carrierId));
        if (await nameTaken(tx, carrier.id, fields.name)) throw new HttpError(409, CARRIER_PROFILE_TEXTS.nameTaken);
        const now = clock.now();
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO carrier_profiles (carrier_id, name, naic_code, am_best_rating, paper_type, states, active, created_at, created_by, modified_at, modified_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $9) RETURNING id`,
          [carrier.id, fields.name, fields.naicCode, fields.amBestRating, fields.paperType, fields.states, fields.active, now, caller.userId],
        );
        await audit(tx, clock, { actorUserId: caller.userId, action: 'carrier-profile.create', target: row!.id, address: request.ip, detail: { carrierId: carrier.id, ...fields } });
        return row!.id;
      });
      return reply.code(201).send((await findProfile(db, id))!);
    },

    async updateCarrierProfile(request) {
      const caller = callerOf(request);
      const fields = fieldsOf(checkedBodyOf(request));
      await db.transaction(async (tx) => {
        const before = await findProfile(tx, request.params.id);
        if (!before) throw notFound(CARRIER_PROFILE_TEXTS.notFound);
        if (await nameTaken(tx, before.carrierId, fields.name, before.id)) throw new HttpError(409, CARRIER_PROFILE_TEXTS.nameTaken);
        await tx.query(
          `UPDATE carrier_profiles SET name = $2, naic_code = $3, am_best_rating = $4, paper_type = $5, states = $6, active = $7, modified_at = $8, modified_by = $9
           WHERE id = $1`,
          [before.id, fields.name, fields.naicCode, fields.amBestRating, fields.paperType, fields.states, fields.active, clock.now(), caller.userId],
        );
        await audit(tx, clock, { actorUserId: caller.userId, action: 'carrier-profile.update', target: before.id, address: request.ip, detail: { ...fields, before } });
      });
      return (await findProfile(db, request.params.id))!;
    },

    async deleteCarrierProfile(request) {
      const caller = callerOf(request);
      await db.transaction(async (tx) => {
        const before = await findProfile(tx, request.params.id);
        if (!before) throw notFound(CARRIER_PROFILE_TEXTS.notFound);
        await tx.query('DELETE FROM carrier_profiles WHERE id = $1', [before.id]);
        await audit(tx, clock, { actorUserId: caller.userId, action: 'carrier-profile.delete', target: before.id, address: request.ip, detail: { ...before } });
      });
      return { message: CARRIER_PROFILE_TEXTS.deleted };
    },
  };
}
