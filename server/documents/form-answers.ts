import type { FormDefinition, JsonSchema } from '../../engine/index.ts';

/** One section of a questionnaire as a document prints it: its title and each answered question with its answer. */
export interface AnsweredSection {
  title: string;
  rows: Array<[question: string, answer: string]>;
}

interface Option {
  const?: unknown;
  title?: string;
}

/** The words an option list gives a stored value (an edition-resolved form has its lists as oneOf const/title). */
function optionTitle(schema: JsonSchema | undefined, value: unknown): string | undefined {
  const options = (schema?.oneOf ?? schema?.anyOf) as Option[] | undefined;
  return options?.find((option) => option.const === value)?.title;
}

function answerText(schema: JsonSchema | undefined, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => answerText(schema?.items as JsonSchema | undefined, item)).join(', ');
  const titled = optionTitle(schema, value);
  if (titled !== undefined) return titled;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** A question in full where the form words it (its description), else its title. */
function questionOf(property: JsonSchema, field: string): string {
  return String(property.description ?? property.title ?? field);
}

/**
 * A form's saved answers in its own order and words (sections as laid out, questions as worded, values by their
 * option labels), for documents that print what was answered: the application a quote was made on.
 * Questions left unanswered are left out rather than printed blank; hidden fields never appear.
 */
export function answeredSections(form: FormDefinition, answers: Record<string, unknown>): AnsweredSection[] {
  const properties = (form.schema.properties ?? {}) as Record<string, JsonSchema>;
  // Hidden and read-only fields are carried or computed (the account id, a coverage's validity), not answered.
  const notAsked = (field: string) => {
    const ui = form.uiSchema?.[field] as { 'ui:widget'?: string; 'ui:readonly'?: boolean } | undefined;
    return ui?.['ui:widget'] === 'hidden' || ui?.['ui:readonly'] === true;
  };
  const sections = form.layout?.sections ?? [{ id: 'all', title: form.title, fields: Object.keys(properties) }];
  return sections
    .map((section) => ({
      title: section.title ?? form.title ?? '',
      rows: section.fields
        .filter((field) => properties[field] && !notAsked(field))
        .filter((field) => answers[field] !== undefined && answers[field] !== null && answers[field] !== '')
        .map((field): [string, string] => [questionOf(properties[field]!, field), answerText(properties[field], answers[field])]),
    }))
    .filter((section) => section.rows.length > 0);
}
