import { searchAuditEntries } from './repository.ts';
import type { HandlerModule } from '../../contract/handlers.ts';

/** The audit log for provider staff (audit:read, checked by the contract). Reading it is not itself audited. */
export const handlers: HandlerModule = (services) => ({
  async searchAuditLog(request) {
    return searchAuditEntries(services.db, request.query);
  },
});
