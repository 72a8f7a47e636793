import type { FieldPath, JsonLogic, MessageLevel, Rule, RuleEffect } from '../definitions/types.ts';
import { deepEqual, getPath } from '../json/paths.ts';
import { ANY_INPUT, inputsOf } from './dependencies.ts';
import { jsonLogic, registerRuleOperations } from './operations.ts';
import { CONTEXT_KEY, type RuleContext } from './rule-context.ts';

registerRuleOperations();

export interface RuleResult {
  active: boolean;
  /** Values of `set` effects, computed while the rule is active. */
  sets: { field: FieldPath; value: unknown }[];
}

interface TrackedRule {
  rule: Rule;
  inputs: string[];
  lastInputs?: unknown[];
  result?: RuleResult;
}

/**
 * Evaluates json-logic rules incrementally: each rule remembers the values of the paths it reads and is
 * evaluated again only when one of them changed. On a questionnaire of sixty fields a keystroke in one
 * text box touches the few rules that read that box, not all of them.
 */
export class RuleEngine {
  private readonly tracked: TrackedRule[];
  private context?: RuleContext;

  constructor(rules: Rule[]) {
    this.tracked = rules.map((rule) => {
      const inputs = inputsOf(rule.when);
      for (const effect of rule.effects) if ('set' in effect) inputsOf(effect.set.value as JsonLogic, inputs);
      return { rule, inputs: [...inputs].sort() };
    });
  }

  /** Rules and the paths they read, for the studio's rule tester and for lint. */
  dependencies(): { id: string; inputs: string[] }[] {
    return this.tracked.map(({ rule, inputs }) => ({ id: rule.id, inputs }));
  }

  evaluate(data: Record<string, unknown>, context: RuleContext): { results: Map<string, RuleResult>; evaluated: string[] } {
    const contextChanged = this.context !== context && !deepEqual(this.context, context);
    this.context = context;
    const scope = { ...data, [CONTEXT_KEY]: context };
    const results = new Map<string, RuleResult>();
    const evaluated: string[] = [];
    for (const tracked of this.tracked) {
      const current = tracked.inputs.map((input) => (input === ANY_INPUT ? scope : getPath(scope, input)));
      const stale =
        !tracked.result ||
        tracked.inputs.includes(ANY_INPUT) ||
        (contextChanged && tracked.inputs.some((input) => input.startsWith(`${CONTEXT_KEY}.`))) ||
        current.some((value, index) => !sameValue(value, tracked.lastInputs?.[index]));
      if (stale) {
        tracked.result = evaluateRule(tracked.rule, scope);
        tracked.lastInputs = current;
        evaluated.push(tracked.rule.id);
      }
      results.set(tracked.rule.id, tracked.result!);
    }
    return { results, evaluated };
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return Object.is(a, b) || (typeof a === 'object' && deepEqual(a, b));
}

export function evaluateRule(rule: Rule, scope: Record<string, unknown>): RuleResult {
  const active = truthy(jsonLogic.apply(rule.when as never, scope));
  const sets = active
    ? rule.effects.filter((effect): effect is Extract<RuleEffect, { set: unknown }> => 'set' in effect).map(({ set }) => ({
        field: set.field,
        value: jsonLogic.apply(set.value as never, scope),
      }))
    : [];
  return { active, sets };
}

/** json-logic's own truthiness: an empty array is false, unlike JavaScript. */
function truthy(value: unknown): boolean {
  return jsonLogic.truthy(value);
}

export interface EffectSummary {
  shownBy: Map<FieldPath, boolean>;
  hidden: Set<FieldPath>;
  required: Set<FieldPath>;
  enabledBy: Map<FieldPath, boolean>;
  disabled: Set<FieldPath>;
  cleared: Set<FieldPath>;
  messages: Map<FieldPath, { text: string; level: MessageLevel; rule: string }[]>;
}

/**
 * Folds the active rules into per-field facts. A field that some `show` rule targets is visible only
 * while one of those rules is active; `hide`, `disable` and `require` apply while active.
 */
export function summarizeEffects(rules: Rule[], results: Map<string, RuleResult>): EffectSummary {
  const summary: EffectSummary = {
    shownBy: new Map(),
    hidden: new Set(),
    required: new Set(),
    enabledBy: new Map(),
    disabled: new Set(),
    cleared: new Set(),
    messages: new Map(),
  };
  for (const rule of rules) {
    const active = results.get(rule.id)?.active ?? false;
    for (const effect of rule.effects) {
      if ('show' in effect) effect.show.forEach((path) => summary.shownBy.set(path, (summary.shownBy.get(path) ?? false) || active));
      if ('enable' in effect) effect.enable.forEach((path) => summary.enabledBy.set(path, (summary.enabledBy.get(path) ?? false) || active));
      if (!active) continue;
      if ('hide' in effect) effect.hide.forEach((path) => summary.hidden.add(path));
      if ('require' in effect) effect.require.forEach((path) => summary.required.add(path));
      if ('disable' in effect) effect.disable.forEach((path) => summary.disabled.add(path));
      if ('clear' in effect) effect.clear.forEach((path) => summary.cleared.add(path));
      if ('message' in effect) {
        const list = summary.messages.get(effect.message.field) ?? [];
        list.push({ text: effect.message.text, level: effect.message.level ?? 'error', rule: rule.id });
        summary.messages.set(effect.message.field, list);
      }
    }
  }
  return summary;
}
