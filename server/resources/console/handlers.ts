import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { CONSOLE_VERSION } from '../../constants.ts';
import { notFound } from '../../http/http-error.ts';
import { listOutbox } from '../../mail/outbox.ts';
import type { HandlerModule } from '../../contract/handlers.ts';

export const handlers: HandlerModule = (services) => {
  // This instance's start is its deployment: a rolling deployment starts new instances with the new build.
  const deployedAt = services.clock.now().toISOString();
  return {
    async getConsoleVersion() {
      return { v: CONSOLE_VERSION };
    },

    async getLatestDeploymentTime() {
      return { time: deployedAt, version: CONSOLE_VERSION };
    },

    /**
     * The development mailbox: it holds reset links and one-time codes, so the contract lets only provider
     * staff with mailbox:read in, and every read is audited. It does not exist in production.
     */
    async listOutbox(request) {
      if (services.config.production) throw notFound();
      const caller = callerOf(request);
      const { to } = request.query;
      await audit(services.db, services.clock, { actorUserId: caller.userId, action: 'mailbox.read', target: to ?? null, address: request.ip });
      return { content: await listOutbox(services.db, to) };
    },
  };
};
