import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { tenantCondition, tenantScopeOf, type TenantScope } from '../../tenancy/tenant-scope.ts';

interface ApiKeyRow {
  id: string;
  key_id: string;
  name: string;
  description: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  regenerated_at: Date | string | null;
  last_used_at: Date | string | null;
  created_by_email: string | null;
  account_id: string;
  account_name: string;
}

const SELECT = `k.id, k.key_id, k.name, k.description, k.created_at, k.updated_at, k.regenerated_at, k.last_used_at,
  u.email AS created_by_email, k.account_id, a.name AS account_name`;
const FROM = 'api_keys k JOIN accounts a ON a.id = k.account_id LEFT JOIN users u ON u.id = k.created_by';

/**
 * API keys are an organisation's own: provider staff reach every organisation's, anyone else only their own
 * organisation's (an agency does not manage its clients' keys).
 */
function keyScope(caller: Caller): TenantScope {
  const scope = tenantScopeOf(caller);
  return scope.reach === 'all' ? scope : { reach: 'own', accountId: caller.accountId };
}
const visibleTo = (caller: Caller) => (params: SqlParams) => tenantCondition(keyScope(caller), { account: 'k.account_id', agency: 'k.account_id' }, params);

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** A key as every answer shows it: never its secret, which is not stored. */
function toApiKey(row: ApiKeyRow) {
  return {
    id: row.id, keyId: row.key_id, name: row.name, description: row.description,
    createdAt: iso(row.created_at), updatedAt: iso(row.updated_at), regeneratedAt: isoOrNull(row.regenerated_at), lastUsedAt: isoOrNull(row.last_used_at),
    createdBy: row.created_by_email, accountId: row.account_id, accountName: row.account_name,
  };
}

export type ApiKey = ReturnType<typeof toApiKey>;

const API_KEYS: ListSpec<ApiKeyRow, ApiKey> = {
  select: SELECT,
  from: FROM,
  sorts: { name: 'lower(k.name)', keyId: 'k.key_id', createdAt: 'k.created_at', lastUsedAt: 'k.last_used_at', accountName: 'lower(a.name)' },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreak: ['k.id'],
  search: ['k.name', 'k.description', 'k.key_id', 'a.name'],
  toItem: toApiKey,
};

export function searchVisibleApiKeys(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, API_KEYS, query, visibleTo(caller));
}

/** One key by (tenant, key id): another organisation's answers null, exactly like a missing one. */
export async function findVisibleApiKey(db: Queryable, caller: Caller, keyId: string, lock = false): Promise<ApiKey | null> {
  const params = new SqlParams();
  const keyParam = params.add(keyId);
  const condition = visibleTo(caller)(params);
  const [row] = await db.query<ApiKeyRow>(`SELECT ${SELECT} FROM ${FROM} WHERE k.key_id = ${keyParam} AND ${condition}${lock ? ' FOR UPDATE OF k' : ''}`, params.values);
  return row ? toApiKey(row) : null;
}

export async function insertApiKey(
  tx: Queryable,
  fields: { keyId: string; accountId: string; name: string; description: string | null; secretHash: string; createdBy: string; now: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO api_keys (key_id, account_id, name, description, secret_hash, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
    [fields.keyId, fields.accountId, fields.name, fields.description, fields.secretHash, fields.createdBy, fields.now],
  );
}

export async function updateApiKeyRow(tx: Queryable, id: string, fields: { name: string; description: string | null; now: Date }): Promise<void> {
  await tx.query('UPDATE api_keys SET name = $2, description = $3, updated_at = $4 WHERE id = $1', [id, fields.name, fields.description, fields.now]);
}

export async function replaceSecret(tx: Queryable, id: string, secretHash: string, now: Date): Promise<void> {
  await tx.query('UPDATE api_keys SET secret_hash = $2, regenerated_at = $3, updated_at = $3 WHERE id = $1', [id, secretHash, now]);
}

export async function deleteApiKeyRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM api_keys WHERE id = $1', [id]);
}
