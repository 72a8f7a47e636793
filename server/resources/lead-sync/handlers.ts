import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { HttpError, MESSAGES, notFound } from '../../http/http-error.ts';
import { businessAccountRecord, findVisibleBusinessAccount } from '../accounts/repository.ts';
import { enqueueDelivery, sendableWebhooksOf } from '../webhooks/delivery-repository.ts';
import { LEAD_SYNC_EVENT, LEAD_SYNC_TEXTS } from './lead-sync-texts.ts';

/**
 * Lead sync (spec 002 section 7 'Lead sync takes the account id'; section 8 'Sync Lead initiated for
 * {name}.'): the client account is sent as a lead to its agency's own systems, through every webhook of the
 * agency that has a URL. The request only queues the deliveries (one per webhook, in one transaction with
 * its audit entry); the delivery sweep sends them, signed, and retries (server/resources/webhooks). So the
 * answer is 202, and the webhooks page's delivery log shows how each went.
 */
export const handlers: HandlerModule = ({ db, clock }) => ({
  async syncAccountLead(request, reply) {
    const caller = callerOf(request);
    const queued = await db.transaction(async (tx) => {
      const account = await findVisibleBusinessAccount(tx, caller, request.params.id);
      if (!account) throw notFound(MESSAGES.accountNotFound);
      if (!account.agency_id) throw new HttpError(409, LEAD_SYNC_TEXTS.noAgency);
      const webhooks = await sendableWebhooksOf(tx, account.agency_id);
      if (webhooks.length === 0) throw new HttpError(409, LEAD_SYNC_TEXTS.noWebhook(account.agency_name ?? 'The agency'));
      const lead = await businessAccountRecord(tx, account);
      const now = clock.now();
      const deliveryIds = [];
      for (const webhook of webhooks) {
        deliveryIds.push(await enqueueDelivery(tx, {
          webhookId: webhook.id, accountId: account.agency_id, event: LEAD_SYNC_EVENT, subject: account.name, subjectId: account.id,
          payload: lead, requestedBy: caller.userId, now,
        }));
      }
      await audit(tx, clock, { actorUserId: caller.userId, action: 'account.lead.sync', target: account.id, address: request.ip, detail: { agencyId: account.agency_id, deliveryIds } });
      return { name: account.name, deliveryIds };
    });
    return reply.code(202).send({ message: LEAD_SYNC_TEXTS.initiated(queued.name), deliveries: queued.deliveryIds.length });
  },
});
