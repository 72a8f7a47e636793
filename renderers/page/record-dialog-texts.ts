import { evaluateLogic, type JsonLogic } from '../../engine/index.ts';
import type { PageScope } from './page-scope.ts';

/** The failure text of a form without its own (`binding.failureText`). */
export const DEFAULT_FAILURE_TEXT = 'The changes could not be saved';

/** A text (json-logic over the scope) as a string; '' when it yields nothing. */
export function textOf(logic: JsonLogic | undefined, scope: PageScope): string {
  if (logic === undefined) return '';
  const value = evaluateLogic(logic, scope as unknown as Record<string, unknown>);
  return value === null || value === undefined ? '' : String(value);
}
