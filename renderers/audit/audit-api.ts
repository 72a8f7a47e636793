/**
 * The audit log table's query as searchAuditLog's parameters. The log's date filter is a range of whole
 * local days, sent as instants (the log records instants), so it does not follow the pages' date
 * convention (YYYY-MM-DD from and to) and the audit page keeps this small mapping of its own.
 */
import type { components } from '../../api/schema.d.ts';
import type { TableQuery } from '../table/table-types.ts';
import { run } from '../session/run.ts';

export type AuditPage = components['schemas']['AuditPage'];
export type AuditEntry = components['schemas']['AuditEntry'];

/** The table's date range (whole days, local dates) as the operation's from and to instants. */
function dateRange(value: unknown): { from?: string; to?: string } {
  const { from, to } = (value ?? {}) as { from?: string; to?: string };
  return {
    ...(from ? { from: new Date(`${from}T00:00:00`).toISOString() } : {}),
    ...(to ? { to: new Date(`${to}T23:59:59.999`).toISOString() } : {}),
  };
}

/** The table's action filter (one exact action, or any when empty). */
function actionOf(value: unknown): { action?: string } {
  return typeof value === 'string' && value ? { action: value } : {};
}

export async function searchAuditLog(query: TableQuery, signal?: AbortSignal): Promise<AuditPage> {
  return run('searchAuditLog', {
    query: {
      page: query.page,
      // The contract lists the page sizes the table offers.
      size: query.size as 25 | 50 | 100,
      ...(query.sort ? { sort: `${query.sort.column},${query.sort.desc ? 'desc' : 'asc'}` } : {}),
      ...(query.search.trim() ? { search: query.search.trim() } : {}),
      ...dateRange(query.filters.at),
      ...actionOf(query.filters.action),
    },
    signal,
  });
}
