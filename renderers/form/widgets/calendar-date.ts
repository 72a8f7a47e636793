const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What a date input holds for a value: a calendar date as it is, a moment (an ISO date-time such as a
 * record's `created`) as the day it fell on in the browser's time zone, anything else as empty.
 */
export function calendarDateOf(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  if (CALENDAR_DATE.test(value)) return value;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return '';
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return '';
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}
