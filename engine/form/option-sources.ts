import type { FormDefinition, JsonSchema, JsonValue } from '../definitions/types.ts';
import { getPath } from '../json/paths.ts';

/**
 * Choices a form field takes from the server rather than from a list definition: `"x-options"` on a property
 * names a list operation (its rows under `content`, or an array) and the row paths of each choice's value and
 * label. A tag picker offers the organisation's own tags this way. When the operation answers no rows, the
 * dialog shows `empty.text`, with a link to where such rows are made (`/agency/manage/tags`). A source whose
 * choices depend on the record the dialog opened on (the limits a policy's product offers) names path
 * `params` as json-logic over the dialog's initial data (`{"var": "data.policyId"}`).
 */
export interface OptionSource {
  operation: string;
  /** Query parameters of the operation. */
  query?: Record<string, JsonValue>;
  /** Path parameters of the operation: json-logic over `{ data }`, the dialog's initial data. */
  params?: Record<string, JsonValue>;
  /** Row path of a choice's value and of its label. */
  value: string;
  label: string;
  empty?: { text: string; link?: { label: string; path: string } };
}

export const OPTION_SOURCE_KEY = 'x-options';

/** The top-level fields of a form that take their choices from an operation. */
export function optionSourcesOf(form: FormDefinition): Array<{ field: string; source: OptionSource }> {
  const properties = (form.schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties)
    .filter(([, property]) => isOptionSource(property[OPTION_SOURCE_KEY]))
    .map(([field, property]) => ({ field, source: property[OPTION_SOURCE_KEY] as OptionSource }));
}

function isOptionSource(value: unknown): value is OptionSource {
  const source = value as OptionSource | undefined;
  return typeof source?.operation === 'string' && typeof source.value === 'string' && typeof source.label === 'string';
}

/** An operation's answer as choices: the rows under `content` (a page) or the array itself. */
export function choicesFromAnswer(answer: unknown, source: OptionSource): Array<{ const: JsonValue; title: string }> {
  const rows = Array.isArray(answer) ? answer : Array.isArray((answer as { content?: unknown })?.content) ? (answer as { content: unknown[] }).content : [];
  return rows
    .map((row) => ({ const: getPath(row, source.value) as JsonValue, title: String(getPath(row, source.label) ?? '') }))
    .filter((choice) => choice.const !== undefined && choice.const !== null);
}

/**
 * The form with a field's choices in place, as `x-list` would have put them (`oneOf` of const/title, on `items`
 * for an array). No choices leave the field without `oneOf` (an empty `oneOf` is no valid schema).
 */
export function withChoices(form: FormDefinition, field: string, choices: Array<{ const: JsonValue; title: string }>): FormDefinition {
  const properties = form.schema.properties as Record<string, JsonSchema>;
  const { [OPTION_SOURCE_KEY]: _source, ...property } = properties[field] ?? {};
  let next: JsonSchema = property;
  if (choices.length > 0) {
    next = property.type === 'array' ? { ...property, items: { ...((property.items as JsonSchema) ?? {}), oneOf: choices } } : { ...property, oneOf: choices };
  }
  return { ...form, schema: { ...form.schema, properties: { ...properties, [field]: next } } };
}
