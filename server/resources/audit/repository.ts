import type { components } from '../../../api/schema.d.ts';
import type { Queryable } from '../../db/database.ts';
import { likePattern } from '../../repositories/teams.ts';

export type AuditEntry = components['schemas']['AuditEntry'];

export interface AuditSearch {
  page: number;
  size: number;
  sort: string;
  search?: string;
  action?: string;
  actor?: string;
  from?: string;
  to?: string;
}

/** Sort fields of searchAuditLog and the SQL each orders by (the contract's pattern allows only these). */
const SORTS: Record<string, string> = { at: 'a.at', action: 'a.action', actor: 'lower(u.email)' };

/** One page of the audit log with its total; every filter is a parameter, the id breaks ties. */
export async function searchAuditEntries(db: Queryable, query: AuditSearch): Promise<{ content: AuditEntry[]; totalElements: number }> {
  const [field = 'at', direction = 'desc'] = query.sort.split(',');
  const order = `${SORTS[field] ?? SORTS.at} ${direction.toLowerCase() === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, a.id ${direction.toLowerCase() === 'asc' ? 'ASC' : 'DESC'}`;
  const where = `($1::text IS NULL OR a.action ILIKE $1 ESCAPE '\\' OR a.target ILIKE $1 ESCAPE '\\' OR u.email ILIKE $1 ESCAPE '\\')
    AND ($2::text IS NULL OR a.action = $2)
    AND ($3::uuid IS NULL OR a.actor_user_id = $3::uuid)
    AND ($4::timestamptz IS NULL OR a.at >= $4::timestamptz)
    AND ($5::timestamptz IS NULL OR a.at <= $5::timestamptz)`;
  const params = [query.search ? likePattern(query.search) : null, query.action ?? null, query.actor ?? null, query.from ?? null, query.to ?? null];
  const from = 'FROM audit_log a LEFT JOIN users u ON u.id = a.actor_user_id';
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from} WHERE ${where}`, params);
  const rows = await db.query<{
    id: number; at: Date; actor_user_id: string | null; email: string | null; action: string; target: string | null;
    detail: Record<string, unknown> | null; address: string | null;
  }>(
    `SELECT a.id, a.at, a.actor_user_id, u.email, a.action, a.target, a.detail, a.address ${from}
     WHERE ${where} ORDER BY ${order} LIMIT $6 OFFSET $7`,
    [...params, query.size, query.page * query.size],
  );
  return {
    totalElements: count?.n ?? 0,
    content: rows.map((row) => ({
      id: row.id, at: new Date(row.at).toISOString(), actorUserId: row.actor_user_id, actorEmail: row.email, action: row.action,
      target: row.target, detail: row.detail, address: row.address,
    })),
  };
}
