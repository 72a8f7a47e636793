import type { RatingTableDefinition } from '../definitions/rater-types.ts';
import { Decimal } from './decimal.ts';
import type { TraceStep } from './rating-types.ts';
import { versionLabel } from './table-versions.ts';

/**
 * Records each step of a calculation as underwriters read it: the factor, the table version and row it
 * came from, and the premium after it. The running value keeps 12 decimals; the trace shows cents.
 */
export class RatingTrace {
  readonly steps: TraceStep[] = [];
  running = Decimal.ZERO;

  private record(step: string, operation: TraceStep['operation'], factor: string, table: RatingTableDefinition | string, row: string, amount?: Decimal): void {
    const source = { table: typeof table === 'string' ? table : versionLabel(table), row };
    this.steps.push({ step, operation, factor, source, ...(amount ? { amount: amount.toFixed(2) } : {}), runningPremium: this.running.toFixed(2) });
  }

  set(step: string, value: Decimal, table: RatingTableDefinition, row: string): void {
    this.running = value;
    this.record(step, 'set', value.toFixed(2), table, row);
  }

  multiply(step: string, factor: Decimal, table: RatingTableDefinition | string, row: string, factorText = factor.toString()): void {
    this.running = this.running.times(factor);
    this.record(step, 'multiply', factorText, table, row);
  }

  /** Adds an amount; `factor` is what produced it (a loading) or the amount itself (a fee). */
  add(step: string, amount: Decimal, factor: string, table: RatingTableDefinition, row: string, operation: 'add' | 'tax' = 'add'): void {
    this.running = this.running.plus(amount);
    this.record(step, operation, factor, table, row, amount);
  }

  /** Raises the running premium to a floor. */
  minimum(step: string, floor: Decimal, table: RatingTableDefinition, row: string): void {
    const amount = floor.minus(this.running);
    this.running = floor;
    this.record(step, 'minimum', floor.toFixed(2), table, row, amount);
  }

  /** Rounds the running value to cents (the premium as quoted); no step is recorded. */
  roundToCents(): Decimal {
    this.running = this.running.round(2);
    return this.running;
  }
}
