import type { JsonLogic } from '../definitions/types.ts';

/** `*` means the expression reads data in a way that cannot be known statically (a computed var). */
export const ANY_INPUT = '*';

/**
 * The data paths a json-logic expression reads: the arguments of `var`, `missing` and `missing_some`.
 * The rule engine re-evaluates a rule only when one of these changed.
 */
export function inputsOf(logic: JsonLogic, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(logic)) {
    for (const item of logic) inputsOf(item, found);
    return found;
  }
  if (logic === null || typeof logic !== 'object') return found;
  for (const [operator, rawArgs] of Object.entries(logic)) {
    const args = Array.isArray(rawArgs) ? rawArgs : [rawArgs];
    if (operator === 'var') {
      const name = args[0];
      if (typeof name === 'string' || typeof name === 'number') found.add(name === '' ? ANY_INPUT : String(name));
      else found.add(ANY_INPUT);
      inputsOf(args.slice(1) as JsonLogic, found);
    } else if (operator === 'missing') {
      for (const name of args) {
        if (typeof name === 'string') found.add(name);
        else {
          found.add(ANY_INPUT);
          inputsOf(name as JsonLogic, found);
        }
      }
    } else if (operator === 'missing_some') {
      const names = args[1];
      if (Array.isArray(names)) names.forEach((name) => found.add(String(name)));
      else found.add(ANY_INPUT);
    } else {
      inputsOf(args as JsonLogic, found);
    }
  }
  return found;
}
