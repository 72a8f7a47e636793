import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { editionOf, type HandlerModule } from '../../contract/handlers.ts';
import { deleteStateRow, findState, insertState, searchStates, stateClash, stateTimezones, updateStateRow, type StateFields } from './repository.ts';

/** The answers that are not the state form's own messages (those come from definitions/forms/state.json). */
export const STATE_MESSAGES = {
  notFound: 'State not found.',
  abbreviationTaken: 'A state with this abbreviation already exists.',
  nameTaken: 'A state with this name already exists.',
  /** Spec 001 section 8 State. */
  deleted: 'State Deleted Successfully!',
} as const;

type StateBody = { readonly body: { stateName?: string; stateNameAbbrv?: string; isSupported?: boolean; timezones?: string[] } };

function fieldsOf(request: StateBody): StateFields {
  const body = checkedBodyOf(request);
  return {
    stateName: String(body.stateName),
    stateNameAbbrv: String(body.stateNameAbbrv).toUpperCase(),
    isSupported: body.isSupported ?? false,
    timezones: [...new Set(body.timezones ?? [])],
  };
}

async function refuseClash(clash: 'name' | 'abbreviation' | null): Promise<void> {
  if (clash === 'abbreviation') throw new HttpError(409, STATE_MESSAGES.abbreviationTaken);
  if (clash === 'name') throw new HttpError(409, STATE_MESSAGES.nameTaken);
}

/**
 * States (spec 001 section 7): every signed-in user reads the edition's list and its time zones; provider admins
 * add, change (the supported flag, the time zones) and delete states, each change audited. The UK edition's list
 * is the four nations of the United Kingdom; a state of the other edition answers like a missing one.
 */
export const handlers: HandlerModule = ({ db, clock }) => ({
  async searchStates(request) {
    return searchStates(db, editionOf(request), request.query);
  },

  async listStateTimezones(request) {
    const content = (await stateTimezones(db, editionOf(request), request.query.state)).map(({ stateNameAbbrv, stateName, timezone, timezones }) => ({
      stateNameAbbrv, stateName, timezone, timezones,
    }));
    if (request.query.state && content.length === 0) throw notFound(STATE_MESSAGES.notFound);
    return { content };
  },

  async getState(request) {
    const state = await findState(db, editionOf(request), request.params.id);
    if (!state) throw notFound(STATE_MESSAGES.notFound);
    return state;
  },

  async createState(request, reply) {
    const caller = callerOf(request);
    const edition = editionOf(request);
    const fields = fieldsOf(request);
    const id = await db.transaction(async (tx) => {
      await refuseClash(await stateClash(tx, edition, fields));
      const created = await insertState(tx, edition, fields);
      await audit(tx, clock, { actorUserId: caller.userId, action: 'state.create', target: created, address: request.ip, detail: { edition, ...fields } });
      return created;
    });
    return reply.code(201).send(await findState(db, edition, id));
  },

  async updateState(request) {
    const caller = callerOf(request);
    const edition = editionOf(request);
    const fields = fieldsOf(request);
    await db.transaction(async (tx) => {
      const existing = await findState(tx, edition, request.params.id, true);
      if (!existing) throw notFound(STATE_MESSAGES.notFound);
      await refuseClash(await stateClash(tx, edition, fields, existing.id));
      await updateStateRow(tx, existing.id, fields);
      const { id: _id, timezone: _timezone, ...before } = existing;
      await audit(tx, clock, { actorUserId: caller.userId, action: 'state.update', target: existing.id, address: request.ip, detail: { edition, from: before, to: fields } });
    });
    return (await findState(db, edition, request.params.id))!;
  },

  async deleteState(request) {
    const caller = callerOf(request);
    const edition = editionOf(request);
    await db.transaction(async (tx) => {
      const existing = await findState(tx, edition, request.params.id, true);
      if (!existing) throw notFound(STATE_MESSAGES.notFound);
      await deleteStateRow(tx, existing.id);
      await audit(tx, clock, {
        actorUserId: caller.userId, action: 'state.delete', target: existing.id, address: request.ip,
        detail: { edition, stateName: existing.stateName, stateNameAbbrv: existing.stateNameAbbrv },
      });
    });
    return { message: STATE_MESSAGES.deleted };
  },
});
