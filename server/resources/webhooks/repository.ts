import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { tenantCondition, tenantScopeOf, type TenantScope } from '../../tenancy/tenant-scope.ts';

interface WebhookRow {
  id: string;
  company_name: string;
  client_id: string;
  client_secret_sealed: string;
  webhook_url: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  account_id: string;
  account_name: string;
}

const SELECT = `w.id, w.company_name, w.client_id, w.client_secret_sealed, w.webhook_url, w.created_at, w.updated_at,
  w.account_id, a.name AS account_name`;
const FROM = 'webhooks w JOIN accounts a ON a.id = w.account_id';

/**
 * Webhooks are an organisation's own: provider staff reach every organisation's, anyone else only their own
 * organisation's (an agency does not manage its clients' integrations).
 */
export function webhookScope(caller: Caller): TenantScope {
  const scope = tenantScopeOf(caller);
  return scope.reach === 'all' ? scope : { reach: 'own', accountId: caller.accountId };
}
const visibleTo = (caller: Caller) => (params: SqlParams) => tenantCondition(webhookScope(caller), { account: 'w.account_id', agency: 'w.account_id' }, params);

const iso = (value: Date | string) => new Date(value).toISOString();

/** A webhook as the list answers it: never its secret. */
function toWebhook(row: WebhookRow) {
  return {
    id: row.id, companyName: row.company_name, clientId: row.client_id, webhookUrl: row.webhook_url,
    createdAt: iso(row.created_at), updatedAt: iso(row.updated_at), accountId: row.account_id, accountName: row.account_name,
  };
}

export type Webhook = ReturnType<typeof toWebhook>;
/** A webhook with the sealed secret, for the handlers that open it. */
export type SealedWebhook = Webhook & { sealedSecret: string };

const WEBHOOKS: ListSpec<WebhookRow, Webhook> = {
  select: SELECT,
  from: FROM,
  sorts: {
    companyName: 'lower(w.company_name)', clientId: 'w.client_id', webhookUrl: 'lower(w.webhook_url)',
    createdAt: 'w.created_at', updatedAt: 'w.updated_at', accountName: 'lower(a.name)',
  },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreak: ['w.id'],
  search: ['w.company_name', 'w.client_id', 'w.webhook_url', 'a.name'],
  toItem: toWebhook,
};

export function searchVisibleWebhooks(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, WEBHOOKS, query, visibleTo(caller));
}

/** One webhook by (tenant, id): another organisation's answers null, exactly like a missing one. */
export async function findVisibleWebhook(db: Queryable, caller: Caller, id: string, lock = false): Promise<SealedWebhook | null> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const condition = visibleTo(caller)(params);
  const [row] = await db.query<WebhookRow>(`SELECT ${SELECT} FROM ${FROM} WHERE w.id = ${idParam} AND ${condition}${lock ? ' FOR UPDATE OF w' : ''}`, params.values);
  return row ? { ...toWebhook(row), sealedSecret: row.client_secret_sealed } : null;
}

/** Whether another webhook of the organisation already uses this client id. */
export async function clientIdTaken(db: Queryable, accountId: string, clientId: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.query<{ taken: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM webhooks WHERE account_id = $1 AND client_id = $2 AND ($3::uuid IS NULL OR id <> $3::uuid)) AS taken',
    [accountId, clientId, exceptId ?? null],
  );
  return row?.taken === true;
}

export async function insertWebhook(
  tx: Queryable,
  fields: { accountId: string; companyName: string; clientId: string; sealedSecret: string; createdBy: string; now: Date },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO webhooks (account_id, company_name, client_id, client_secret_sealed, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [fields.accountId, fields.companyName, fields.clientId, fields.sealedSecret, fields.createdBy, fields.now],
  );
  return row!.id;
}

export async function updateWebhookRow(tx: Queryable, id: string, fields: { clientId: string; sealedSecret: string; webhookUrl: string; now: Date }): Promise<void> {
  await tx.query(
    'UPDATE webhooks SET client_id = $2, client_secret_sealed = $3, webhook_url = $4, updated_at = $5 WHERE id = $1',
    [id, fields.clientId, fields.sealedSecret, fields.webhookUrl, fields.now],
  );
}

export async function deleteWebhookRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM webhooks WHERE id = $1', [id]);
}
