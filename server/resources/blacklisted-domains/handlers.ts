import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { domainOf } from './blacklist.ts';
import { deleteBlacklistedDomainRow, domainListed, findBlacklistedDomain, insertBlacklistedDomain, searchBlacklistedDomains } from './repository.ts';

/** The answers that are not the blacklist form's own messages (definitions/forms/blacklisted-domain.json). */
export const BLACKLIST_MESSAGES = {
  notFound: 'This domain is not on the blacklist.',
  alreadyListed: 'This domain is already blacklisted.',
  /** Spec 001 section 5 Aggregator: a domain field is empty or a valid domain name. */
  invalid: 'Not a valid domain name',
  deleted: 'Domain removed from the blacklist',
} as const;

/**
 * Blacklisted domains (spec 001 sections 2 and 8): provider admins list (25 a page), blacklist and delete domains,
 * each change audited. A name is kept as its domain: 'https://www.Example.com/x' is example.com.
 */
export const handlers: HandlerModule = ({ db, clock }) => ({
  async searchBlacklistedDomains(request) {
    return searchBlacklistedDomains(db, request.query);
  },

  async blacklistDomain(request, reply) {
    const caller = callerOf(request);
    const name = domainOf(String(checkedBodyOf(request).name ?? ''));
    if (!name) throw new HttpError(400, BLACKLIST_MESSAGES.invalid, { errors: [{ field: 'name', message: BLACKLIST_MESSAGES.invalid, code: 'pattern' }] });
    const id = await db.transaction(async (tx) => {
      if (await domainListed(tx, name)) throw new HttpError(409, BLACKLIST_MESSAGES.alreadyListed);
      const created = await insertBlacklistedDomain(tx, name, clock.now(), caller.userId);
      await audit(tx, clock, { actorUserId: caller.userId, action: 'domain.blacklist', target: created, address: request.ip, detail: { name } });
      return created;
    });
    return reply.code(201).send(await findBlacklistedDomain(db, id));
  },

  async deleteBlacklistedDomain(request) {
    const caller = callerOf(request);
    await db.transaction(async (tx) => {
      const domain = await findBlacklistedDomain(tx, request.params.id, true);
      if (!domain) throw notFound(BLACKLIST_MESSAGES.notFound);
      await deleteBlacklistedDomainRow(tx, domain.id);
      await audit(tx, clock, { actorUserId: caller.userId, action: 'domain.unblacklist', target: domain.id, address: request.ip, detail: { name: domain.name } });
    });
    return { message: BLACKLIST_MESSAGES.deleted };
  },
});
