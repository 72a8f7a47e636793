import { escapePointer } from '../editions/interpolate-terms.ts';

export interface JsonChange {
  pointer: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

/**
 * The differences between two JSON documents as JSON pointers with the value on each side. Objects are
 * compared key by key; arrays of scalars as wholes (a list of field names reads better as one change);
 * arrays of objects element by element, matched by `id` when every element has one, so a field
 * inserted into a layout shows as one addition rather than a shifted list.
 */
export function diffJson(before: unknown, after: unknown, pointer = ''): JsonChange[] {
  if (Object.is(before, after)) return [];
  if (before === undefined) return [{ pointer, kind: 'added', after }];
  if (after === undefined) return [{ pointer, kind: 'removed', before }];
  if (Array.isArray(before) && Array.isArray(after)) return diffArrays(before, after, pointer);
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => diffJson(before[key], after[key], `${pointer}/${escapePointer(key)}`));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ pointer, kind: 'changed', before, after }];
}

function diffArrays(before: unknown[], after: unknown[], pointer: string): JsonChange[] {
  const keyed = [...before, ...after].every((item) => isObject(item) && typeof item.id === 'string');
  if (keyed) {
    const beforeById = new Map(before.map((item) => [(item as { id: string }).id, item]));
    const afterById = new Map(after.map((item) => [(item as { id: string }).id, item]));
    const ids = [...new Set([...beforeById.keys(), ...afterById.keys()])];
    const changes = ids.flatMap((id) => diffJson(beforeById.get(id), afterById.get(id), `${pointer}[id=${id}]`));
    const order = (items: unknown[]) => items.map((item) => (item as { id: string }).id).filter((id) => beforeById.has(id) && afterById.has(id));
    if (JSON.stringify(order(before)) !== JSON.stringify(order(after))) {
      changes.push({ pointer: `${pointer}(order)`, kind: 'changed', before: order(before), after: order(after) });
    }
    return changes;
  }
  const scalars = [...before, ...after].every((item) => !isObject(item) && !Array.isArray(item));
  if (scalars) return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ pointer, kind: 'changed', before, after }];
  const length = Math.max(before.length, after.length);
  return Array.from({ length }, (_, index) => diffJson(before[index], after[index], `${pointer}/${index}`)).flat();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** One line a change: `~ /schema/properties/zipCode/title: "Zip Code" -> "Postcode"`. */
export function formatChanges(changes: JsonChange[]): string[] {
  const show = (value: unknown) => {
    const text = JSON.stringify(value);
    return text.length > 120 ? `${text.slice(0, 117)}...` : text;
  };
  return changes.map((change) => {
    if (change.kind === 'added') return `+ ${change.pointer}: ${show(change.after)}`;
    if (change.kind === 'removed') return `- ${change.pointer}: ${show(change.before)}`;
    return `~ ${change.pointer}: ${show(change.before)} -> ${show(change.after)}`;
  });
}
