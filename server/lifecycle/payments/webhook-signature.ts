import { createHmac, timingSafeEqual } from 'node:crypto';
import { PAYMENT_WEBHOOK_TOLERANCE_S } from '../../constants.ts';
import { WebhookRefusal } from './payment-processor.ts';

/**
 * Webhook signatures as payment processors sign them: the header 't=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">'. The timestamp is inside the signed text, so an old delivery cannot be given a new
 * time; deliveries older (or newer) than the tolerance are refused, which with the event-id ledger stops
 * replays.
 */
export const SIGNATURE_HEADER = 'processor-signature';

function digest(secret: Uint8Array, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export function signWebhook(secret: Uint8Array, rawBody: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${digest(secret, timestamp, rawBody)}`;
}

export function verifyWebhookSignature(secret: Uint8Array, rawBody: string, header: string | undefined, now: Date): void {
  const parts = new Map((header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) throw new WebhookRefusal('The webhook carries no valid signature.');
  if (Math.abs(now.getTime() / 1000 - timestamp) > PAYMENT_WEBHOOK_TOLERANCE_S) throw new WebhookRefusal('The webhook was signed outside the accepted time window.');
  const expected = Buffer.from(digest(secret, timestamp, rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw new WebhookRefusal('The webhook signature does not match.');
}
