/** The audit log search of the contract (searchAuditLog), as a server-paged table asks for it. */
import type { components } from '../../api/schema.d.ts';
import type { TableQuery } from '../table/table-types.ts';
import { api } from '../session/api.ts';

export type AuditPage = components['schemas']['AuditPage'];
export type AuditEntry = components['schemas']['AuditEntry'];

/** The most rows a CSV export collects (page by page, at the largest page size). */
export const AUDIT_EXPORT_LIMIT = 10_000;
const EXPORT_PAGE_SIZE = 100;

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
  const size = query.size as 25 | 50 | 100;
  const { data } = await api.GET('/api/audit/v1/entries', {
    params: {
      query: {
        page: query.page,
        size,
        ...(query.sort ? { sort: `${query.sort.column},${query.sort.desc ? 'desc' : 'asc'}` } : {}),
        ...(query.search.trim() ? { search: query.search.trim() } : {}),
        ...dateRange(query.filters.at),
        ...actionOf(query.filters.action),
      },
    },
    signal,
  });
  return data!;
}

/** Every entry that matches the query, for the CSV export, up to AUDIT_EXPORT_LIMIT. */
export async function allAuditEntries(query: TableQuery): Promise<AuditEntry[]> {
  const rows: AuditEntry[] = [];
  for (let page = 0; rows.length < AUDIT_EXPORT_LIMIT; page += 1) {
    const answer = await searchAuditLog({ ...query, page, size: EXPORT_PAGE_SIZE });
    rows.push(...answer.content);
    if (rows.length >= answer.totalElements || answer.content.length === 0) break;
  }
  return rows.slice(0, AUDIT_EXPORT_LIMIT);
}
