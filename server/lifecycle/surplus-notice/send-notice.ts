import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { agencyLinkUser, type WholesaleAgent } from '../quote-review/agency-agent-access.ts';
import { quoteReviewWorkflow } from '../quote-review/policyholder-access.ts';
import { moveQuote } from '../quotes/quote-changes.ts';
import type { QuoteDetailRow } from '../quotes/repository.ts';
import { noticeColumns, surplusLicenseOf } from './notice-repository.ts';
import { needsSurplusNotice, SURPLUS_NOTICE_FLOW, SURPLUS_NOTICE_TEXTS } from './surplus-notice-rules.ts';

export interface NoticeSending {
  broker: WholesaleAgent;
  state: string;
  licenseNumber: string;
  workflowId: string;
}

/**
 * Sends a quote's Louisiana or Montana notice to the broker of the agency's surplus lines licence for that
 * state, in the caller's transaction with the quote locked: the broker becomes (or stays) a user of the
 * quote's agency on its team, as an agent sent a quote does, since the attestation is theirs as the signed-in
 * user and binding needs the quote within their sight; their SURPLUS_NOTICE one-time-code link leads to the
 * notice page; the sending is in the quote's history and audit log. Refused (409) when there is nothing to
 * sign, no licence, or a broker who could not attest.
 */
export async function sendNoticeToBroker(
  tx: Queryable,
  clock: Clock,
  context: { caller: Caller; address: string | null },
  quote: QuoteDetailRow,
): Promise<NoticeSending> {
  const notice = await noticeColumns(tx, quote.id);
  if (!needsSurplusNotice(notice)) throw new HttpError(409, SURPLUS_NOTICE_TEXTS.notNeeded);
  if (notice.surplus_notice_attested_at) throw new HttpError(409, SURPLUS_NOTICE_TEXTS.alreadyAttested);
  const state = notice.risk_state!;
  const license = await surplusLicenseOf(tx, quote.agency_id, state);
  if (!license) throw new HttpError(409, SURPLUS_NOTICE_TEXTS.noLicense(state));
  const email = license.broker_email.toLowerCase();
  const broker: WholesaleAgent = { firstName: license.broker_first_name, lastName: license.broker_last_name, email, phone: null };
  const userId = await agencyLinkUser(tx, clock, {
    agencyId: quote.agency_id, teamId: quote.team_id, person: broker, actorUserId: context.caller.userId, address: context.address,
    purpose: {
      reason: 'surplus lines notice sent for review and signature',
      otherOrganisation: new HttpError(409, SURPLUS_NOTICE_TEXTS.brokerOfOtherOrganisation(email)),
      disabled: new HttpError(409, SURPLUS_NOTICE_TEXTS.brokerDisabled(email)),
    },
  });
  // A user of the agency kept as they are may hold a role that does not bind; their link would only lead to a refusal.
  const [binds] = await tx.query<{ yes: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users u JOIN role_permissions p ON p.role_id = u.role_id WHERE u.id = $1 AND p.permission = 'quote:bind') AS yes`,
    [userId],
  );
  if (!binds?.yes) throw new HttpError(409, SURPLUS_NOTICE_TEXTS.brokerMayNotBind(email));
  const workflowId = await quoteReviewWorkflow(tx, clock, {
    userId, contact: broker, quoteId: quote.id, product: quote.product, quoteExpiresOn: String(quote.expires_on).slice(0, 10),
    redirectUrl: `/quote/${quote.id}/attest-surplus-notice`, flow: SURPLUS_NOTICE_FLOW,
  });
  await moveQuote(tx, clock, context, quote, 'sendSurplusNotice', {
    detail: { broker: email, state, licenseNumber: license.surplus_license_number, workflowId },
  });
  return { broker, state, licenseNumber: license.surplus_license_number, workflowId };
}
