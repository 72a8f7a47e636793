import { personaOfAccountType } from '../personas/personas.ts';
import { dateTimeFormat } from '../format/intl-formats.ts';

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

/**
 * The user's today (YYYY-MM-DD) in a named time zone ('Europe/London'), else UTC. The server computes the
 * rules' `today` from the zone the browser names (X-Timezone), so a date rule answers the same on both
 * sides of midnight UTC; an unknown zone name falls back to UTC rather than failing the request.
 */
export function todayIn(now: Date, timeZone?: string): string {
  if (timeZone) {
    try {
      // en-CA formats as YYYY-MM-DD.
      return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
    } catch {
      // RangeError for a zone Intl does not know: UTC below.
    }
  }
  return now.toISOString().slice(0, 10);
}

/** Who is asking, as the browser's session and the server's caller both know it. */
export interface RuleContextFacts {
  edition: string;
  /** Account type of the account the user acts in; undefined before sign-in. */
  accountType?: string;
  roleId?: string;
  flags?: Record<string, boolean>;
  today: string;
}

/**
 * The rules' context, built the same way in the browser and on the server so a definition's rule reads the
 * same `$context` on both: the persona comes from the account type through the one persona table.
 */
export function ruleContextOf(facts: RuleContextFacts): RuleContext {
  return {
    edition: facts.edition,
    persona: personaOfAccountType(facts.accountType)?.id,
    role: facts.roleId,
    flags: facts.flags ?? {},
    today: facts.today,
  };
}
