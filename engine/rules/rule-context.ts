/** What rules may read besides the form data, under `$context` (`{"var": "$context.persona"}`). */
export interface RuleContext {
  edition: string;
  persona?: string;
  role?: string;
  flags?: Record<string, boolean>;
  /** ISO date (YYYY-MM-DD) of the user's today, so date rules are testable and deterministic. */
  today: string;
}

export const CONTEXT_KEY = '$context';

export function todayIso(now: Date = new Date()): string {
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}
