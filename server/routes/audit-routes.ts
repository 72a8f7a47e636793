import { searchAuditEntries, type AuditSearch } from '../repositories/audit-entries.ts';
import type { HandlerModule } from './handler.ts';

/** The audit log for provider staff (audit:read, checked by the contract). Reading it is not itself audited. */
export const auditHandlers: HandlerModule = (services) => ({
  async searchAuditLog(request) {
    const query = request.query as Partial<AuditSearch> & { page: number; size: number };
    const search = query.search?.trim() || undefined;
    const page = { page: query.page, size: query.size, sort: query.sort ?? 'at,desc', search, action: query.action || undefined,
      actor: query.actor, from: query.from, to: query.to };
    const { content, totalElements } = await searchAuditEntries(services.db, page);
    return { content, totalElements, page: query.page, size: query.size };
  },
});
