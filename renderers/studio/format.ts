/** '2026-05-04T10:12:00Z' -> '4 May 2026, 10:12' in the user's locale; empty for the file's version. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export const KIND_COLORS: Record<string, string> = {
  form: 'blue',
  table: 'purple',
  list: 'green',
  page: 'orange',
  edition: 'teal',
  overlay: 'pink',
  product: 'cyan',
  'coverage-catalogue': 'cyan',
  'rating-table': 'yellow',
  'rater-presets': 'yellow',
  'rater-sample-risks': 'gray',
};
