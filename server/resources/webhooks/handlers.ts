import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { randomAlphanumeric } from '../../auth/random-text.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import {
  clientIdTaken, deleteWebhookRow, findVisibleWebhook, insertWebhook, searchVisibleWebhooks, updateWebhookRow,
} from './repository.ts';
import { openSecret, sealSecret, webhookSecretKey } from './secret-box.ts';
import { findVisibleDelivery, requeueDelivery, searchVisibleDeliveries } from './delivery-repository.ts';

/** Spec 001 section 9: the client id and the client secret are 32 characters each. */
export const WEBHOOK_CREDENTIAL_LENGTH = 32;

/** The webhooks' answers that are not the forms' own messages (those come from definitions/forms/webhook*.json). */
export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook not found.',
  clientIdTaken: 'Another webhook already uses this Client ID.',
  removed: 'WebHook Removed Successfully!',
  secretUnreadable: 'The client secret of this webhook cannot be read. Please enter a new one.',
  deliveryNotFound: 'Delivery not found.',
  deliveryPending: 'This delivery is still being sent.',
  redelivered: 'The delivery is sent again.',
} as const;

/**
 * Webhooks (spec 001 sections 3, 7 and 8). createWebhook and updateWebhook are bound by the webhook forms,
 * so their bodies arrive checked and trimmed (server/form-check). A webhook belongs to the organisation the
 * caller acts in. The client secret is sealed (secret-box.ts); only getWebhook, which the edit dialog loads
 * and which needs webhook:write, opens it, and every such read is audited. No audit entry holds a secret.
 */
export const handlers: HandlerModule = ({ db, clock }) => ({
  async listWebhooks(request) {
    return searchVisibleWebhooks(db, callerOf(request), request.query);
  },

  async getWebhook(request) {
    const caller = callerOf(request);
    const key = await webhookSecretKey(db, clock);
    const webhook = await findVisibleWebhook(db, caller, request.params.id);
    if (!webhook) throw notFound(WEBHOOK_MESSAGES.notFound);
    const { sealedSecret, ...record } = webhook;
    const clientSecret = openSecret(key, sealedSecret);
    if (clientSecret === null) throw new HttpError(409, WEBHOOK_MESSAGES.secretUnreadable);
    await audit(db, clock, { actorUserId: caller.userId, action: 'webhook.secret.read', target: webhook.id, address: request.ip, detail: { accountId: webhook.accountId, clientId: webhook.clientId } });
    return { ...record, clientSecret };
  },

  async createWebhook(request, reply) {
    const caller = callerOf(request);
    const companyName = String(checkedBodyOf(request).companyName);
    const key = await webhookSecretKey(db, clock);
    const id = await db.transaction(async (tx) => {
      const clientId = randomAlphanumeric(WEBHOOK_CREDENTIAL_LENGTH);
      const created = await insertWebhook(tx, {
        accountId: caller.accountId, companyName, clientId, sealedSecret: sealSecret(key, randomAlphanumeric(WEBHOOK_CREDENTIAL_LENGTH)),
        createdBy: caller.userId, now: clock.now(),
      });
      await audit(tx, clock, { actorUserId: caller.userId, action: 'webhook.create', target: created, address: request.ip, detail: { accountId: caller.accountId, companyName, clientId } });
      return created;
    });
    const { sealedSecret: _sealed, ...record } = (await findVisibleWebhook(db, caller, id))!;
    return reply.code(201).send(record);
  },

  async updateWebhook(request) {
    const caller = callerOf(request);
    const body = checkedBodyOf(request);
    const [id, clientId, clientSecret, webhookUrl] = [String(body.id), String(body.clientId), String(body.clientSecret), String(body.webhookUrl)];
    const key = await webhookSecretKey(db, clock);
    await db.transaction(async (tx) => {
      const webhook = await findVisibleWebhook(tx, caller, id, true);
      if (!webhook) throw notFound(WEBHOOK_MESSAGES.notFound);
      if (await clientIdTaken(tx, webhook.accountId, clientId, webhook.id)) throw new HttpError(409, WEBHOOK_MESSAGES.clientIdTaken);
      const secretChanged = openSecret(key, webhook.sealedSecret) !== clientSecret;
      await updateWebhookRow(tx, webhook.id, { clientId, sealedSecret: sealSecret(key, clientSecret), webhookUrl, now: clock.now() });
      await audit(tx, clock, {
        actorUserId: caller.userId, action: 'webhook.update', target: webhook.id, address: request.ip,
        detail: {
          accountId: webhook.accountId,
          ...(webhook.clientId === clientId ? {} : { clientId: { from: webhook.clientId, to: clientId } }),
          ...(webhook.webhookUrl === webhookUrl ? {} : { webhookUrl: { from: webhook.webhookUrl, to: webhookUrl } }),
          secretChanged,
        },
      });
    });
    const { sealedSecret: _sealed, ...record } = (await findVisibleWebhook(db, caller, id))!;
    return record;
  },

  async deleteWebhook(request) {
    const caller = callerOf(request);
    await db.transaction(async (tx) => {
      const webhook = await findVisibleWebhook(tx, caller, request.params.id, true);
      if (!webhook) throw notFound(WEBHOOK_MESSAGES.notFound);
      await deleteWebhookRow(tx, webhook.id);
      await audit(tx, clock, { actorUserId: caller.userId, action: 'webhook.delete', target: webhook.id, address: request.ip, detail: { accountId: webhook.accountId, companyName: webhook.companyName, clientId: webhook.clientId } });
    });
    return { message: WEBHOOK_MESSAGES.removed };
  },

  async listWebhookDeliveries(request) {
    return searchVisibleDeliveries(db, callerOf(request), request.query);
  },

  /** A delivered or failed event sent again, with a fresh round of attempts and the same id. */
  async redeliverWebhook(request) {
    const caller = callerOf(request);
    return db.transaction(async (tx) => {
      const delivery = await findVisibleDelivery(tx, caller, request.params.id);
      if (!delivery) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      if (delivery.status === 'Pending') throw new HttpError(409, WEBHOOK_MESSAGES.deliveryPending);
      await requeueDelivery(tx, delivery.id, clock.now());
      await audit(tx, clock, { actorUserId: caller.userId, action: 'webhook.redeliver', target: delivery.id, address: request.ip, detail: { accountId: delivery.accountId, webhookId: delivery.webhookId, event: delivery.event, status: delivery.status } });
      return { message: WEBHOOK_MESSAGES.redelivered };
    });
  },
});
