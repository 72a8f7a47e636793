import { evaluateLogic, type ActionOutcome, type FormDefinition, type PageAction } from '../../engine/index.ts';
import type { PageScope } from './page-scope.ts';

/** An action's outcome dialog, filled from the answer that called for it. */
export interface ShownOutcome {
  outcome: ActionOutcome;
  items: string[];
}

/**
 * The outcome dialog an answer calls for (the action's `outcome`, else that of the form it opened, holds over
 * `{ ...scope, result }`), with its lines; nothing when the answer is a plain success, which is toasted as usual.
 */
export function outcomeOf(action: PageAction, scope: PageScope, result: unknown, form?: FormDefinition): ShownOutcome | undefined {
  const outcome = action.outcome ?? form?.actions?.outcome;
  if (!outcome) return undefined;
  const data = { ...scope, result } as unknown as Record<string, unknown>;
  if (!evaluateLogic(outcome.when, data)) return undefined;
  const items = evaluateLogic(outcome.items, data);
  return { outcome, items: Array.isArray(items) ? items.filter((item) => item !== null && item !== undefined).map(String) : [] };
}
