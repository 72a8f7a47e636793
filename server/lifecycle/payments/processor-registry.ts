import { loadServerSecret } from '../../auth/signing-secret.ts';
import type { Services } from '../../services.ts';
import type { PaymentProcessor } from './payment-processor.ts';
import { SandboxProcessor } from './sandbox-processor.ts';

/**
 * Which processor takes the payments, from the environment:
 * - PAYMENT_PROCESSOR=sandbox (the default outside production): the local sandbox processor, whose hosted
 *   form, tokens and webhooks live on this server (sandbox-processor.ts, sandbox-routes.ts).
 * - A real processor: implement PaymentProcessor in <name>-processor.ts (open a hosted checkout session,
 *   read it back, charge a saved token with an idempotency key, verify its webhook signature) and add its case
 *   below, reading its keys from the environment (PAYMENT_PROCESSOR=<name>, PAYMENT_PROCESSOR_API_KEY,
 *   PAYMENT_WEBHOOK_SECRET), never from the repository. Its hosted form's origin then goes into the
 *   Content-Security-Policy's frame-src (server/http/security-headers.ts).
 * - Nothing configured in production: card and bank payments are not offered (ACH and wire still are).
 */
export function paymentProcessorOf(services: Services, log: { warn(details: object, message: string): void }, env: NodeJS.ProcessEnv = process.env): PaymentProcessor | null {
  const chosen = env.PAYMENT_PROCESSOR ?? (services.config.production ? '' : 'sandbox');
  if (chosen === 'sandbox' && !services.config.production) {
    return new SandboxProcessor({
      db: services.db,
      clock: services.clock,
      log,
      webhookSecret: () => loadServerSecret(services.db, services.clock, 'payment-webhook'),
    });
  }
  if (chosen) throw new Error(`PAYMENT_PROCESSOR '${chosen}' is not a processor this console has (see server/lifecycle/payments/processor-registry.ts)`);
  return null;
}

const chosenProcessors = new WeakMap<Services, PaymentProcessor | null>();

/** The processor of a running server, made once on first use (payments and commissions share it). */
export function sharedPaymentProcessor(services: Services, log: { warn(details: object, message: string): void }): PaymentProcessor | null {
  if (!chosenProcessors.has(services)) chosenProcessors.set(services, paymentProcessorOf(services, log));
  return chosenProcessors.get(services)!;
}
