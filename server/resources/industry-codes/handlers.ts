import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { editionOf, type HandlerModule } from '../../contract/handlers.ts';
import {
  codeTaken,
  deleteIndustryCodeRow,
  findIndustryCode,
  insertIndustryCode,
  searchIndustryCodes,
  updateIndustryCodeRow,
  type Edition,
} from './repository.ts';

/** The answers that are not the industry-code form's own messages (those come from definitions/forms/industry-code.json). */
export const INDUSTRY_CODE_MESSAGES = {
  notFound: 'Industry code not found.',
  codeTaken: 'This industry code already exists.',
  deleted: 'Industry code deleted',
} as const;

/**
 * The form's fields as the edition names them: naicsCode (a number, 10 to 999999) in the US edition, sicCode (the
 * digits as written) in the UK edition. The form check has already refused a body the edition's form refuses.
 */
function fieldsOf(request: { readonly body: { naicsCode?: number; sicCode?: string; title?: string } }, edition: Edition): { code: string; title: string } {
  const body = checkedBodyOf(request);
  const code = edition === 'us' ? String(body.naicsCode) : String(body.sicCode);
  return { code, title: String(body.title) };
}

/**
 * Industry codes (spec 001 section 7): every signed-in user reads the list of the request's edition; provider
 * admins (reference:write) add, change and delete codes, each change audited. A code of the other edition's list
 * answers like a missing one.
 */
export const handlers: HandlerModule = ({ db, clock }) => ({
  async searchIndustryCodes(request) {
    return searchIndustryCodes(db, editionOf(request), request.query);
  },

  async getIndustryCode(request) {
    const code = await findIndustryCode(db, editionOf(request), request.params.id);
    if (!code) throw notFound(INDUSTRY_CODE_MESSAGES.notFound);
    return code;
  },

  async createIndustryCode(request, reply) {
    const caller = callerOf(request);
    const edition = editionOf(request);
    const { code, title } = fieldsOf(request, edition);
    const id = await db.transaction(async (tx) => {
      if (await codeTaken(tx, edition, code)) throw new HttpError(409, INDUSTRY_CODE_MESSAGES.codeTaken);
      const created = await insertIndustryCode(tx, edition, code, title);
      await audit(tx, clock, { actorUserId: caller.userId, action: 'industry-code.create', target: created, address: request.ip, detail: { edition, code, title } });
      return created;
    });
    return reply.code(201).send(await findIndustryCode(db, edition, id));
  },

  async updateIndustryCode(request) {
    const caller = callerOf(request);
    const edition = editionOf(request);
    const { code, title } = fieldsOf(request, edition);
    await db.transaction(async (tx) => {
      const existing = await findIndustryCode(tx, edition, request.params.id, true);
      if (!existing) throw notFound(INDUSTRY_CODE_MESSAGES.notFound);
      if (await codeTaken(tx, edition, code, existing.id)) throw new HttpError(409, INDUSTRY_CODE_MESSAGES.codeTaken);
      await updateIndustryCodeRow(tx, existing.id, code, title);
      await audit(tx, clock, {
        actorUserId: caller.userId, action: 'industry-code.update', target: existing.id, address: request.ip,
        detail: { edition, from: { code: existing.code, title: existing.title }, to: { code, title } },
      });
    });
    return (await findIndustryCode(db, edition, request.params.id))!;
  },

  async deleteIndustryCode(request) {
    const caller = callerOf(request);
    const edition = editionOf(request);
    await db.transaction(async (tx) => {
      const existing = await findIndustryCode(tx, edition, request.params.id, true);
      if (!existing) throw notFound(INDUSTRY_CODE_MESSAGES.notFound);
      await deleteIndustryCodeRow(tx, existing.id);
      await audit(tx, clock, { actorUserId: caller.userId, action: 'industry-code.delete', target: existing.id, address: request.ip, detail: { edition, code: existing.code, title: existing.title } });
    });
    return { message: INDUSTRY_CODE_MESSAGES.deleted };
  },
});
