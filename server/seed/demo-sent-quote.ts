import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { policyholderUser, quoteReviewWorkflow, type Policyholder } from '../lifecycle/index.ts';

/**
 * A Ready quote of the US demo agency already sent to its policyholder, so the insured's side (the
 * one-time-code link, the review, the attestation and the signature) can be tried at once. Its link is
 * printed with the other one-time-code pages.
 */
export const DEMO_SENT_QUOTE = {
  workflowId: '5eed0000-0000-4000-8000-00000000a0e7',
  agencyName: 'Summit Risk Partners',
  description: 'a Ready quote sent to its policyholder: review, attest and sign (code by e-mail)',
} as const;

export async function seedDemoSentQuote(tx: Queryable, clock: Clock): Promise<void> {
  const [quote] = await tx.query<{ id: string; product: string; account_id: string; expires_on: string; agent_user_id: string | null; company: string }>(
    `SELECT q.id, q.product, q.account_id, q.expires_on::text AS expires_on, q.agent_user_id, a.name AS company
     FROM quotes q JOIN accounts a ON a.id = q.account_id JOIN accounts ag ON ag.id = q.agency_id
     WHERE ag.name = $1 AND q.status = 'READY' AND q.product = 'P250' AND q.expires_on >= $2::date
     ORDER BY q.created_at DESC, q.id LIMIT 1`,
    [DEMO_SENT_QUOTE.agencyName, clock.now().toISOString().slice(0, 10)],
  );
  if (!quote || !quote.agent_user_id) return;
  const domain = quote.company.toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 24) || 'client';
  const contact: Policyholder = { firstName: 'Jordan', lastName: 'Avery', email: `jordan.avery@${domain}.example`, phone: '3035550164' };
  const userId = await policyholderUser(tx, clock, { accountId: quote.account_id, contact, actorUserId: quote.agent_user_id, address: null });
  await tx.query(
    `UPDATE quotes SET customer_first_name = $2, customer_last_name = $3, customer_email = $4, customer_phone = $5, policyholder_user_id = $6,
       sent_to_policyholder_at = $7 WHERE id = $1`,
    [quote.id, contact.firstName, contact.lastName, contact.email, contact.phone, userId, clock.now()],
  );
  await quoteReviewWorkflow(tx, clock, { userId, contact, quoteId: quote.id, product: quote.product, quoteExpiresOn: quote.expires_on, id: DEMO_SENT_QUOTE.workflowId });
}
