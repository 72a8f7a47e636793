import type { FastifyRequest } from 'fastify';
import { ruleContextOf, todayIn, type RuleContext } from '../../engine/index.ts';
import { editionOf } from '../contract/handlers.ts';
import { TIME_ZONE_HEADER_MAX_LENGTH } from '../constants.ts';
import { featureFlagsOf } from '../repositories/feature-flags.ts';
import type { Services } from '../services.ts';

/** The client's time zone (api/client.ts sends X-Timezone), for the rules' `today`. */
export function timeZoneOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-timezone'];
  return typeof value === 'string' && value.length <= TIME_ZONE_HEADER_MAX_LENGTH ? value : undefined;
}

/**
 * The rules' `$context` for a request, as the browser builds it for the same user: the request's edition,
 * the persona of the account the session acts in, the role, the edition's feature flags and the user's
 * today, and the flags the request itself sets (rule-flags.ts). Before sign-in (login, sign-up) there is no persona or role.
 */
export async function ruleContextOfRequest(services: Services, request: FastifyRequest, extraFlags: Record<string, boolean> = {}): Promise<RuleContext> {
  const edition = editionOf(request);
  const caller = request.caller;
  return ruleContextOf({
    edition,
    accountType: caller?.accountType,
    roleId: caller?.roleId,
    // A request's own flags (server/form-check/rule-flags.ts) beside the edition's feature flags.
    flags: { ...(await featureFlagsOf(services.db, edition)), ...extraFlags },
    today: todayIn(services.clock.now(), timeZoneOf(request)),
  });
}
