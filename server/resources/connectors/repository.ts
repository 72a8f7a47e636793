import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { clientAccountCondition, tenantCondition, tenantScopeOf } from '../../tenancy/tenant-scope.ts';
import { CONNECTOR_TYPES, connectorTypeOf, type ConnectKind } from './catalogue.ts';
import type { Posture } from './stand-in-posture.ts';

/**
 * Connections, their snapshots and the privacy addendum in SQL. Every read goes through the tenant rule
 * (server/tenancy/tenant-scope.ts): a connection belongs to its client account, so provider staff reach all,
 * an agency the connections of the accounts it manages, anyone else those of their own account. A connection
 * outside the caller's reach answers exactly like one that does not exist.
 */

interface ConnectionRow {
  id: string;
  account_id: string;
  account_name: string;
  connector_type: string;
  provider: string;
  auth_kind: ConnectKind;
  status: 'SUCCESS' | 'FAILED';
  external_id: string;
  external_name: string;
  metadata: Record<string, string> | string;
  created_at: Date;
  last_synced_at: Date | null;
  last_sync_error: string | null;
  score: string | null;
  max_score: string | null;
}

export const STATUS_TEXT = { SUCCESS: 'Connected', FAILED: 'Reconnect needed' } as const;

// The connector names as SQL rows, so the list sorts and searches by the name users see.
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const NAMES = `(VALUES ${CONNECTOR_TYPES.map((entry) => `(${quote(entry.type)}, ${quote(entry.name)})`).join(', ')}) AS ct(type, name)`;

const SELECT = `c.id, c.account_id, a.name AS account_name, c.connector_type, c.provider, c.auth_kind, c.status, c.external_id, c.external_name,
  c.metadata, c.created_at, c.last_synced_at, c.last_sync_error, s.score, s.max_score`;
const FROM = `connector_connections c JOIN accounts a ON a.id = c.account_id
  LEFT JOIN ${NAMES} ON ct.type = c.connector_type
  LEFT JOIN LATERAL (SELECT score, max_score FROM connector_snapshots WHERE connection_id = c.id ORDER BY taken_at DESC, id DESC LIMIT 1) s ON TRUE`;

const visibleTo = (caller: Caller) => (params: SqlParams) =>
  tenantCondition(tenantScopeOf(caller), { account: 'c.account_id', agency: 'a.agency_id' }, params);

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toConnection(row: ConnectionRow) {
  const entry = connectorTypeOf(row.connector_type);
  const metadata = typeof row.metadata === 'string' ? (JSON.parse(row.metadata) as Record<string, string>) : row.metadata;
  return {
    id: row.id,
    connectorId: row.id,
    connectorType: row.connector_type,
    connectorName: entry?.name ?? row.connector_type,
    logo: entry?.logo ?? '',
    provider: row.provider,
    accountId: row.account_id,
    accountName: row.account_name,
    externalId: row.external_id,
    externalName: row.external_name,
    connectorStatus: row.status,
    statusText: STATUS_TEXT[row.status],
    latestScore: numberOrNull(row.score),
    maxScore: numberOrNull(row.max_score),
    lastSyncedAt: iso(row.last_synced_at),
    createdAt: iso(row.created_at)!,
    metadata,
    authKind: row.auth_kind,
    lastSyncError: row.last_sync_error,
  };
}

export type Connection = ReturnType<typeof toConnection>;

/** The connection as the API answers it (how it authenticates and why its last read failed stay on the server). */
export function publicConnection({ authKind: _authKind, lastSyncError: _lastSyncError, ...connection }: Connection) {
  return connection;
}

const CONNECTIONS: ListSpec<ConnectionRow, Connection> = {
  select: SELECT,
  from: FROM,
  sorts: {
    connectorName: 'lower(ct.name)',
    accountName: 'lower(a.name)',
    externalName: 'lower(c.external_name)',
    connectorStatus: 'c.status',
    latestScore: 's.score / NULLIF(s.max_score, 0)',
    createdAt: 'c.created_at',
  },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreak: ['c.id'],
  search: ['ct.name', 'a.name', 'c.external_name'],
  filters: { connectorType: { sql: 'c.connector_type' }, cbid: { sql: 'c.account_id', cast: 'uuid' } },
  toItem: toConnection,
};

export function searchVisibleConnections(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, CONNECTIONS, query, visibleTo(caller));
}

export async function findVisibleConnection(db: Queryable, caller: Caller, id: string): Promise<Connection | null> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const condition = visibleTo(caller)(params);
  const [row] = await db.query<ConnectionRow>(`SELECT ${SELECT} FROM ${FROM} WHERE c.id = ${idParam} AND ${condition}`, params.values);
  return row ? toConnection(row) : null;
}

export async function connectionsOfAccount(db: Queryable, caller: Caller, accountId: string): Promise<Connection[]> {
  const params = new SqlParams();
  const idParam = params.add(accountId, 'uuid');
  const condition = visibleTo(caller)(params);
  const rows = await db.query<ConnectionRow>(`SELECT ${SELECT} FROM ${FROM} WHERE c.account_id = ${idParam} AND ${condition} ORDER BY c.created_at DESC, c.id`, params.values);
  return rows.map(toConnection);
}

/** Connections per type the caller sees (of one account when given). */
export async function connectedCounts(db: Queryable, caller: Caller, accountId: string | null): Promise<Map<string, number>> {
  const params = new SqlParams();
  const condition = visibleTo(caller)(params);
  const account = accountId ? ` AND c.account_id = ${params.add(accountId, 'uuid')}` : '';
  const rows = await db.query<{ connector_type: string; count: number }>(
    `SELECT c.connector_type, count(*)::int AS count FROM connector_connections c JOIN accounts a ON a.id = c.account_id
     WHERE ${condition}${account} GROUP BY c.connector_type`,
    params.values,
  );
  return new Map(rows.map((row) => [row.connector_type, row.count]));
}

/** The client accounts the caller may connect tools for: an agency its clients, anyone else their own account. */
export async function clientAccounts(db: Queryable, caller: Caller): Promise<{ id: string; name: string }[]> {
  const params = new SqlParams();
  const condition = clientAccountCondition(tenantScopeOf(caller), { id: 'a.id', agency: 'a.agency_id', type: 'a.account_type' }, params);
  return db.query<{ id: string; name: string }>(`SELECT a.id, a.name FROM accounts a WHERE ${condition} ORDER BY lower(a.name), a.id`, params.values);
}

/** One client account the caller may connect tools for, or null (a foreign id answers like a missing one). */
export async function findClientAccount(db: Queryable, caller: Caller, accountId: string): Promise<{ id: string; name: string } | null> {
  const params = new SqlParams();
  const idParam = params.add(accountId, 'uuid');
  const condition = clientAccountCondition(tenantScopeOf(caller), { id: 'a.id', agency: 'a.agency_id', type: 'a.account_type' }, params);
  const [row] = await db.query<{ id: string; name: string }>(`SELECT a.id, a.name FROM accounts a WHERE a.id = ${idParam} AND ${condition}`, params.values);
  return row ?? null;
}

export async function sealedCredentialsOf(db: Queryable, id: string): Promise<string | null> {
  const [row] = await db.query<{ credentials_sealed: string }>('SELECT credentials_sealed FROM connector_connections WHERE id = $1', [id]);
  return row?.credentials_sealed ?? null;
}

export interface NewConnection {
  accountId: string;
  connectorType: string;
  provider: string;
  authKind: ConnectKind;
  externalId: string;
  externalName: string;
  metadata: Record<string, string>;
  sealed: string;
  createdBy: string | null;
}

/**
 * Stores a connection; the same tool account connected again for the same client takes the new credentials
 * (a reconnect) rather than making a second row. Answers the id and whether it was new.
 */
export async function upsertConnection(tx: Queryable, connection: NewConnection, now: Date): Promise<{ id: string; created: boolean }> {
  const [row] = await tx.query<{ id: string; created: boolean }>(
    `INSERT INTO connector_connections (account_id, connector_type, provider, auth_kind, status, external_id, external_name, metadata,
       credentials_sealed, created_at, created_by, last_synced_at)
     VALUES ($1, $2, $3, $4, 'SUCCESS', $5, $6, $7, $8, $9, $10, $9)
     ON CONFLICT (account_id, connector_type, external_id) DO UPDATE SET
       status = 'SUCCESS', external_name = EXCLUDED.external_name, metadata = EXCLUDED.metadata, credentials_sealed = EXCLUDED.credentials_sealed,
       last_synced_at = EXCLUDED.last_synced_at, last_sync_error = NULL
     RETURNING id, (xmax = 0) AS created`,
    [connection.accountId, connection.connectorType, connection.provider, connection.authKind, connection.externalId, connection.externalName,
      JSON.stringify(connection.metadata), connection.sealed, now, connection.createdBy],
  );
  return row!;
}

export async function deleteConnectionRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM connector_connections WHERE id = $1', [id]);
}

/** A read of the provider: the score, the day points (a later read overwrites a day) and the actions (replaced). */
export async function storeSnapshot(tx: Queryable, connectionId: string, posture: Posture, now: Date): Promise<void> {
  await tx.query(
    'INSERT INTO connector_snapshots (connection_id, taken_at, measured_at, score, max_score) VALUES ($1, $2, $3, $4, $5)',
    [connectionId, now, posture.score.measuredAt, posture.score.current, posture.score.max],
  );
  // One statement per table: a read carries up to a year of days and tens of actions (a repeated day or id counts once).
  const history = [...new Map(posture.history.map((point) => [point.date, point])).values()];
  if (history.length > 0) {
    const params = new SqlParams();
    const id = params.add(connectionId, 'uuid');
    const max = params.add(posture.score.max, 'numeric');
    const rows = history.map((point) => `(${id}, ${params.add(point.date, 'date')}, ${params.add(point.score, 'numeric')}, ${max})`);
    await tx.query(
      `INSERT INTO connector_score_points (connection_id, day, score, max_score) VALUES ${rows.join(', ')}
       ON CONFLICT (connection_id, day) DO UPDATE SET score = EXCLUDED.score, max_score = EXCLUDED.max_score`,
      params.values,
    );
  }
  await tx.query('DELETE FROM connector_actions WHERE connection_id = $1', [connectionId]);
  const actions = [...new Map(posture.actions.map((action) => [action.id, action])).values()];
  if (actions.length > 0) {
    const params = new SqlParams();
    const id = params.add(connectionId, 'uuid');
    const rows = actions.map((action) => `(${id}, ${[action.id, action.title, action.description, action.category, action.severity, action.status].map((value) => params.add(value)).join(', ')}, ${params.add(action.scoreImpact, 'numeric')}, ${params.add(action.shortlisted, 'boolean')})`);
    await tx.query(
      `INSERT INTO connector_actions (connection_id, action_id, title, description, category, severity, status, score_impact, shortlisted) VALUES ${rows.join(', ')}`,
      params.values,
    );
  }
}

export async function markSynced(tx: Queryable, id: string, now: Date, sealed: string | null): Promise<void> {
  await tx.query(
    `UPDATE connector_connections SET status = 'SUCCESS', last_synced_at = $2, last_sync_error = NULL,
       credentials_sealed = COALESCE($3, credentials_sealed) WHERE id = $1`,
    [id, now, sealed],
  );
}

export async function markFailed(tx: Queryable, id: string, reason: string, refused: boolean): Promise<void> {
  await tx.query(
    `UPDATE connector_connections SET last_sync_error = $2, status = CASE WHEN $3 THEN 'FAILED' ELSE status END WHERE id = $1`,
    [id, reason, refused],
  );
}

export async function latestSnapshot(db: Queryable, connectionId: string) {
  const [row] = await db.query<{ score: string; max_score: string; measured_at: Date }>(
    'SELECT score, max_score, measured_at FROM connector_snapshots WHERE connection_id = $1 ORDER BY taken_at DESC, id DESC LIMIT 1',
    [connectionId],
  );
  return row ? { score: Number(row.score), maxScore: Number(row.max_score), measuredAt: iso(row.measured_at)! } : null;
}

export async function scoreHistory(db: Queryable, connectionId: string, since: string) {
  const rows = await db.query<{ day: string | Date; score: string; max_score: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, score, max_score FROM connector_score_points WHERE connection_id = $1 AND day >= $2::date ORDER BY day`,
    [connectionId, since],
  );
  return rows.map((row) => {
    const score = Number(row.score);
    const maxScore = Number(row.max_score);
    return { date: String(row.day), score, maxScore, percentage: maxScore > 0 ? Math.round((score / maxScore) * 1000) / 10 : 0 };
  });
}

interface ActionRow {
  action_id: string;
  title: string;
  description: string;
  category: string;
  severity: 'HIGH' | 'MEDIUM' | 'LOW';
  status: 'TO_DO' | 'IN_PROGRESS' | 'COMPLETED';
  score_impact: string;
  shortlisted: boolean;
}

function toAction(row: ActionRow) {
  return {
    id: row.action_id, title: row.title, description: row.description, category: row.category, severity: row.severity,
    status: row.status, scoreImpact: Number(row.score_impact), shortlisted: row.shortlisted,
  };
}

const SEVERITY_ORDER = `CASE x.severity WHEN 'HIGH' THEN 3 WHEN 'MEDIUM' THEN 2 ELSE 1 END`;
const STATUS_ORDER = `CASE x.status WHEN 'TO_DO' THEN 1 WHEN 'IN_PROGRESS' THEN 2 ELSE 3 END`;

function actionsSpec(): ListSpec<ActionRow, ReturnType<typeof toAction>> {
  return {
    select: 'x.action_id, x.title, x.description, x.category, x.severity, x.status, x.score_impact, x.shortlisted',
    from: 'connector_actions x',
    sorts: { title: 'lower(x.title)', category: 'lower(x.category)', severity: SEVERITY_ORDER, status: STATUS_ORDER, scoreImpact: 'x.score_impact' },
    defaultSort: { field: 'scoreImpact', direction: 'desc' },
    tieBreak: ['x.action_id'],
    search: ['x.title', 'x.category', 'x.description'],
    filters: { status: { sql: 'x.status' } },
    toItem: toAction,
  };
}

const ACTIONS = actionsSpec();

/** The actions of a connection the caller has already been found to see. */
export function actionsPage(db: Queryable, connectionId: string, query: ListRequest) {
  return listPage(db, ACTIONS, query, (params) => `x.connection_id = ${params.add(connectionId, 'uuid')}`);
}

export async function shortlistedActions(db: Queryable, connectionId: string) {
  const rows = await db.query<ActionRow>(
    `SELECT action_id, title, description, category, severity, status, score_impact, shortlisted FROM connector_actions
     WHERE connection_id = $1 AND shortlisted ORDER BY score_impact DESC, action_id`,
    [connectionId],
  );
  return rows.map(toAction);
}

export async function privacyAgreementOf(db: Queryable, accountId: string, version: string) {
  const [row] = await db.query<{ agreed_at: Date }>(
    'SELECT agreed_at FROM connector_privacy_agreements WHERE account_id = $1 AND addendum_version = $2 ORDER BY agreed_at DESC, id DESC LIMIT 1',
    [accountId, version],
  );
  return { accountId, agreed: Boolean(row), agreedAt: row ? iso(row.agreed_at) : null, version };
}

export async function insertPrivacyAgreement(tx: Queryable, accountId: string, userId: string, version: string, now: Date): Promise<void> {
  await tx.query('INSERT INTO connector_privacy_agreements (account_id, user_id, addendum_version, agreed_at) VALUES ($1, $2, $3, $4)', [accountId, userId, version, now]);
}

export interface OAuthStateRow {
  user_id: string;
  session_id: string;
  account_id: string;
  connector_type: string;
  redirect_uri: string;
  expires_at: Date;
}

export async function insertOAuthState(tx: Queryable, stateHash: string, row: OAuthStateRow, now: Date): Promise<void> {
  // Expired states are of no use to anyone: they are cleared as new ones are made.
  await tx.query('DELETE FROM connector_oauth_states WHERE expires_at < $1', [new Date(now.getTime() - 86_400_000)]);
  await tx.query(
    `INSERT INTO connector_oauth_states (state_hash, user_id, session_id, account_id, connector_type, redirect_uri, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [stateHash, row.user_id, row.session_id, row.account_id, row.connector_type, row.redirect_uri, now, row.expires_at],
  );
}

/** Claims a state once: a second use, by anyone, finds nothing. */
export async function consumeOAuthState(tx: Queryable, stateHash: string, now: Date): Promise<OAuthStateRow | null> {
  const [row] = await tx.query<OAuthStateRow>(
    `UPDATE connector_oauth_states SET used_at = $2 WHERE state_hash = $1 AND used_at IS NULL
     RETURNING user_id, session_id, account_id, connector_type, redirect_uri, expires_at`,
    [stateHash, now],
  );
  return row ?? null;
}
