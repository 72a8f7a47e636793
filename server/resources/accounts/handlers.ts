import { callerOf } from '../../auth/authenticate.ts';
import { MESSAGES, notFound } from '../../http/http-error.ts';
import { findVisibleAccount, toAccount } from '../../repositories/accounts.ts';
import type { HandlerModule } from '../../contract/handlers.ts';

export const handlers: HandlerModule = (services) => ({
  async getAccount(request) {
    const { id } = request.params;
    const account = await findVisibleAccount(services.db, callerOf(request), id);
    if (!account) throw notFound(MESSAGES.accountNotFound);
    return toAccount(account);
  },
});
