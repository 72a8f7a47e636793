import { searchAuditEntries } from './repository.ts';
import type { HandlerModule } from '../../contract/handlers.ts';

/** The audit log for provider staff (audit:read, checked by the contract). Reading it is not itself audited. */
export const handlers: HandlerModule = (services) => ({
  async searchAuditLog(request) {
    // The contract's defaults are applied by validation (page 0, size 25); the types cannot know that.
    const { page = 0, size = 25, sort = 'at,desc', search, action, actor, from, to } = request.query;
    const { content, totalElements } = await searchAuditEntries(services.db, {
      page, size, sort, search: search?.trim() || undefined, action: action || undefined, actor, from, to,
    });
    return { content, totalElements, page, size };
  },
});
