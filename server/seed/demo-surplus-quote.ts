import { rateQuote } from '../../engine/index.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { findQuotableAccount, ratingInputOf, type QuoteRequestBody, ratedColumns } from '../lifecycle/index.ts';
import type { Caller } from '../services.ts';
import { shippedRaters } from './demo-book.ts';

/**
 * A Ready quote of the US demo agency written as surplus lines for a Louisiana client, so the surplus lines
 * notice page has something real to show: the demo SURPLUS_NOTICE one-time-code link (printed at start) leads
 * to it. The quote is one of the book's Ready P250 quotes for a New Orleans client, re-rated as surplus by the
 * rater (the surplus lines tax and stamping fee are the rater's).
 */
export const DEMO_SURPLUS_WORKFLOW_ID = '5eed0000-0000-4000-8000-00000005a11e';

export async function seedDemoSurplusQuote(tx: Queryable, clock: Clock): Promise<void> {
  const [quote] = await tx.query<{ id: string; request_data: QuoteRequestBody; account_id: string }>(
    `SELECT q.id, q.request_data, q.account_id
     FROM quotes q JOIN accounts ag ON ag.id = q.agency_id
     WHERE ag.name = 'Summit Risk Partners' AND q.status = 'READY' AND q.product = 'P250' AND q.risk_state = 'LA' AND NOT q.is_surplus
       AND q.expires_on >= $1::date AND q.industry_code IS NOT NULL
     ORDER BY q.created_at DESC, q.id LIMIT 1`,
    [clock.now().toISOString().slice(0, 10)],
  );
  if (!quote) return;
  // The account as the quote operations read it (profile over directory, its security answers), seen by the provider.
  const [provider] = await tx.query<{ id: string }>(`SELECT id FROM accounts WHERE account_type = 'COWBELL' ORDER BY created_at LIMIT 1`);
  const risk = await findQuotableAccount(tx, { accountType: 'COWBELL', accountId: provider!.id } as Caller, quote.account_id);
  if (!risk) return;
  const body: QuoteRequestBody = { ...quote.request_data, isSurplus: true };
  const outcome = rateQuote(ratingInputOf(body, risk), shippedRaters().us);
  if (!outcome.ok) return;
  const columns = ratedColumns(body, outcome, risk);
  await tx.query(
    `UPDATE quotes SET is_surplus = true, premium = $2, total_premium = $3, surplus_line_tax = $4, surplus_stamping_fee = $5, request_data = $6, rating = $7
     WHERE id = $1`,
    [quote.id, outcome.premium, outcome.totalPremium, outcome.surplusLineTax, outcome.surplusStampingFee, JSON.stringify(columns.request_data), JSON.stringify(outcome)],
  );
  await tx.query('UPDATE workflows SET redirect_url = $2 WHERE id = $1', [DEMO_SURPLUS_WORKFLOW_ID, `/quote/${quote.id}/attest-surplus-notice`]);
}
