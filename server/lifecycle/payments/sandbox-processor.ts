import { randomBytes } from 'node:crypto';
import {
  SANDBOX_CHECKOUT_TTL_MS, SANDBOX_PAYOUT_TOKEN_TTL_MS, SANDBOX_SETTLE_MS, SANDBOX_WEBHOOK_ATTEMPTS, SANDBOX_WEBHOOK_RETRY_MS,
} from '../../constants.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { DECLINE_MESSAGES, outcomeOf, type Outcome } from './sandbox-instruments.ts';
import {
  PayoutRefusal, WebhookRefusal, type ChargeToken, type Currency, type OpenCheckout, type PaymentKind, type PaymentProcessor,
  type PayoutInput, type ProcessorCharge, type ProcessorCheckout, type ProcessorEvent, type ProcessorPayee, type ProcessorPayout, type RegisterPayee,
} from './payment-processor.ts';
import { signWebhook, verifyWebhookSignature, SIGNATURE_HEADER } from './webhook-signature.ts';

/** The hosted form's address on this server (its routes are sandbox-routes.ts). */
export const SANDBOX_BASE = '/api/dev/payment-processor';
export const SANDBOX_NAME = 'Sandbox Processor';

const idOf = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

interface ChargeRow {
  id: string;
  status: ProcessorCharge['status'];
  amount: string;
  currency: Currency;
  reference: string;
  failure_message: string | null;
  save_method: boolean;
  token: string;
  kind: PaymentKind;
  brand: string;
  last4: string;
  webhook_url: string | null;
  settles_at: Date | null;
}

interface SessionRow {
  id: string;
  method: PaymentKind;
  amount: string;
  currency: Currency;
  description: string;
  reference: string;
  webhook_url: string | null;
  status: 'open' | 'complete' | 'expired';
  charge_id: string | null;
  expires_at: Date;
}

export interface SandboxDependencies {
  db: Queryable;
  clock: Clock;
  log: { warn(details: object, message: string): void };
  /** The key both the sandbox (signing) and the console (checking) use for webhooks. */
  webhookSecret: () => Promise<Uint8Array>;
}

/**
 * The local sandbox processor (development, tests and demos): behaves as a card and bank processor does. A
 * hosted form collects the card or account; the number becomes a token and never leaves the sandbox's
 * books; a charge is processing, then settles after SANDBOX_SETTLE_MS to succeeded or failed and a signed
 * webhook tells the console. Cards listed as declines are refused at once, bank returns arrive later.
 * Settling and the webhooks run from the sandbox's own tables (settleDue, swept by sandbox-settlement-timer.ts),
 * so a restart loses nothing and a webhook the console did not take is posted again.
 */
export class SandboxProcessor implements PaymentProcessor {
  readonly name = SANDBOX_NAME;

  constructor(private readonly deps: SandboxDependencies) {}

  async openCheckout(input: OpenCheckout): Promise<ProcessorCheckout> {
    const id = idOf('cs');
    const now = this.deps.clock.now();
    await this.deps.db.query(
      `INSERT INTO sandbox_processor_sessions (id, method, amount, currency, description, reference, webhook_url, status, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', $8, $9)`,
      [id, input.kind, input.amount, input.currency, input.description, input.reference, input.webhookUrl, now, new Date(now.getTime() + SANDBOX_CHECKOUT_TTL_MS)],
    );
    return { id, url: this.checkoutUrl(id), status: 'open', charge: null };
  }

  async getCheckout(id: string): Promise<ProcessorCheckout | null> {
    const session = await this.session(id);
    if (!session) return null;
    const charge = session.charge_id ? await this.chargeById(session.charge_id) : null;
    return { id, url: this.checkoutUrl(id), status: session.status, charge };
  }

  async charge(input: ChargeToken): Promise<ProcessorCharge> {
    const existing = await this.deps.db.query<{ id: string }>('SELECT id FROM sandbox_processor_charges WHERE idempotency_key = $1', [input.idempotencyKey]);
    if (existing[0]) return (await this.chargeById(existing[0].id))!;
    const [token] = await this.deps.db.query<{ outcome: Outcome }>('SELECT outcome FROM sandbox_processor_tokens WHERE token = $1', [input.token]);
    if (!token) throw new Error('The sandbox processor does not know this payment method.');
    return this.createCharge(input.token, token.outcome, { ...input, saveMethod: false });
  }

  async registerPayee(input: RegisterPayee): Promise<ProcessorPayee> {
    const token = idOf('payee');
    const last4 = input.accountNumber.slice(-4);
    // The account number decides the test outcome (a 'returned' test account refuses payouts) and is not kept.
    await this.deps.db.query(
      `INSERT INTO sandbox_processor_tokens (token, kind, brand, last4, outcome, created_at) VALUES ($1, 'payee', $2, $3, $4, $5)`,
      [token, input.accountName, last4, outcomeOf('bankAccount', input.accountNumber), this.deps.clock.now()],
    );
    return { token, last4 };
  }

  async payoutToken(payeeToken: string): Promise<{ token: string; expiresAt: Date }> {
    const [payee] = await this.deps.db.query<{ token: string }>(`SELECT token FROM sandbox_processor_tokens WHERE token = $1 AND kind = 'payee'`, [payeeToken]);
    if (!payee) throw new Error('The sandbox processor does not know this payee.');
    const token = idOf('pt');
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + SANDBOX_PAYOUT_TOKEN_TTL_MS);
    await this.deps.db.query('INSERT INTO sandbox_processor_payout_tokens (token, payee_token, created_at, expires_at) VALUES ($1, $2, $3, $4)', [token, payeeToken, now, expiresAt]);
    return { token, expiresAt };
  }

  /** Pays once per token: the same token again answers the payout it already made. */
  async payout(input: PayoutInput): Promise<ProcessorPayout> {
    const existing = await this.payoutByToken(input.payoutToken);
    if (existing) return existing;
    const [authorisation] = await this.deps.db.query<{ outcome: Outcome; expires_at: Date }>(
      `SELECT t.outcome, pt.expires_at FROM sandbox_processor_payout_tokens pt JOIN sandbox_processor_tokens t ON t.token = pt.payee_token WHERE pt.token = $1`,
      [input.payoutToken],
    );
    if (!authorisation) throw new PayoutRefusal('The payout token is not one the processor issued.');
    if (new Date(authorisation.expires_at) <= this.deps.clock.now()) throw new PayoutRefusal('The payout token has expired. Open the payment again.');
    const failed = authorisation.outcome === 'return';
    await this.deps.db.query(
      `INSERT INTO sandbox_processor_payouts (id, payout_token, amount, currency, description, reference, status, failure_message, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (payout_token) DO NOTHING`,
      [idOf('po'), input.payoutToken, input.amount, input.currency, input.description, input.reference, failed ? 'failed' : 'paid',
        failed ? 'The bank account refused the deposit (R03 no account).' : null, this.deps.clock.now()],
    );
    return (await this.payoutByToken(input.payoutToken))!;
  }

  private async payoutByToken(token: string): Promise<ProcessorPayout | null> {
    const [row] = await this.deps.db.query<{ id: string; status: 'paid' | 'failed'; amount: string; currency: Currency; failure_message: string | null }>(
      'SELECT id, status, amount::text AS amount, currency, failure_message FROM sandbox_processor_payouts WHERE payout_token = $1',
      [token],
    );
    return row ? { id: row.id, status: row.status, amount: Number(row.amount).toFixed(2), currency: row.currency, failureMessage: row.failure_message } : null;
  }

  async verifyWebhook(rawBody: string, signature: string | undefined, now: Date): Promise<ProcessorEvent> {
    verifyWebhookSignature(await this.deps.webhookSecret(), rawBody, signature, now);
    let event: ProcessorEvent;
    try {
      event = JSON.parse(rawBody) as ProcessorEvent;
    } catch {
      throw new WebhookRefusal('The webhook body is not JSON.');
    }
    if (typeof event?.id !== 'string' || event.type !== 'charge.updated' || typeof event.charge?.id !== 'string') throw new WebhookRefusal('The webhook is not an event this console reads.');
    return event;
  }

  // The sandbox's own side: what its hosted form does.

  async session(id: string): Promise<SessionRow | null> {
    const [row] = await this.deps.db.query<SessionRow>(
      `SELECT id, method, amount::text AS amount, currency, description, reference, webhook_url, status, charge_id, expires_at
       FROM sandbox_processor_sessions WHERE id = $1`,
      [id],
    );
    if (row && row.status === 'open' && new Date(row.expires_at) <= this.deps.clock.now()) {
      await this.deps.db.query(`UPDATE sandbox_processor_sessions SET status = 'expired' WHERE id = $1`, [id]);
      return { ...row, status: 'expired' };
    }
    return row ?? null;
  }

  /** The hosted form was submitted with a valid instrument: tokenise it, charge the session once. */
  async completeSession(session: SessionRow, instrument: { brand: string; last4: string; outcome: Outcome; save: boolean }): Promise<ProcessorCharge> {
    const token = idOf(session.method === 'creditCard' ? 'card' : 'ba');
    await this.deps.db.query(
      'INSERT INTO sandbox_processor_tokens (token, kind, brand, last4, outcome, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [token, session.method, instrument.brand, instrument.last4, instrument.outcome, this.deps.clock.now()],
    );
    const charge = await this.createCharge(token, instrument.outcome, {
      amount: session.amount, currency: session.currency, reference: session.reference, idempotencyKey: `session:${session.id}`,
      webhookUrl: session.webhook_url, saveMethod: instrument.save,
    });
    await this.deps.db.query(`UPDATE sandbox_processor_sessions SET status = 'complete', charge_id = $2 WHERE id = $1 AND status = 'open'`, [session.id, charge.id]);
    return charge;
  }

  private checkoutUrl(id: string): string {
    // On this server, so the browser reaches it at the console's own origin.
    return `${SANDBOX_BASE}/checkout/${id}`;
  }

  private async createCharge(token: string, outcome: Outcome, input: Omit<ChargeToken, 'token'> & { saveMethod: boolean }): Promise<ProcessorCharge> {
    const id = idOf('ch');
    const now = this.deps.clock.now();
    // A card decline is answered at once; everything else is processing until it settles.
    const declinedNow = outcome === 'decline' || outcome === 'insufficient_funds';
    await this.deps.db.query(
      `INSERT INTO sandbox_processor_charges (id, idempotency_key, token, amount, currency, reference, status, failure_message, save_method, webhook_url, created_at, settles_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (idempotency_key) DO NOTHING`,
      [id, input.idempotencyKey, token, input.amount, input.currency, input.reference, declinedNow ? 'failed' : 'processing',
        declinedNow ? DECLINE_MESSAGES[outcome] : null, input.saveMethod && !declinedNow, input.webhookUrl, now,
        declinedNow ? null : new Date(now.getTime() + SANDBOX_SETTLE_MS)],
    );
    const [stored] = await this.deps.db.query<{ id: string }>('SELECT id FROM sandbox_processor_charges WHERE idempotency_key = $1', [input.idempotencyKey]);
    return (await this.chargeById(stored!.id))!;
  }

  /**
   * One sweep of the sandbox's books: charges due to settle become succeeded, or failed for a bank account
   * that asks for a return, each with the event that tells the console; then every such event not yet taken
   * and due is posted. Each charge is claimed by its own update, so two servers never settle or post one
   * twice at once. Answers how many charges it settled or posted.
   */
  async settleDue(): Promise<number> {
    const now = this.deps.clock.now();
    const settled = await this.deps.db.query<{ id: string }>(
      `UPDATE sandbox_processor_charges c
       SET status = CASE WHEN t.outcome = 'return' THEN 'failed' ELSE 'succeeded' END,
           failure_message = CASE WHEN t.outcome = 'return' THEN $2 ELSE NULL END,
           webhook_event_id = CASE WHEN c.webhook_url IS NULL THEN NULL ELSE $3 || replace(c.id, 'ch_', '') END,
           webhook_next_at = CASE WHEN c.webhook_url IS NULL THEN NULL ELSE $1::timestamptz END
       FROM sandbox_processor_tokens t
       WHERE t.token = c.token AND c.id IN (
         SELECT id FROM sandbox_processor_charges WHERE status = 'processing' AND settles_at <= $1 ORDER BY settles_at LIMIT 100 FOR UPDATE SKIP LOCKED)
       RETURNING c.id`,
      [now, DECLINE_MESSAGES.return, 'evt_'],
    );
    const due = await this.deps.db.query<{ id: string; webhook_url: string; webhook_event_id: string; webhook_attempts: number }>(
      `UPDATE sandbox_processor_charges SET webhook_next_at = $2, webhook_attempts = webhook_attempts + 1
       WHERE id IN (
         SELECT id FROM sandbox_processor_charges WHERE webhook_delivered_at IS NULL AND webhook_next_at <= $1 AND webhook_attempts < $3
         ORDER BY webhook_next_at LIMIT 100 FOR UPDATE SKIP LOCKED)
       RETURNING id, webhook_url, webhook_event_id, webhook_attempts`,
      [now, new Date(now.getTime() + SANDBOX_WEBHOOK_RETRY_MS), SANDBOX_WEBHOOK_ATTEMPTS],
    );
    for (const event of due) await this.post(event);
    return settled.length + due.length;
  }

  /** Posts one settlement's signed event; taken, it is never posted again; refused, the next try is already set. */
  private async post(event: { id: string; webhook_url: string; webhook_event_id: string; webhook_attempts: number }): Promise<void> {
    const charge = (await this.chargeById(event.id))!;
    const body = JSON.stringify({ id: event.webhook_event_id, type: 'charge.updated', charge });
    try {
      const signature = signWebhook(await this.deps.webhookSecret(), body, this.deps.clock.now());
      const response = await fetch(event.webhook_url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) {
        await this.deps.db.query('UPDATE sandbox_processor_charges SET webhook_delivered_at = $2 WHERE id = $1', [event.id, this.deps.clock.now()]);
        return;
      }
      this.deps.log.warn({ status: response.status, charge: event.id, attempt: event.webhook_attempts }, 'The console refused a sandbox processor webhook; it is posted again later');
    } catch (error) {
      this.deps.log.warn({ err: error, charge: event.id, attempt: event.webhook_attempts }, 'The sandbox processor could not post a webhook; it is posted again later');
    }
  }

  private async chargeById(id: string): Promise<ProcessorCharge | null> {
    const [row] = await this.deps.db.query<ChargeRow>(
      `SELECT c.id, c.status, c.amount::text AS amount, c.currency, c.reference, c.failure_message, c.save_method, c.token, t.kind, t.brand, t.last4
       FROM sandbox_processor_charges c JOIN sandbox_processor_tokens t ON t.token = c.token WHERE c.id = $1`,
      [id],
    );
    if (!row) return null;
    return {
      id: row.id, status: row.status, amount: Number(row.amount).toFixed(2), currency: row.currency, kind: row.kind, brand: row.brand,
      last4: row.last4, reference: row.reference, failureMessage: row.failure_message, savedToken: row.save_method ? row.token : null,
    };
  }
}
