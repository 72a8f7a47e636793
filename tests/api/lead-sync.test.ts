import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS, WEBHOOK_RETRY_DELAYS_MS } from '../../server/constants.ts';
import { verifyWebhookSignature } from '../../server/lifecycle/payments/webhook-signature.ts';
import { deliverDueWebhooks } from '../../server/resources/webhooks/deliver-webhooks.ts';
import { EDITION_AGENCIES, EDITION_USERS, editionClient, type EditionAgency } from './support/edition-agencies.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Lead sync (spec 002 sections 7 and 8) through webhook delivery, in both editions: the request queues one
 * delivery per agency webhook with a URL and answers 202 'Sync Lead initiated for {name}.'; the sweep POSTs
 * the lead to a real receiver on this machine, signed with the webhook's client secret; the delivery log
 * shows the outcome; a failing receiver is retried on the schedule and then Failed, and can be sent again;
 * another agency neither syncs the client nor sees the log; an agency without a webhook is told so.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const SECRET = 'S3cr3tS3cr3tS3cr3tS3cr3tS3cr3t32';

function call(user: string, method: InjectOptions['method'], url: string, host?: string) {
  return t.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}`, ...(host ? { host } : {}) } });
}

/** Signs every suite user in again (after the clock jumped past the access tokens' life). */
async function signIn(): Promise<void> {
  for (const [name, email] of Object.entries(EDITION_USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
}

/** A new client account of the edition's agency. */
async function clientOf(edition: EditionAgency, name: string): Promise<{ id: string; name: string }> {
  return { id: await editionClient(t, edition, name), name };
}

/** A webhook of the user's organisation pointed at the receiver, with a known secret. */
async function webhookTo(user: string, receiver: WebhookReceiver, host?: string): Promise<Json> {
  const headers = { authorization: `Bearer ${tokens[user]}`, ...(host ? { host } : {}) };
  const created = await t.inject({ method: 'POST', url: '/api/webhook/v1/createHook', headers, payload: { companyName: `Leads ${receiver.url}` } });
  expect(created.statusCode, created.body).toBe(201);
  const { id, clientId } = created.json();
  const updated = await t.inject({ method: 'PUT', url: '/api/webhook/v1', headers, payload: { id, clientId, clientSecret: SECRET, webhookUrl: receiver.url } });
  expect(updated.statusCode, updated.body).toBe(200);
  return updated.json();
}

async function deliveriesOf(user: string, webhookId: string, host?: string): Promise<Json[]> {
  const response = await call(user, 'GET', `/api/webhook/v1/deliveries?webhookId=${webhookId}`, host);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().content;
}

beforeAll(async () => {
  t = await startTestApp();
  await signIn();
});

afterAll(async () => {
  await t?.close();
});

describe.each(EDITION_AGENCIES)('lead sync ($edition)', (edition) => {
  const { agent: user, host } = edition;
  it('sends the lead, signed, to the agency webhook and logs it Delivered', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const webhook = await webhookTo(user, receiver, host);
      const client = await clientOf(edition, `Lead Delivered ${edition.edition} Ltd`);

      const started = await call(user, 'POST', `/api/account/v1/account/${client.id}/lead-sync`, host);
      expect(started.statusCode, started.body).toBe(202);
      expect(started.json()).toEqual({ message: `Sync Lead initiated for ${client.name}.`, deliveries: 1 });
      const [queued] = await deliveriesOf(user, webhook.id, host);
      expect(queued).toMatchObject({ status: 'Pending', attempts: 0, event: 'lead.sync', subject: client.name, subjectId: client.id });

      expect(await deliverDueWebhooks({ db: t.db, clock: t.clock })).toBe(1);
      expect(receiver.received).toHaveLength(1);
      const { headers, body } = receiver.received[0]!;
      expect(headers[WEBHOOK_HEADERS.id]).toBe(queued!.id);
      expect(headers[WEBHOOK_HEADERS.clientId]).toBe(webhook.clientId);
      expect(() => verifyWebhookSignature(Buffer.from(SECRET), body, String(headers[WEBHOOK_HEADERS.signature]), t.clock.now())).not.toThrow();
      expect(() => verifyWebhookSignature(Buffer.from(SECRET.replace('S', 'X')), body, String(headers[WEBHOOK_HEADERS.signature]), t.clock.now())).toThrow();
      const event = JSON.parse(body);
      expect(event).toMatchObject({ id: queued!.id, event: 'lead.sync', data: { id: client.id, name: client.name } });

      const [delivered] = await deliveriesOf(user, webhook.id, host);
      expect(delivered).toMatchObject({ status: 'Delivered', attempts: 1, responseStatus: 200, lastError: null, nextAttemptAt: null });
      expect(delivered!.deliveredAt).not.toBeNull();
      // Nothing is due any more: a second sweep sends nothing.
      expect(await deliverDueWebhooks({ db: t.db, clock: t.clock })).toBe(0);

      const [entry] = await t.db.query<{ detail: Json }>(`SELECT detail FROM audit_log WHERE action = 'account.lead.sync' AND target = $1`, [client.id]);
      expect(entry?.detail).toMatchObject({ deliveryIds: [queued!.id] });
    } finally {
      await receiver.close();
    }
  });

  it('retries a failing receiver on the schedule, then marks it Failed; Redeliver sends it again', async () => {
    const receiver = await startWebhookReceiver();
    receiver.answer = 503;
    try {
      const webhook = await webhookTo(user, receiver, host);
      const client = await clientOf(edition, `Lead Retried ${edition.edition} Ltd`);
      expect((await call(user, 'POST', `/api/account/v1/account/${client.id}/lead-sync`, host)).statusCode).toBe(202);

      for (const [index, delay] of WEBHOOK_RETRY_DELAYS_MS.entries()) {
        await deliverDueWebhooks({ db: t.db, clock: t.clock });
        const [pending] = await deliveriesOf(user, webhook.id, host);
        expect(pending).toMatchObject({ status: 'Pending', attempts: index + 1, responseStatus: 503, lastError: 'The receiver answered 503' });
        expect(Date.parse(pending!.nextAttemptAt) - t.clock.now().getTime()).toBe(delay);
        const redeliver = await call(user, 'POST', `/api/webhook/v1/deliveries/${pending!.id}/redeliver`, host);
        expect(redeliver.statusCode).toBe(409);
        // Not yet due: a sweep now sends nothing.
        expect(await deliverDueWebhooks({ db: t.db, clock: t.clock })).toBe(0);
        t.clock.advance(delay);
        await signIn();
      }
      await deliverDueWebhooks({ db: t.db, clock: t.clock });
      const [failed] = await deliveriesOf(user, webhook.id, host);
      expect(failed).toMatchObject({ status: 'Failed', attempts: WEBHOOK_RETRY_DELAYS_MS.length + 1, nextAttemptAt: null, deliveredAt: null });
      expect(receiver.received).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length + 1);
      // Every attempt carries the same event id.
      expect(new Set(receiver.received.map((request) => request.headers[WEBHOOK_HEADERS.id]))).toEqual(new Set([failed!.id]));

      receiver.answer = 204;
      const again = await call(user, 'POST', `/api/webhook/v1/deliveries/${failed!.id}/redeliver`, host);
      expect(again.statusCode, again.body).toBe(200);
      await deliverDueWebhooks({ db: t.db, clock: t.clock });
      const [delivered] = await deliveriesOf(user, webhook.id, host);
      expect(delivered).toMatchObject({ id: failed!.id, status: 'Delivered', attempts: 1, responseStatus: 204 });
    } finally {
      await receiver.close();
    }
  });
});

describe('lead sync refusals and tenancy', () => {
  it("another agency cannot sync a client it does not hold, nor see the agency's deliveries", async () => {
    const us = EDITION_AGENCIES[0]!;
    const client = await clientOf(us, 'Lead Foreign Inc');
    expect((await call(us.agent, 'POST', `/api/account/v1/account/${client.id}/lead-sync`)).statusCode).toBe(202);
    const foreign = await call('otherAgent', 'POST', `/api/account/v1/account/${client.id}/lead-sync`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Account not found.' });
    const theirs = (await call('otherAgent', 'GET', '/api/webhook/v1/deliveries?size=100')).json().content as Json[];
    expect(theirs.filter((delivery) => delivery.subjectId === client.id)).toEqual([]);
    // Provider staff see every organisation's log.
    const all = (await call('admin', 'GET', '/api/webhook/v1/deliveries?size=100')).json().content as Json[];
    expect(all.some((delivery) => delivery.subjectId === client.id)).toBe(true);
    const [one] = all;
    const redeliver = await call('otherAgent', 'POST', `/api/webhook/v1/deliveries/${one!.id}/redeliver`);
    expect(redeliver.statusCode).toBe(404);
  });

  it('an agency without a webhook URL is told where to add one, and nothing is queued', async () => {
    const client = await clientOf({ ...EDITION_AGENCIES[0]!, agency: 'Harbor Insurance Group' }, 'Lead Unsent Inc');
    const [before] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries');
    const refused = await call('otherAgent', 'POST', `/api/account/v1/account/${client.id}/lead-sync`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Harbor Insurance Group has no webhook with a URL to send leads to. Add one on the Webhooks page.');
    const [after] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries');
    expect(after!.n).toBe(before!.n);
  });
});
