import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { SANDBOX_NAME } from '../lifecycle/index.ts';

/**
 * Commissions for the demo book (after server/seed/demo-payments.ts):
 * - every agency with policies has a bank account for commission deposits, registered with the sandbox
 *   processor as a payee (its books hold the token; the console the token and the last four digits);
 * - every fourth policy of an agency is agency billed (the agency collected the premium), except the demo
 *   policyholder's, which it pays on its payment page;
 * - each agency was paid most of what it was owed a month ago, so something is still owed;
 * - the last agency in name order has its payments paused.
 * Deterministic for a given clock.
 */
const DAY_MS = 86_400_000;

export async function seedDemoCommissions(tx: Queryable, clock: Clock): Promise<void> {
  const now = clock.now();
  await tx.query(
    `UPDATE policies p SET agency_billed = true FROM (
       SELECT id, row_number() OVER (PARTITION BY agency_id ORDER BY policy_number) AS position FROM policies) ranked
     WHERE ranked.id = p.id AND ranked.position % 4 = 0
       AND p.account_id <> (SELECT id FROM accounts WHERE name = 'Acme Precision Manufacturing')`,
  );
  const agencies = await tx.query<{ id: string; name: string; edition: 'us' | 'uk' }>(
    `SELECT DISTINCT ag.id, ag.name, ag.edition FROM accounts ag JOIN policies p ON p.agency_id = ag.id ORDER BY ag.name`,
  );
  let position = 0;
  for (const agency of agencies) {
    position += 1;
    const uk = agency.edition === 'uk';
    const last4 = String(1000 + ((position * 7919) % 9000)).slice(-4);
    const payeeToken = `payee_demo${String(position).padStart(4, '0')}${agency.id.replace(/-/g, '').slice(0, 12)}`;
    await tx.query(
      `INSERT INTO sandbox_processor_tokens (token, kind, brand, last4, outcome, created_at) VALUES ($1, 'payee', $2, $3, 'approve', $4)`,
      [payeeToken, agency.name, last4, now],
    );
    const paused = position === agencies.length && agencies.length > 1;
    await tx.query(
      `INSERT INTO agency_commission_accounts (agency_id, bank_name, account_name, account_type, routing_number, account_last4, processor, payee_token,
         payments_paused, paused_at, modified_at)
       VALUES ($1, $2, $3, 'Checking', $4, $5, $6, $7, $8, $9, $10)`,
      [agency.id, uk ? 'Albion Commercial Bank' : 'First Meridian Bank', agency.name, uk ? '40-00-00' : '110000000', last4, SANDBOX_NAME, payeeToken,
        paused, paused ? now : null, now],
    );
    // A month ago the agency was paid 80% of the commission then owed on its direct-billed policies.
    const paidAt = new Date(now.getTime() - 30 * DAY_MS);
    const [owed] = await tx.query<{ amount: string }>(
      `SELECT coalesce(sum(commissions_amount), 0)::text AS amount FROM commission_lines WHERE agency_id = $1 AND NOT agency_billed AND transaction_date <= $2::date`,
      [agency.id, paidAt.toISOString().slice(0, 10)],
    );
    const amount = (Math.floor(Number(owed!.amount) * 80) / 100).toFixed(2);
    if (Number(amount) < 1) continue;
    const payoutToken = `pt_demo${String(position).padStart(4, '0')}${agency.id.replace(/-/g, '').slice(0, 12)}`;
    const payoutId = `po_demo${String(position).padStart(4, '0')}${agency.id.replace(/-/g, '').slice(0, 12)}`;
    const month = paidAt.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    await tx.query('INSERT INTO sandbox_processor_payout_tokens (token, payee_token, created_at, expires_at) VALUES ($1, $2, $3, $3)', [payoutToken, payeeToken, paidAt]);
    await tx.query(
      `INSERT INTO sandbox_processor_payouts (id, payout_token, amount, currency, description, reference, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'paid', $7)`,
      [payoutId, payoutToken, amount, uk ? 'GBP' : 'USD', `Commission for ${month}`, `commission:${agency.id}`, paidAt],
    );
    const [next] = await tx.query<{ next: number }>(`SELECT nextval('commission_payment_seq')::int AS next`);
    await tx.query(
      `INSERT INTO commission_payments (payment_number, agency_id, amount, currency, description, processor, payout_token, payout_id, status, paid_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'Paid', $9)`,
      [`CP-${paidAt.getUTCFullYear()}-${String(next!.next).padStart(6, '0')}`, agency.id, amount, uk ? 'GBP' : 'USD', `Commission for ${month}`, SANDBOX_NAME,
        payoutToken, payoutId, paidAt],
    );
  }
}
