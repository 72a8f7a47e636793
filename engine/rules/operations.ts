import jsonLogic from 'json-logic-js';

/**
 * Operations added to json-logic for form rules. Kept few and named for what definitions need; each
 * takes and returns plain JSON so a rule means the same in the browser and on the server.
 */
const DAY_MS = 86_400_000;

function addDays(isoDate: unknown, days: unknown): string | null {
  if (typeof isoDate !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(isoDate)) return null;
  const time = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) + Number(days) * DAY_MS;
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

let registered = false;

export function registerRuleOperations(): void {
  if (registered) return;
  registered = true;
  // date_add("2026-11-22", 7) -> "2026-11-29"; dates are ISO YYYY-MM-DD, compared as strings elsewhere.
  jsonLogic.add_operation('date_add', addDays);
  // count(list or text): json-logic has no length operator.
  jsonLogic.add_operation('count', (value: unknown) => (Array.isArray(value) || typeof value === 'string' ? value.length : 0));
  // matches(text, pattern): a regular expression test, false for non-strings.
  jsonLogic.add_operation('matches', (value: unknown, pattern: unknown) => typeof value === 'string' && new RegExp(String(pattern)).test(value));
  // empty(value): null, undefined, '' and [] are empty, as for required fields.
  jsonLogic.add_operation('empty', (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0));
  // entry(key, value): the object { [key]: value }, for a payload keyed by a chosen id (the spec's
  // accountRoleMap: { <account id>: <role id> }); {} while the key is empty or the value missing.
  jsonLogic.add_operation('entry', (key: unknown, value: unknown) =>
    (typeof key === 'string' && key !== '' && value !== undefined && value !== null ? { [key]: value } : {}));
  // year(date): the year of an ISO date, for bounds such as 'the current year'.
  jsonLogic.add_operation('year', (value: unknown) => (typeof value === 'string' ? Number(value.slice(0, 4)) : null));
}

export { jsonLogic };
