import type { JsonLogic } from '../definitions/types.ts';
import { jsonLogic, registerRuleOperations } from './operations.ts';

registerRuleOperations();

/**
 * The value of a json-logic expression over a scope (a plain string or number is itself). Pages use it
 * for texts and parameters that depend on a row, a record or an answer.
 */
export function evaluateLogic(logic: JsonLogic, scope: Record<string, unknown>): unknown {
  if (logic === null || typeof logic !== 'object') return logic;
  return jsonLogic.apply(logic as never, scope);
}

/** Each entry of a name -> json-logic map evaluated; names whose value is null, undefined or '' are left out. */
export function evaluateLogicMap(map: Record<string, JsonLogic> | undefined, scope: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, logic] of Object.entries(map ?? {})) {
    const value = evaluateLogic(logic, scope);
    if (value !== null && value !== undefined && value !== '') result[name] = value;
  }
  return result;
}
