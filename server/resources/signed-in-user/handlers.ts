import { callerOf } from '../../auth/authenticate.ts';
import { PASSWORD_CONSTRAINTS, checkPassword } from '../../auth/password-rules.ts';
import { MESSAGES, notFound, unauthorized } from '../../http/http-error.ts';
import { findVisibleAccount, toAccountSummary } from '../../repositories/accounts.ts';
import { featureFlagsOf } from '../../repositories/feature-flags.ts';
import { searchTeams } from '../../repositories/teams.ts';
import { getCurrentUser, listAccountUsers } from '../../repositories/users.ts';
import { audit } from '../../audit.ts';
import { editionOf, type HandlerModule } from '../../contract/handlers.ts';


/** The signed-in user, their permissions and teams; password rules; flags and environment. */
export const handlers: HandlerModule = (services) => {
  const flagsFor = (edition: 'us' | 'uk') => featureFlagsOf(services.db, edition);
  return {
    async getCurrentUser(request) {
      const caller = callerOf(request);
      const user = await getCurrentUser(services.db, caller.userId);
      if (!user) throw unauthorized(MESSAGES.sessionExpired);
      // After a switch or a jump the session acts in another account, with the role held there.
      const entered = caller.accountId === caller.homeAccountId ? null : await findVisibleAccount(services.db, caller, caller.accountId);
      const operator = caller.scopes.includes('role:operator') && !caller.scopes.includes('role:admin');
      return {
        ...user,
        ...(entered ? { account: toAccountSummary(entered) } : {}),
        role: { id: caller.roleId, name: caller.roleName },
        flowUserFirstName: caller.workflowId ? user.firstName : null,
        flowAccountName: caller.workflowId ? (entered ? entered.name : user.account.name) : null,
        subscriberType: caller.subscriberType as typeof user.account.accountType,
        ghosting: caller.ghosting,
        operator,
        scopes: [...caller.scopes],
      };
    },

    async getPasswordConstraints() {
      return PASSWORD_CONSTRAINTS.map(({ errorCode, displayText }) => ({ errorCode, displayText }));
    },

    async validatePassword(request) {
      const { password } = request.body;
      return { errors: checkPassword(password) };
    },

    async getPermissionsMap(request) {
      const caller = callerOf(request);
      return {
        role: { id: caller.roleId, name: caller.roleName },
        accountType: caller.accountType,
        permissions: [...caller.permissions].sort(),
      };
    },

    async getFeatureFlags(request) {
      return { flags: await flagsFor(editionOf(request)) };
    },

    async setFeatureFlag(request) {
      const caller = callerOf(request);
      const { key } = request.params;
      const { enabled } = request.body;
      await services.db.transaction(async (tx) => {
        const changed = await tx.query('UPDATE feature_flags SET enabled = $2 WHERE key = $1 RETURNING key', [key, enabled]);
        if (changed.length === 0) throw notFound(`No feature flag ${key}`);
        await audit(tx, services.clock, { actorUserId: caller.userId, action: 'feature-flag.set', target: key, detail: { enabled }, address: request.ip });
      });
      return { flags: await flagsFor(editionOf(request)) };
    },

    async getEnvironment(request) {
      return { envName: services.config.envName, prod: services.config.production, edition: editionOf(request) };
    },

    async searchTeams(request) {
      const { name } = request.query;
      return { content: await searchTeams(services.db, callerOf(request).accountId, name?.trim() || undefined) };
    },

    async listUsers(request) {
      const caller = callerOf(request);
      const { accountId = caller.accountId } = request.query;
      const account = await findVisibleAccount(services.db, caller, accountId);
      if (!account) throw notFound(MESSAGES.accountNotFound);
      const content = await listAccountUsers(services.db, account.id);
      return { content, totalCount: content.length };
    },
  };
};

