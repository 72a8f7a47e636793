import type { FormDefinition } from '../../engine/index.ts';

/**
 * Only the form's own fields, without nulls: what a loaded record shows in the form, and what a save
 * sends (a record's other fields, such as its status or number, are the server's to set).
 */
export function formFields(definition: FormDefinition, data: Record<string, unknown>): Record<string, unknown> {
  const known = Object.keys((definition.schema.properties as object | undefined) ?? {});
  return Object.fromEntries(Object.entries(data).filter(([key, value]) => known.includes(key) && value !== null && value !== undefined));
}
