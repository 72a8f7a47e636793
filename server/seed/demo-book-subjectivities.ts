import type { Queryable } from '../db/database.ts';
import type { BookQuote } from './demo-book-quotes.ts';
import type { BookRandom } from './demo-book-random.ts';

/** Conditions underwriters set on cyber quotes, as an underwriting desk words them. */
const CONDITIONS = [
  'Signed and dated application within 30 days of binding',
  'Evidence of offline, tested backups (last restore test within 12 months)',
  'Confirmation that MFA is enforced for remote access and email',
  'Endpoint detection and response deployed on all endpoints',
  'Dual approval for every change of payee bank details',
  'Loss runs for the last three years',
  'Confirmation that end-of-life systems are segregated from the network',
  'Completed ransomware supplemental questionnaire',
] as const;

/** Referred and reviewed quotes carry conditions more often than plain Ready ones; a binder's are mostly in. */
const CHANCE: Readonly<Record<string, number>> = { REFERRED: 0.6, IN_REVIEW: 0.6, READY: 0.12, BOUND: 0.45 };

/**
 * Subjectivities on the demo book's quotes, set by the underwriter after the quote's last move; on a binder
 * most have come in. Drawn from a stream of their own, so the book's quotes are the same with or without them.
 */
export async function writeBookSubjectivities(tx: Queryable, quotes: readonly BookQuote[], underwriterId: string, random: BookRandom): Promise<number> {
  const rows: unknown[][] = [];
  for (const quote of quotes) {
    const chance = CHANCE[quote.status] ?? 0;
    // A Ready quote is made subject to conditions when an underwriter released it after a referral.
    if (quote.status === 'READY' && !quote.events.some((event) => event.action === 'refer')) continue;
    if (!random.chance(chance)) continue;
    // Half an hour before the quote's last move, and never before the quote itself.
    const set = new Date(Math.min(quote.modifiedAt.getTime(), Math.max(quote.createdAt.getTime() + 60_000, quote.modifiedAt.getTime() - 30 * 60_000)));
    const count = random.int(1, 3);
    const chosen = new Set<string>();
    while (chosen.size < count) chosen.add(random.pick(CONDITIONS));
    for (const text of chosen) {
      const received = quote.status === 'BOUND' && random.chance(0.7);
      rows.push([quote.id, text, underwriterId, set, received ? underwriterId : null, received ? quote.modifiedAt : null]);
    }
  }
  for (let start = 0; start < rows.length; start += 300) {
    const batch = rows.slice(start, start + 300);
    const params: unknown[] = [];
    const tuples = batch.map((row) => `(${row.map((value) => `$${params.push(value)}`).join(', ')})`);
    await tx.query(`INSERT INTO quote_subjectivities (quote_id, text, created_by, created_at, received_by, received_at) VALUES ${tuples.join(', ')}`, params);
  }
  return rows.length;
}
