import type { Queryable } from '../../db/database.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import { SqlParams } from '../../db/sql-params.ts';
import type { Caller } from '../../services.ts';
import { tenantCondition } from '../../tenancy/tenant-scope.ts';
import { webhookScope } from './repository.ts';

/** Where a delivery stands: waiting for its next attempt, answered 2xx, or out of attempts. */
export type DeliveryStatus = 'Pending' | 'Delivered' | 'Failed';

interface DeliveryRow {
  id: string;
  webhook_id: string;
  company_name: string;
  webhook_url: string | null;
  account_id: string;
  account_name: string;
  event: string;
  subject: string;
  subject_id: string | null;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | string | null;
  last_attempt_at: Date | string | null;
  response_status: number | null;
  last_error: string | null;
  created_at: Date | string;
  delivered_at: Date | string | null;
}

const SELECT = `d.id, d.webhook_id, w.company_name, w.webhook_url, d.account_id, a.name AS account_name, d.event, d.subject,
  d.subject_id, d.status, d.attempts, d.next_attempt_at, d.last_attempt_at, d.response_status, d.last_error, d.created_at, d.delivered_at`;
const FROM = 'webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id JOIN accounts a ON a.id = d.account_id';

// Deliveries follow their webhooks: provider staff see every organisation's, anyone else their own's.
const visibleTo = (caller: Caller) => (params: SqlParams) => tenantCondition(webhookScope(caller), { account: 'd.account_id', agency: 'd.account_id' }, params);

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A delivery as the log shows it: never its body (the lead's details stay with the receiver it was for). */
function toDelivery(row: DeliveryRow) {
  return {
    id: row.id, webhookId: row.webhook_id, companyName: row.company_name, webhookUrl: row.webhook_url,
    accountId: row.account_id, accountName: row.account_name, event: row.event, subject: row.subject, subjectId: row.subject_id,
    status: row.status, attempts: row.attempts, nextAttemptAt: iso(row.next_attempt_at), lastAttemptAt: iso(row.last_attempt_at),
    responseStatus: row.response_status, lastError: row.last_error, createdAt: iso(row.created_at)!, deliveredAt: iso(row.delivered_at),
  };
}

const DELIVERIES: ListSpec<DeliveryRow, ReturnType<typeof toDelivery>> = {
  select: SELECT,
  from: FROM,
  countFrom: 'webhook_deliveries d',
  sorts: { createdAt: 'd.created_at', status: 'd.status', event: 'd.event', subject: 'lower(d.subject)', attempts: 'd.attempts' },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreak: ['d.id'],
  search: ['d.subject', 'd.event'],
  filters: { status: { sql: 'd.status' }, webhookId: { sql: 'd.webhook_id', cast: 'uuid' } },
  toItem: toDelivery,
};

export function searchVisibleDeliveries(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, DELIVERIES, query, visibleTo(caller));
}

/** The organisation's webhooks that have an address to send to. */
export async function sendableWebhooksOf(db: Queryable, accountId: string): Promise<{ id: string; companyName: string }[]> {
  const rows = await db.query<{ id: string; company_name: string }>(
    'SELECT id, company_name FROM webhooks WHERE account_id = $1 AND webhook_url IS NOT NULL ORDER BY created_at, id',
    [accountId],
  );
  return rows.map((row) => ({ id: row.id, companyName: row.company_name }));
}

/** Queues one event for a webhook; the next sweep sends it. */
export async function enqueueDelivery(
  tx: Queryable,
  fields: { webhookId: string; accountId: string; event: string; subject: string; subjectId: string | null; payload: unknown; requestedBy: string; now: Date },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (webhook_id, account_id, event, subject, subject_id, payload, requested_by, created_at, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $8) RETURNING id`,
    [fields.webhookId, fields.accountId, fields.event, fields.subject, fields.subjectId, JSON.stringify(fields.payload), fields.requestedBy, fields.now],
  );
  return row!.id;
}

/** A delivery taken for an attempt, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  event: string;
  payload: unknown;
  attempts: number;
  createdAt: string;
  webhookUrl: string | null;
  clientId: string;
  sealedSecret: string;
}

/**
 * Takes up to `limit` due deliveries for an attempt: their next attempt moves to `leaseUntil`, so another
 * server's sweep (or this one's next) leaves them alone while this one sends; an attempt that never records
 * its outcome (the process died) is simply tried again once the lease passes.
 */
export async function claimDueDeliveries(db: Queryable, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  const rows = await db.query<{
    id: string; event: string; payload: unknown; attempts: number; created_at: Date | string; webhook_url: string | null; client_id: string; client_secret_sealed: string;
  }>(
    `WITH due AS (
       SELECT id FROM webhook_deliveries WHERE status = 'Pending' AND next_attempt_at <= $1
       ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED
     ), taken AS (
       UPDATE webhook_deliveries d SET next_attempt_at = $2 FROM due WHERE d.id = due.id
       RETURNING d.id, d.webhook_id, d.event, d.payload, d.attempts, d.created_at
     )
     SELECT t.id, t.event, t.payload, t.attempts, t.created_at, w.webhook_url, w.client_id, w.client_secret_sealed
     FROM taken t JOIN webhooks w ON w.id = t.webhook_id ORDER BY t.created_at, t.id`,
    [now, leaseUntil, limit],
  );
  return rows.map((row) => ({
    id: row.id, event: row.event, payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload, attempts: row.attempts,
    createdAt: new Date(row.created_at).toISOString(), webhookUrl: row.webhook_url, clientId: row.client_id, sealedSecret: row.client_secret_sealed,
  }));
}

/** What one attempt came to: the receiver's status code (if it answered) and, when it failed, why. */
export interface AttemptOutcome {
  at: Date;
  responseStatus: number | null;
  error: string | null;
  /** When to try again; null when this attempt settles it (delivered, or the last attempt failed). */
  retryAt: Date | null;
}

export async function recordAttempt(db: Queryable, id: string, outcome: AttemptOutcome): Promise<void> {
  const status: DeliveryStatus = outcome.error === null ? 'Delivered' : outcome.retryAt ? 'Pending' : 'Failed';
  await db.query(
    `UPDATE webhook_deliveries SET attempts = attempts + 1, last_attempt_at = $2, response_status = $3, last_error = $4,
       status = $5, next_attempt_at = $6, delivered_at = CASE WHEN $5 = 'Delivered' THEN $2::timestamptz ELSE NULL END
     WHERE id = $1`,
    [id, outcome.at, outcome.responseStatus, outcome.error, status, outcome.retryAt],
  );
}

/** Sends a delivery again at once (a Failed one gets a fresh round of attempts). */
export async function requeueDelivery(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query(`UPDATE webhook_deliveries SET status = 'Pending', next_attempt_at = $2, attempts = 0 WHERE id = $1`, [id, now]);
}

/** One delivery by (tenant, id): another organisation's answers null, like a missing one. */
export async function findVisibleDelivery(db: Queryable, caller: Caller, id: string) {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const condition = visibleTo(caller)(params);
  const [row] = await db.query<DeliveryRow>(`SELECT ${SELECT} FROM ${FROM} WHERE d.id = ${idParam} AND ${condition}`, params.values);
  return row ? toDelivery(row) : null;
}
