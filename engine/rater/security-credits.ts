import type { RatingTableDefinition } from '../definitions/rater-types.ts';
import { Decimal } from './decimal.ts';

/**
 * Answers come as booleans (the P250 security questions), 'Yes'/'No' (the application) or 'YES'/'NO'
 * (YES/NO/NA sets): a credit row written once as YES matches all three.
 */
export function normalizeAnswer(value: unknown): string {
  if (value === true) return 'YES';
  if (value === false) return 'NO';
  return String(value).trim().toUpperCase();
}

export interface SecurityCredits {
  /** The summed credit in percent, within the table's bounds (negative is a credit, positive a debit). */
  percent: Decimal;
  /** The rows that matched, as the trace names them. */
  rows: string[];
  /** Whether the bounds cut the sum. */
  capped: boolean;
}

/** The credits and debits security answers earn; unanswered questions earn none. */
export function securityCredits(table: RatingTableDefinition, answers: Record<string, unknown>): SecurityCredits {
  const rows: string[] = [];
  let sum = Decimal.ZERO;
  for (const row of table.rows) {
    const answer = answers[row.question!];
    if (answer === null || answer === undefined || answer === '') continue;
    if (normalizeAnswer(answer) !== normalizeAnswer(row.answer)) continue;
    sum = sum.plus(Decimal.from(row.credit!));
    rows.push(row.row ?? `${row.question}=${normalizeAnswer(row.answer)} (${row.credit}%)`);
  }
  let percent = sum;
  if (table.minTotal !== undefined) percent = Decimal.max(percent, Decimal.from(table.minTotal));
  if (table.maxTotal !== undefined) percent = Decimal.min(percent, Decimal.from(table.maxTotal));
  return { percent, rows, capped: percent.compare(sum) !== 0 };
}
