import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, MESSAGES, notFound } from '../../http/http-error.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Caller } from '../../services.ts';
import { clientAccountCondition, tenantScopeOf } from '../../tenancy/tenant-scope.ts';
import {
  accountTagsOf, deleteTagRow, findOrganisationTag, insertTag, ownTagIds, renameTagRow, searchOrganisationTags, setAccountTags, tagNameTaken,
} from './repository.ts';

/** The tags' answers that are not the tag forms' own messages (definitions/forms/tag.json, apply-tags.json). */
export const TAG_MESSAGES = {
  notFound: 'Tag not found.',
  nameTaken: 'A tag with this name already exists.',
  unknownTag: 'One of the tags is not a tag of your organisation.',
  /** Spec 001 section 8 Tags. */
  deleted: 'Tag Deleted Successfully!',
  applied: 'Tag Applied Successfully!',
} as const;

/** A client account the caller works for (an agency its managed accounts; provider staff any business account). */
async function findClientAccount(db: Queryable, caller: Caller, accountId: string): Promise<{ id: string; name: string } | null> {
  const params = new SqlParams();
  const id = params.add(accountId, 'uuid');
  const visible = clientAccountCondition(tenantScopeOf(caller), { id: 'a.id', agency: 'a.agency_id', type: 'a.account_type' }, params);
  const [row] = await db.query<{ id: string; name: string }>(`SELECT a.id, a.name FROM accounts a WHERE a.id = ${id} AND ${visible}`, params.values);
  return row ?? null;
}

/**
 * Tags (spec 001 sections 2, 3, 8): an organisation's own tags, set up at /agency/manage/tags (add, rename, delete)
 * and applied to the client accounts it manages. The organisation is always the caller's account, so another
 * organisation's tag or account answers like a missing one. Every change is audited.
 */
export const handlers: HandlerModule = ({ db, clock }) => ({
  async listTags(request) {
    return searchOrganisationTags(db, callerOf(request).accountId, request.query);
  },

  async getTag(request) {
    const tag = await findOrganisationTag(db, callerOf(request).accountId, request.params.id);
    if (!tag) throw notFound(TAG_MESSAGES.notFound);
    return tag;
  },

  async createTag(request, reply) {
    const caller = callerOf(request);
    const name = String(checkedBodyOf(request).name);
    const id = await db.transaction(async (tx) => {
      if (await tagNameTaken(tx, caller.accountId, name)) throw new HttpError(409, TAG_MESSAGES.nameTaken);
      const created = await insertTag(tx, caller.accountId, name, clock.now(), caller.userId);
      await audit(tx, clock, { actorUserId: caller.userId, action: 'tag.create', target: created, address: request.ip, detail: { accountId: caller.accountId, name } });
      return created;
    });
    return reply.code(201).send(await findOrganisationTag(db, caller.accountId, id));
  },

  async updateTag(request) {
    const caller = callerOf(request);
    const name = String(checkedBodyOf(request).name);
    await db.transaction(async (tx) => {
      const tag = await findOrganisationTag(tx, caller.accountId, request.params.id, true);
      if (!tag) throw notFound(TAG_MESSAGES.notFound);
      if (await tagNameTaken(tx, caller.accountId, name, tag.id)) throw new HttpError(409, TAG_MESSAGES.nameTaken);
      await renameTagRow(tx, tag.id, name);
      await audit(tx, clock, { actorUserId: caller.userId, action: 'tag.update', target: tag.id, address: request.ip, detail: { accountId: caller.accountId, from: tag.name, to: name } });
    });
    return (await findOrganisationTag(db, caller.accountId, request.params.id))!;
  },

  async deleteTag(request) {
    const caller = callerOf(request);
    await db.transaction(async (tx) => {
      const tag = await findOrganisationTag(tx, caller.accountId, request.params.id, true);
      if (!tag) throw notFound(TAG_MESSAGES.notFound);
      await deleteTagRow(tx, tag.id);
      await audit(tx, clock, { actorUserId: caller.userId, action: 'tag.delete', target: tag.id, address: request.ip, detail: { accountId: caller.accountId, name: tag.name, accounts: tag.accounts } });
    });
    return { message: TAG_MESSAGES.deleted };
  },

  async getAccountTags(request) {
    const caller = callerOf(request);
    const account = await findClientAccount(db, caller, request.params.accountId);
    if (!account) throw notFound(MESSAGES.accountNotFound);
    const tags = await accountTagsOf(db, caller.accountId, account.id);
    return { accountId: account.id, accountName: account.name, tagIds: tags.map((tag) => tag.id), tags };
  },

  async applyAccountTags(request) {
    const caller = callerOf(request);
    const tagIds = [...new Set(checkedBodyOf(request).tagIds ?? [])];
    const result = await db.transaction(async (tx) => {
      const account = await findClientAccount(tx, caller, request.params.accountId);
      if (!account) throw notFound(MESSAGES.accountNotFound);
      const own = await ownTagIds(tx, caller.accountId, tagIds);
      if (own.size !== tagIds.length) throw new HttpError(400, TAG_MESSAGES.unknownTag, { errors: [{ field: 'tagIds', message: TAG_MESSAGES.unknownTag }] });
      const before = (await accountTagsOf(tx, caller.accountId, account.id)).map((tag) => tag.name);
      await setAccountTags(tx, caller.accountId, account.id, tagIds, clock.now(), caller.userId);
      const tags = await accountTagsOf(tx, caller.accountId, account.id);
      await audit(tx, clock, {
        actorUserId: caller.userId, action: 'tag.apply', target: account.id, address: request.ip,
        detail: { organisationId: caller.accountId, accountName: account.name, from: before, to: tags.map((tag) => tag.name) },
      });
      return { accountId: account.id, accountName: account.name, tagIds: tags.map((tag) => tag.id), tags };
    });
    return { ...result, message: TAG_MESSAGES.applied };
  },
});
