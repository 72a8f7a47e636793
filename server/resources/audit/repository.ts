import type { components } from '../../../api/schema.d.ts';
import type { Queryable } from '../../db/database.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';

export type AuditEntry = components['schemas']['AuditEntry'];

interface AuditRow {
  id: number;
  at: Date | string;
  actor_user_id: string | null;
  email: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown> | null;
  address: string | null;
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id, at: new Date(row.at).toISOString(), actorUserId: row.actor_user_id, actorEmail: row.email, action: row.action,
    target: row.target, detail: row.detail, address: row.address,
  };
}

/**
 * searchAuditLog as a declared list: newest first, the id breaking ties (entries of one instant keep their
 * order); search reads the action, the target and the actor's e-mail; `from` and `to` are instants.
 */
export const AUDIT_LIST: ListSpec<AuditRow, AuditEntry> = {
  select: 'a.id, a.at, a.actor_user_id, u.email, a.action, a.target, a.detail, a.address',
  from: 'audit_log a LEFT JOIN users u ON u.id = a.actor_user_id',
  sorts: { at: 'a.at', action: 'a.action', actor: 'lower(u.email)' },
  defaultSort: { field: 'at', direction: 'desc' },
  tieBreak: ['a.id'],
  search: ['a.action', 'a.target', 'u.email'],
  filters: { action: { sql: 'a.action' }, actor: { sql: 'a.actor_user_id', cast: 'uuid' } },
  ranges: { at: { sql: 'a.at', kind: 'instant', params: { from: 'from', to: 'to' } } },
  toItem: toAuditEntry,
};

/** One page of the audit log with its total (provider staff only: the contract's audit:read). */
export function searchAuditEntries(db: Queryable, query: ListRequest) {
  return listPage(db, AUDIT_LIST, query);
}
