import type { FastifyInstance } from 'fastify';
import { WEBHOOK_DELIVERY_SWEEP_MS } from '../../constants.ts';
import { scheduleSweep } from '../../sweep-timer.ts';
import { deliverDueWebhooks } from './deliver-webhooks.ts';

/** Sends the due webhook deliveries every `intervalMs` (deliveries are claimed, so two servers may both sweep). */
export function scheduleWebhookDeliveries(app: FastifyInstance, intervalMs: number = WEBHOOK_DELIVERY_SWEEP_MS): void {
  scheduleSweep(app, { name: 'Webhook delivery attempts', intervalMs, sweep: () => deliverDueWebhooks(app.services) });
}
