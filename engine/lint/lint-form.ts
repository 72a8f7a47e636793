import type { FormDefinition, JsonLogic, JsonObject, RuleEffect } from '../definitions/types.ts';
import { fieldPathsOf } from '../json/paths.ts';
import { inputsOf, ANY_INPUT } from '../rules/dependencies.ts';
import { CONTEXT_KEY } from '../rules/rule-context.ts';
import { severityOf, type LintFault } from './lint-fault.ts';

/** Fields a form keeps but does not show: computed values marked `ui:widget: hidden`. */
function hiddenByUiSchema(uiSchema: JsonObject | undefined): Set<string> {
  const hidden = new Set<string>();
  for (const [key, value] of Object.entries(uiSchema ?? {})) {
    if (value && typeof value === 'object' && (value as JsonObject)['ui:widget'] === 'hidden') hidden.add(key);
  }
  return hidden;
}

/**
 * Checks of a form against itself: rules and messages that name fields the schema does not have, and
 * fields that no layout section shows (or sections naming fields that do not exist).
 */
export function lintForm(form: FormDefinition): LintFault[] {
  const faults: LintFault[] = [];
  const leaves = fieldPathsOf(form.schema);
  const known = new Set([...leaves, ...leaves.flatMap((path) => path.split('.').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('.')))]);
  const topLevel = Object.keys((form.schema.properties as object) ?? {});
  // A path beyond a leaf (`backupTypes.0`) reads into an array value, which is fine.
  const exists = (path: string) => known.has(path) || leaves.some((leaf) => path.startsWith(`${leaf}.`));
  const fault = (pointer: string, message: string, check: LintFault['check']) => faults.push({ id: form.id, pointer, message, check, severity: severityOf(check) });

  (form.rules ?? []).forEach((rule, ruleIndex) => {
    const inputs = inputsOf(rule.when as JsonLogic);
    for (const effect of rule.effects) if ('set' in effect) inputsOf(effect.set.value as JsonLogic, inputs);
    for (const input of inputs) {
      if (input === ANY_INPUT || input.startsWith(`${CONTEXT_KEY}.`) || input === CONTEXT_KEY) continue;
      if (!exists(input)) fault(`/rules/${ruleIndex}/when`, `rule ${rule.id} reads ${input}, which is not a field`, 'unknown-rule-field');
    }
    rule.effects.forEach((effect, effectIndex) => {
      for (const target of effectTargets(effect)) {
        if (!exists(target)) fault(`/rules/${ruleIndex}/effects/${effectIndex}`, `rule ${rule.id} acts on ${target}, which is not a field`, 'unknown-rule-field');
      }
    });
  });

  for (const key of Object.keys(form.messages ?? {})) {
    const path = key.slice(0, key.lastIndexOf('.'));
    if (!exists(path)) fault(`/messages/${key}`, `message for ${path}, which is not a field`, 'message-unknown-field');
  }

  const sections = form.layout?.sections;
  if (sections) {
    // A nested field laid out by its path ('account.city') shows its object.
    const shown = new Set(sections.flatMap((section) => section.fields.flatMap((field) => [field, field.split('.')[0]!])));
    const hidden = hiddenByUiSchema(form.uiSchema);
    for (const name of topLevel) {
      if (!shown.has(name) && !hidden.has(name)) fault(`/schema/properties/${name}`, `${name} is in no layout section`, 'field-not-in-layout');
    }
    sections.forEach((section, sectionIndex) =>
      section.fields.forEach((name, fieldIndex) => {
        if (!exists(name)) fault(`/layout/sections/${sectionIndex}/fields/${fieldIndex}`, `section ${section.id} shows ${name}, which is not a field`, 'layout-unknown-field');
      }),
    );
  }
  return faults;
}

function effectTargets(effect: RuleEffect): string[] {
  if ('set' in effect) return [effect.set.field];
  if ('message' in effect) return [effect.message.field];
  return Object.values(effect)[0] as string[];
}
