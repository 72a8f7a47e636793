import { HttpError } from '../http/http-error.ts';
import type { ListSpec, SortDirection } from './list-spec.ts';

export const SORT_MESSAGES = {
  unknownField: "Cannot sort by '{field}'. Sortable fields: {fields}.",
  badDirection: "Sort direction '{direction}' is not asc or desc.",
} as const;

/** The sort parameter read: 'field,direction' ('lossDate,asc'); a field alone sorts ascending. */
export function parseSort(spec: Pick<ListSpec<unknown, unknown>, 'sorts' | 'defaultSort'>, value: unknown): { field: string; direction: SortDirection } {
  if (typeof value !== 'string' || value === '') return spec.defaultSort;
  const [field = '', direction = 'asc'] = value.split(',');
  // Only declared fields sort: an unknown one is a mistake to report, not a silent default order.
  if (!Object.hasOwn(spec.sorts, field)) {
    throw new HttpError(400, SORT_MESSAGES.unknownField.replace('{field}', field).replace('{fields}', Object.keys(spec.sorts).join(', ')));
  }
  const lower = direction.toLowerCase();
  if (lower !== 'asc' && lower !== 'desc') throw new HttpError(400, SORT_MESSAGES.badDirection.replace('{direction}', direction));
  return { field, direction: lower };
}

/** ORDER BY for a sort: the field's expression (empty values last either way), then the tie-break. */
export function orderByOf(spec: Pick<ListSpec<unknown, unknown>, 'sorts' | 'tieBreak'>, sort: { field: string; direction: SortDirection }): string {
  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
  return [`${spec.sorts[sort.field]} ${direction} NULLS LAST`, ...spec.tieBreak.map((expression) => `${expression} ${direction}`)].join(', ');
}
