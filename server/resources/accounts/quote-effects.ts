import type { Queryable } from '../../db/database.ts';

/**
 * What a change of the account's details does to its quotes (spec 002 section 4: 'Changing account details
 * invalidates quotes (P100) or refers the quote to underwriting (P250)'; 'Saving outside a quote first checks
 * whether the changes will invalidate or refer quotes (WillInvalidateQuotes / WillReferQuotes)'). Only the
 * details a quote is rated on count: a new phone number or DBA leaves every quote as it is.
 */

/** The products rated from a table alone (P100 and its kind): a changed account makes their quotes invalid. */
export const P100_FAMILY: ReadonlySet<string> = new Set(['P100', 'P100_PRO', 'P_ONE']);

/** Quote statuses still open to change (spec 002 section 4 status values): the ones a change reaches. */
export const OPEN_QUOTE_STATUSES: readonly string[] = ['READY', 'INDICATION', 'REFERRED', 'DRAFT', 'ACTIVE'];

/**
 * The profile fields (as the account-profile form names them) a quote is rated or underwritten on: the
 * industry and its share, size, age, ownership, where the business is, its domain, and the pro product's
 * questions. Only a change to one of these touches quotes.
 */
export const RATING_FIELDS: readonly string[] = [
  'name', 'industryCode', 'primaryNaicsPercentage', 'secondNaicsCode', 'revenue', 'nonUsRevenue', 'noOfEmployeesAll', 'yearEstablished',
  'ownershipType', 'entityType', 'state', 'zipCode', 'domainName', 'isFranchise', 'franchiseSystemConnectivity',
  'collectingPersonalInformation', 'numberOfPersonalRecords', 'changeInScope',
];

export type ProductFamily = 'P100' | 'P250';

/** P100 for the table-rated products, P250 for the products an underwriter may work (every other code). */
export function productFamilyOf(product: string): ProductFamily {
  return P100_FAMILY.has(product) ? 'P100' : 'P250';
}

const comparable = (value: unknown): unknown => {
  if (value === undefined || value === '') return null;
  if (typeof value === 'string') return value.trim().toLowerCase().replace(/\s+/g, ' ');
  return value;
};

/** The rating fields whose value differs between the stored profile and the one to save (both in form shape). */
export function changedRatingFields(current: Readonly<Record<string, unknown>>, next: Readonly<Record<string, unknown>>): string[] {
  return RATING_FIELDS.filter((field) => comparable(current[field]) !== comparable(next[field]));
}

/** The account's open quotes by family, counted. */
export async function openQuotesOf(db: Queryable, accountId: string): Promise<Record<ProductFamily, number>> {
  const rows = await db.query<{ product: string; count: number }>(
    'SELECT product, count(*)::int AS count FROM quotes WHERE account_id = $1 AND status = ANY($2::text[]) GROUP BY product',
    [accountId, OPEN_QUOTE_STATUSES],
  );
  const counts: Record<ProductFamily, number> = { P100: 0, P250: 0 };
  for (const row of rows) counts[productFamilyOf(row.product)] += row.count;
  return counts;
}

/** The pre-check's answer for a change touching `changed` rating fields. */
export async function precheckQuoteEffects(db: Queryable, accountId: string, changed: readonly string[]): Promise<{ WillInvalidateQuotes: boolean; WillReferQuotes: boolean }> {
  if (changed.length === 0) return { WillInvalidateQuotes: false, WillReferQuotes: false };
  const open = await openQuotesOf(db, accountId);
  return { WillInvalidateQuotes: open.P100 > 0, WillReferQuotes: open.P250 > 0 };
}

export interface QuoteEffects {
  invalidated: string[];
  referred: string[];
}

/**
 * Carries the change out on the account's open quotes, inside the caller's transaction: P100-family quotes
 * become INVALID (their agency status too, so the review page shows its invalid overlay), P250-family
 * quotes are REFERRED to underwriting and marked patched (the review page polls for last_patched_at).
 * Each quote gets a quote_events row ('ACCOUNT_CHANGED') naming the fields that changed.
 */
export async function applyAccountChangeToQuotes(
  tx: Queryable,
  accountId: string,
  change: { changed: readonly string[]; userId: string | null; at: Date; except?: string },
): Promise<QuoteEffects> {
  const effects: QuoteEffects = { invalidated: [], referred: [] };
  if (change.changed.length === 0) return effects;
  const quotes = await tx.query<{ id: string; product: string; status: string }>(
    'SELECT id, product, status FROM quotes WHERE account_id = $1 AND status = ANY($2::text[]) ORDER BY created_at, id FOR UPDATE',
    [accountId, OPEN_QUOTE_STATUSES],
  );
  for (const quote of quotes) {
    // The quote the details were saved through is re-rated by its own patch instead (quotes/handlers.ts patchQuoteAccount).
    if (quote.id === change.except) continue;
    const family = productFamilyOf(quote.product);
    const decision = {
      reasonSummary: family === 'P100' ? 'Account details changed' : 'Referred: account details changed',
      reason: `Account details changed: ${change.changed.join(', ')}`,
      by: change.userId,
      at: change.at.toISOString(),
    };
    if (family === 'P100') {
      await tx.query(
        `UPDATE quotes SET status = 'INVALID', agency_status = 'INVALID', decision = $2, modified_at = $3 WHERE id = $1`,
        [quote.id, JSON.stringify(decision), change.at],
      );
      effects.invalidated.push(quote.id);
    } else {
      await tx.query(
        `UPDATE quotes SET status = 'REFERRED', decision = $2, last_patched_at = $3, modified_at = $3 WHERE id = $1`,
        [quote.id, JSON.stringify(decision), change.at],
      );
      effects.referred.push(quote.id);
    }
    await tx.query(
      `INSERT INTO quote_events (quote_id, from_status, to_status, action, detail, user_id, at) VALUES ($1, $2, $3, 'ACCOUNT_CHANGED', $4, $5, $6)`,
      [quote.id, quote.status, family === 'P100' ? 'INVALID' : 'REFERRED', JSON.stringify({ fields: change.changed, family }), change.userId, change.at],
    );
  }
  return effects;
}
