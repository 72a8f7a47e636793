import type { HandlerModule } from '../../contract/handlers.ts';
import { carrierProfileHandlers } from './carrier-profiles.ts';
import { msspAccountHandlers } from './mssp-accounts.ts';
import { organisationHandlers } from './organisation-handlers.ts';

/**
 * Aggregators, clusters, carriers, reinsurers, premium processors and managed security providers (spec 001
 * section 7): one module for every type (organisation-handlers.ts), carrier profiles for the rater, and the
 * managed security provider's client accounts.
 */
export const handlers: HandlerModule = (services) => ({
  ...organisationHandlers(services),
  ...carrierProfileHandlers(services),
  ...msspAccountHandlers(services),
});
