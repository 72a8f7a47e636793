import type { FormDefinition, JsonSchema } from '../definitions/types.ts';
import { deepEqual, fieldPathsOf, getPath, isEmptyValue, schemaAtPath, setPath } from '../json/paths.ts';
import { RuleEngine, summarizeEffects, type EffectSummary } from '../rules/rule-engine.ts';
import type { RuleContext } from '../rules/rule-context.ts';
import { messageFor, schemaErrors, type FieldErrors } from '../validation/form-validator.ts';
import { fillMessage } from '../validation/default-messages.ts';
import type { FieldState, SectionState } from './field-state.ts';

export interface FormState {
  /** The data after the rules' set and clear effects. */
  data: Record<string, unknown>;
  fields: Record<string, FieldState>;
  sections: SectionState[];
  errors: FieldErrors;
  valid: boolean;
  /** Ids of the rules evaluated for this update (the others were unchanged). */
  evaluatedRules: string[];
  /** Ids of the rules whose condition holds now (for previews, the studio's rule tester). */
  activeRules: string[];
}

/** set and clear effects may feed other rules; a few passes settle any sane definition. */
const MAX_RULE_PASSES = 5;

/**
 * The live model of one resolved form: feed it data, get back the data after rule effects, the state
 * of every field and section, and the errors with their messages. The same runtime runs in the browser
 * and on the server, so both say the same thing about a submission.
 */
export class FormRuntime {
  readonly definition: FormDefinition;
  private readonly engine: RuleEngine;
  private readonly paths: string[];
  private readonly staticRequired: Set<string>;
  private context: RuleContext;
  /** Field and section states of the last update, reused while no rule result changes. */
  private lastStates?: { fields: Record<string, FieldState>; sections: SectionState[] };

  constructor(definition: FormDefinition, context: RuleContext) {
    this.definition = definition;
    this.context = context;
    this.engine = new RuleEngine(definition.rules ?? []);
    this.paths = allPaths(definition.schema);
    this.staticRequired = requiredPaths(definition.schema);
  }

  setContext(context: RuleContext): void {
    this.context = context;
    this.lastStates = undefined;
  }

  ruleDependencies() {
    return this.engine.dependencies();
  }

  update(input: Record<string, unknown>): FormState {
    let data = input;
    let summary: EffectSummary | undefined;
    let active: string[] = [];
    const evaluated = new Set<string>();
    for (let pass = 0; pass < MAX_RULE_PASSES; pass += 1) {
      const { results, evaluated: now } = this.engine.evaluate(data, this.context);
      now.forEach((id) => evaluated.add(id));
      summary = summarizeEffects(this.definition.rules ?? [], results);
      active = [...results].filter(([, result]) => result.active).map(([id]) => id);
      let next = data;
      for (const path of summary.cleared) if (getPath(next, path) !== undefined) next = setPath(next, path, undefined);
      for (const result of results.values()) {
        for (const { field, value } of result.sets) if (!deepEqual(getPath(next, field), value)) next = setPath(next, field, value ?? undefined);
      }
      if (next === data) break;
      data = next;
    }
    // Field states depend only on rule results: when no rule was evaluated again (a keystroke in a
    // field no rule reads), the previous objects stand, so renderers can compare by identity.
    if (evaluated.size > 0 || !this.lastStates) {
      const fields = this.fieldStates(summary!);
      this.lastStates = { fields, sections: this.sectionStates(fields) };
    }
    const { fields, sections } = this.lastStates;
    const errors = this.errors(data, fields, summary!);
    return {
      data,
      fields,
      sections,
      errors,
      valid: Object.keys(errors).length === 0,
      evaluatedRules: [...evaluated],
      activeRules: active,
    };
  }

  /** What is sent to the server: the data without fields the rules hide. */
  payload(state: FormState): Record<string, unknown> {
    let payload = state.data;
    for (const [path, field] of Object.entries(state.fields)) {
      if (!field.visible && getPath(payload, path) !== undefined) payload = setPath(payload, path, undefined);
    }
    return payload;
  }

  labelOf(path: string): string {
    const schema = schemaAtPath(this.definition.schema, path);
    return (schema?.title as string | undefined) ?? humanize(path.split('.').pop()!);
  }

  private fieldStates(summary: EffectSummary): Record<string, FieldState> {
    const states: Record<string, FieldState> = {};
    const ownVisible = (path: string) => (summary.shownBy.get(path) ?? true) && !summary.hidden.has(path);
    const ownEnabled = (path: string) => (summary.enabledBy.get(path) ?? true) && !summary.disabled.has(path);
    for (const path of this.paths) {
      const ancestors = ancestorsOf(path);
      states[path] = {
        path,
        label: this.labelOf(path),
        visible: [...ancestors, path].every(ownVisible),
        enabled: [...ancestors, path].every(ownEnabled),
        required: this.staticRequired.has(path) || summary.required.has(path),
        notes: (summary.messages.get(path) ?? [])
          .filter((message) => message.level !== 'error')
          .map(({ text, level }) => ({ text: fillMessage(text, { label: this.labelOf(path) }), level })),
      };
    }
    return states;
  }

  private errors(data: Record<string, unknown>, fields: Record<string, FieldState>, summary: EffectSummary): FieldErrors {
    const checked = (path: string) => fields[path]?.visible !== false;
    const errors = schemaErrors(this.definition, data, (path) => this.labelOf(path), checked);
    for (const field of Object.values(fields)) {
      if (field.visible && field.required && isEmptyValue(getPath(data, field.path)) && !hasChildren(this.definition.schema, field.path)) {
        errors[field.path] = [{ keyword: 'required', message: messageFor(this.definition, field.path, 'required', {}, field.label) }];
      }
    }
    for (const [path, messages] of summary.messages) {
      if (!checked(path)) continue;
      for (const message of messages.filter((m) => m.level === 'error')) {
        (errors[path] ??= []).push({ keyword: `rule:${message.rule}`, message: fillMessage(message.text, { label: this.labelOf(path) }) });
      }
    }
    return errors;
  }

  private sectionStates(fields: Record<string, FieldState>): SectionState[] {
    return (this.definition.layout?.sections ?? []).map((section) => ({
      id: section.id,
      title: section.title,
      description: section.description,
      fields: section.fields,
      visible: section.fields.some((path) => fields[path]?.visible ?? fieldsUnder(fields, path).some((f) => f.visible)),
    }));
  }
}

function allPaths(schema: JsonSchema): string[] {
  const leaves = fieldPathsOf(schema);
  const parents = new Set(leaves.flatMap(ancestorsOf));
  return [...parents, ...leaves];
}

function ancestorsOf(path: string): string[] {
  const parts = path.split('.');
  return parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join('.'));
}

function requiredPaths(schema: JsonSchema, prefix = ''): Set<string> {
  const found = new Set<string>();
  for (const name of (schema.required as string[] | undefined) ?? []) found.add(prefix ? `${prefix}.${name}` : name);
  for (const [key, child] of Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {})) {
    if (child.type === 'object') requiredPaths(child, prefix ? `${prefix}.${key}` : key).forEach((path) => found.add(path));
  }
  return found;
}

function hasChildren(schema: JsonSchema, path: string): boolean {
  return Boolean(schemaAtPath(schema, path)?.properties);
}

function fieldsUnder(fields: Record<string, FieldState>, prefix: string): FieldState[] {
  return Object.values(fields).filter((field) => field.path.startsWith(`${prefix}.`));
}

function humanize(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
