import type { FormDefinition } from '../../engine/index.ts';

/**
 * Whether the security questions of a form are all answered: every question the form requires has a
 * value (false and 'NEVER' are answers). The quote actions ask them first when they are not.
 */
export function securityAnswered(definition: Pick<FormDefinition, 'schema'> | undefined, answers: Record<string, unknown> | undefined): boolean {
  if (!definition) return true;
  const required = (definition.schema.required ?? []) as string[];
  return required.every((field) => answers?.[field] !== undefined && answers[field] !== null && answers[field] !== '');
}

/** The title of each question of the form, for the editor's "why" list. */
export function questionTitles(definition: Pick<FormDefinition, 'schema'> | undefined): Record<string, string> {
  const properties = (definition?.schema.properties ?? {}) as Record<string, { title?: unknown }>;
  return Object.fromEntries(Object.entries(properties).flatMap(([field, property]) => (typeof property?.title === 'string' ? [[field, property.title]] : [])));
}
