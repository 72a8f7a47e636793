import { CONSOLE_VERSION } from '../constants.ts';
import { notFound } from '../http/http-error.ts';
import { listOutbox } from '../mail/outbox.ts';
import type { HandlerModule } from './handler.ts';

export const consoleHandlers: HandlerModule = (services) => {
  // This instance's start is its deployment: a rolling deployment starts new instances with the new build.
  const deployedAt = services.clock.now().toISOString();
  return {
    async getConsoleVersion() {
      return { v: CONSOLE_VERSION };
    },

    async getLatestDeploymentTime() {
      return { time: deployedAt, version: CONSOLE_VERSION };
    },

    /** The development mailbox; it does not exist in production. */
    async listOutbox(request) {
      if (services.config.production) throw notFound();
      const { to } = request.query as { to?: string };
      return { content: await listOutbox(services.db, to) };
    },
  };
};
