import type { FormDefinition, JsonSchema, ListDefinition, ListItem } from '../definitions/types.ts';
import type { Edition } from './edition-types.ts';
import { DefinitionError, type DefinitionFault } from '../registry/faults.ts';
import { escapePointer } from './interpolate-terms.ts';

/** A reference from a property to an option list: `"x-list": "us-states"` or with tagged items included. */
type ListReference = string | { id: string; include?: string[] };

export type ListLookup = (id: string) => ListDefinition | undefined;

/**
 * Expands the two markers a form schema may carry, so that rjsf and ajv see plain JSON Schema:
 * - `x-field-type`: the edition's fragment (postcode, city, phone) merged under the property, its
 *   `x-messages` becoming the form's messages for that field unless the form has its own;
 * - `x-list`: the option list as `oneOf` of `const`/`title` (on `items` for multi-selects).
 */
export function expandFormSchema(
  definition: FormDefinition,
  edition: Edition,
  lists: ListLookup,
  file: string,
): FormDefinition {
  const faults: DefinitionFault[] = [];
  const messages: Record<string, string> = { ...(definition.messages ?? {}) };

  const expandProperty = (property: JsonSchema, path: string, pointer: string): JsonSchema => {
    let result: JsonSchema = { ...property };
    const fieldType = result['x-field-type'];
    if (typeof fieldType === 'string') {
      const fragment = edition.fieldTypes[fieldType];
      if (!fragment) faults.push({ file, pointer: `${pointer}/x-field-type`, message: `unknown field type ${fieldType} in edition ${edition.id}` });
      else {
        const { 'x-messages': fragmentMessages, ...fragmentSchema } = fragment as JsonSchema & { 'x-messages'?: Record<string, string> };
        result = { ...fragmentSchema, ...result };
        for (const [keyword, text] of Object.entries(fragmentMessages ?? {})) messages[`${path}.${keyword}`] ??= text;
      }
      delete result['x-field-type'];
    }
    if (result['x-list'] !== undefined) {
      const options = listOptions(result['x-list'] as ListReference, lists, `${pointer}/x-list`, faults, file);
      delete result['x-list'];
      if (result.type === 'array') result.items = { ...((result.items as JsonSchema) ?? {}), oneOf: options };
      else result.oneOf = options;
    }
    if (result.type === 'object' && result.properties) {
      result.properties = expandProperties(result.properties as Record<string, JsonSchema>, path, `${pointer}/properties`);
    }
    return result;
  };

  const expandProperties = (properties: Record<string, JsonSchema>, prefix: string, pointer: string) =>
    Object.fromEntries(
      Object.entries(properties).map(([key, child]) => [
        key,
        expandProperty(child, prefix ? `${prefix}.${key}` : key, `${pointer}/${escapePointer(key)}`),
      ]),
    );

  const schema = {
    ...definition.schema,
    properties: expandProperties(definition.schema.properties as Record<string, JsonSchema>, '', '/schema/properties'),
  };
  if (faults.length) throw new DefinitionError(faults);
  return { ...definition, schema, messages };
}

function listOptions(reference: ListReference, lists: ListLookup, pointer: string, faults: DefinitionFault[], file: string) {
  const id = typeof reference === 'string' ? reference : reference.id;
  const include = new Set(typeof reference === 'string' ? [] : (reference.include ?? []));
  const list = lists(id);
  if (!list) {
    faults.push({ file, pointer, message: `unknown list ${id}` });
    return [];
  }
  return selectListItems(list, include).map((item) => ({ const: item.value, title: item.label }));
}

/** Untagged items always; tagged items only when one of their tags is asked for (DC is in the `full` US list). */
export function selectListItems(list: ListDefinition, include: Set<string> = new Set()): ListItem[] {
  return list.items.filter((item) => !item.tags?.length || item.tags.some((tag) => include.has(tag)));
}
