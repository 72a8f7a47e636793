import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { findVisiblePolicy, searchOverseenPolicies, searchVisiblePolicies } from './policy-repository.ts';
import { policyHandlerContext } from './policy-handler-context.ts';

/** The policies lists of every dashboard and the policy page. */
export const listHandlers: HandlerModule = (services) => {
  const { db } = services;
  const { settle, readablePolicy, policyDetail } = policyHandlerContext(services);

  return {
    async searchPolicies(request) {
      await settle();
      return searchVisiblePolicies(db, callerOf(request), request.query);
    },

    async searchOverseenPolicies(request) {
      await settle();
      return searchOverseenPolicies(db, callerOf(request), request.query);
    },

    async getPolicy(request) {
      const caller = callerOf(request);
      await settle();
      // Read by its tenant or by an organisation overseeing its agency (the oversight dashboards open it).
      const row = await readablePolicy(caller, request.params.id);
      return policyDetail(caller, row.id, row, !(await findVisiblePolicy(db, caller, row.id)));
    },
  };
};
