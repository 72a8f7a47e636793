import {
  WEBHOOK_ATTEMPT_TIMEOUT_MS, WEBHOOK_DELIVERY_BATCH, WEBHOOK_HEADERS, WEBHOOK_RETRY_DELAYS_MS,
} from '../../constants.ts';
import type { Services } from '../../services.ts';
import { signWebhook } from '../../lifecycle/index.ts';
import { claimDueDeliveries, recordAttempt, type AttemptOutcome, type ClaimedDelivery } from './delivery-repository.ts';
import { openSecret, webhookSecretKey } from './secret-box.ts';

/** Longest error text kept on a delivery: enough for the reason, never a whole answer page. */
const ERROR_TEXT_MAX = 300;

/** The body a receiver gets: the event's id (the same on every attempt), its name, when it happened, and its data. */
export function deliveryBody(delivery: Pick<ClaimedDelivery, 'id' | 'event' | 'createdAt' | 'payload'>): string {
  return JSON.stringify({ id: delivery.id, event: delivery.event, createdAt: delivery.createdAt, data: delivery.payload });
}

/** Why a request got no answer, in words a user can act on ('Could not reach hook.io (ENOTFOUND)'). */
function unreachable(url: string, error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `No answer within ${WEBHOOK_ATTEMPT_TIMEOUT_MS / 1000} s`;
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  const host = URL.canParse(url) ? new URL(url).host : url;
  return `Could not reach ${host}${cause?.code ? ` (${cause.code})` : ''}`;
}

/** One attempt: POST the signed body; any 2xx is delivered. Never throws: every failure becomes its reason. */
async function attempt(delivery: ClaimedDelivery, secret: string | null, now: Date): Promise<{ responseStatus: number | null; error: string | null }> {
  if (!delivery.webhookUrl) return { responseStatus: null, error: 'The webhook has no URL' };
  if (secret === null) return { responseStatus: null, error: 'The client secret of this webhook cannot be read' };
  const body = deliveryBody(delivery);
  try {
    const response = await fetch(delivery.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'cyber-console-webhooks',
        [WEBHOOK_HEADERS.id]: delivery.id,
        [WEBHOOK_HEADERS.clientId]: delivery.clientId,
        [WEBHOOK_HEADERS.signature]: signWebhook(Buffer.from(secret, 'utf8'), body, now),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_ATTEMPT_TIMEOUT_MS),
    });
    // The answer's body is not needed; drain it so the connection is released.
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return { responseStatus: response.status, error: null };
    return { responseStatus: response.status, error: `The receiver answered ${response.status}` };
  } catch (error) {
    return { responseStatus: null, error: unreachable(delivery.webhookUrl, error).slice(0, ERROR_TEXT_MAX) };
  }
}

/** After a failed attempt number `attemptsSoFar + 1`: when to try again, or null when none is left. */
export function retryAfter(attemptsSoFar: number, at: Date): Date | null {
  const delay = WEBHOOK_RETRY_DELAYS_MS[attemptsSoFar];
  return delay === undefined ? null : new Date(at.getTime() + delay);
}

/**
 * One sweep: sends every delivery that is due, a batch at a time, and records each outcome. Returns how many
 * attempts were made. Safe on several servers at once (deliveries are claimed, claimDueDeliveries).
 */
export async function deliverDueWebhooks({ db, clock }: Pick<Services, 'db' | 'clock'>): Promise<number> {
  // The sealing key is read once something is due: most sweeps find nothing and cost one indexed query.
  let key: Buffer | undefined;
  let made = 0;
  for (;;) {
    const now = clock.now();
    const claimed = await claimDueDeliveries(db, now, new Date(now.getTime() + 2 * WEBHOOK_ATTEMPT_TIMEOUT_MS), WEBHOOK_DELIVERY_BATCH);
    if (claimed.length === 0) return made;
    key ??= await webhookSecretKey(db, clock);
    const sealingKey = key;
    await Promise.all(claimed.map(async (delivery) => {
      const result = await attempt(delivery, openSecret(sealingKey, delivery.sealedSecret), now);
      const at = clock.now();
      const outcome: AttemptOutcome = { at, ...result, retryAt: result.error === null ? null : retryAfter(delivery.attempts, at) };
      await recordAttempt(db, delivery.id, outcome);
    }));
    made += claimed.length;
    if (claimed.length < WEBHOOK_DELIVERY_BATCH) return made;
  }
}
