import type { FastifyInstance } from 'fastify';
import { SANDBOX_SWEEP_MS } from '../../constants.ts';
import { scheduleSweep } from '../../sweep-timer.ts';
import { sharedPaymentProcessor } from './processor-registry.ts';
import { SandboxProcessor } from './sandbox-processor.ts';

/**
 * Runs the sandbox processor's settlement (SandboxProcessor.settleDue) every `intervalMs` while the sandbox
 * is the server's processor; a real processor settles on its own side and tells the console by webhook.
 */
export function scheduleSandboxSettlement(app: FastifyInstance, intervalMs: number = SANDBOX_SWEEP_MS): void {
  scheduleSweep(app, {
    name: 'Sandbox processor charges settled or webhooks posted',
    intervalMs,
    sweep: async () => {
      const processor = sharedPaymentProcessor(app.services, app.log);
      return processor instanceof SandboxProcessor ? processor.settleDue() : 0;
    },
  });
}
