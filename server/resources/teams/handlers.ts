import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { deleteTeamRow, findVisibleTeam, insertTeam, nameTaken, renameTeam, searchVisibleTeams } from './repository.ts';

/** The teams' answers that are not the team form's own messages (those come from definitions/forms/team.json). */
export const TEAM_MESSAGES = {
  notFound: 'Team not found.',
  nameTaken: 'A team with this name already exists.',
  defaultCannotBeDeleted: 'The default team cannot be deleted.',
} as const;

/**
 * Teams (spec 001 section 7). createTeam and updateTeam are bound by the team definition, so their bodies
 * arrive checked and trimmed (server/form-check). A team belongs to the organisation the caller acts in.
 */
export const handlers: HandlerModule = ({ db, clock }) => ({
  async listAllTeams(request) {
    return searchVisibleTeams(db, callerOf(request), request.query);
  },

  async getTeam(request) {
    const team = await findVisibleTeam(db, callerOf(request), request.params.id);
    if (!team) throw notFound(TEAM_MESSAGES.notFound);
    return team;
  },

  async createTeam(request, reply) {
    const caller = callerOf(request);
    const name = String(checkedBodyOf(request).name);
    const id = await db.transaction(async (tx) => {
      if (await nameTaken(tx, caller.accountId, name)) throw new HttpError(409, TEAM_MESSAGES.nameTaken);
      const created = await insertTeam(tx, caller.accountId, name);
      await audit(tx, clock, { actorUserId: caller.userId, action: 'team.create', target: created, address: request.ip, detail: { accountId: caller.accountId, name } });
      return created;
    });
    return reply.code(201).send(await findVisibleTeam(db, caller, id));
  },

  async updateTeam(request) {
    const caller = callerOf(request);
    const name = String(checkedBodyOf(request).name);
    await db.transaction(async (tx) => {
      const team = await findVisibleTeam(tx, caller, request.params.id, true);
      if (!team) throw notFound(TEAM_MESSAGES.notFound);
      if (await nameTaken(tx, team.accountId, name, team.id)) throw new HttpError(409, TEAM_MESSAGES.nameTaken);
      await renameTeam(tx, team.id, name);
      await audit(tx, clock, { actorUserId: caller.userId, action: 'team.update', target: team.id, address: request.ip, detail: { accountId: team.accountId, from: team.name, to: name } });
    });
    return (await findVisibleTeam(db, caller, request.params.id))!;
  },

  async deleteTeam(request) {
    const caller = callerOf(request);
    await db.transaction(async (tx) => {
      const team = await findVisibleTeam(tx, caller, request.params.id, true);
      if (!team) throw notFound(TEAM_MESSAGES.notFound);
      if (team.isDefault) throw new HttpError(409, TEAM_MESSAGES.defaultCannotBeDeleted);
      await deleteTeamRow(tx, team.id);
      await audit(tx, clock, { actorUserId: caller.userId, action: 'team.delete', target: team.id, address: request.ip, detail: { accountId: team.accountId, name: team.name, members: team.members } });
    });
    return { message: 'Team deleted' };
  },
});
