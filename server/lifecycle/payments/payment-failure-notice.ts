import type { Queryable } from '../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { publicLink } from '../../mail/public-link.ts';
import type { ServerConfig } from '../../config.ts';
import { formatMoney, type EditionId } from '../../../engine/index.ts';
import type { DefinitionService } from '../../definitions/definition-service.ts';
import { postInboxMessage } from '../../resources/inbox/post-message.ts';
import { composeMail } from '../quotes/hand-overs.ts';

/** The e-mail to the policy's agent; {number}, {client}, {amount}, {reason} and {link} are filled in. */
const PAYMENT_FAILED_MAIL = {
  subject: 'A payment for policy {number} ({client}) failed',
  lines: ['A payment of {amount} for policy {number} of {client} failed.', 'Reason: {reason}', 'The premium is still due: {link}'],
} as const;

/**
 * A failed charge hands the policy back to its agency (issue 35 'payment failed'): once per transaction, however
 * the console learned of the failure (the processor's answer, a read of the hosted form, a webhook), a message
 * in the agency's inbox and an e-mail to the policy's agent, both with the processor's reason. Run after the
 * transaction recording the failure committed; the claim on failure_notified_at makes it once.
 */
export async function notifyPaymentFailure(
  services: { db: Queryable; clock: Clock; mailer: Mailer; config: Pick<ServerConfig, 'publicUrls'>; definitions: DefinitionService },
  transactionId: string | null | undefined,
): Promise<void> {
  if (!transactionId) return;
  const { db, clock, mailer, config, definitions } = services;
  const now = clock.now();
  const [failed] = await db.query<{
    policy_id: string; policy_number: string; edition: EditionId; account_id: string; agency_id: string; client: string; amount: string; currency: string; reason: string | null; agent_email: string | null;
  }>(
    `WITH claimed AS (UPDATE payment_transactions SET failure_notified_at = $2 WHERE id = $1 AND status = 'Failed' AND failure_notified_at IS NULL
       RETURNING policy_id, amount_paid::text AS amount, currency, failure_reason)
     SELECT p.id AS policy_id, p.policy_number, p.edition, p.account_id, p.agency_id, coalesce(p.named_insured, a.name) AS client, c.amount, c.currency, c.failure_reason AS reason,
       (SELECT u.email FROM users u WHERE u.id = p.agent_user_id AND u.status = 'ACTIVE') AS agent_email
     FROM claimed c JOIN policies p ON p.id = c.policy_id JOIN accounts a ON a.id = p.account_id`,
    [transactionId, now],
  );
  if (!failed) return;
  await postInboxMessage(db, {
    kind: 'payment.failed', agencyId: failed.agency_id, accountId: failed.account_id, policyId: failed.policy_id, actorAccountId: null,
    values: { number: failed.policy_number, client: failed.client }, body: failed.reason, at: now,
  });
  if (!failed.agent_email) return;
  // The amount as the policy's edition writes money ('$4,398.11', '£829.65'), as every document prints it.
  const edition = (await definitions.current()).registry().edition(failed.edition);
  const values = {
    number: failed.policy_number, client: failed.client, amount: formatMoney(Number(failed.amount), edition), link: publicLink(config, failed.edition, `/agency/policies/${failed.policy_id}`),
  };
  await mailer.sendMail(composeMail(PAYMENT_FAILED_MAIL, values, failed.agent_email, failed.reason));
}
