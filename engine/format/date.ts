import { dateTimeFormat } from './intl-formats.ts';

/**
 * Dates through Intl in the edition's locale: 11/22/2026 in the US, 22/11/2026 in the UK. Date-only
 * values (YYYY-MM-DD) are read as calendar days, not instants, so no time zone moves them a day.
 */
export function formatDate(value: string | number | Date | null | undefined, locale: string): string {
  const date = toDate(value);
  if (!date) return '';
  const dateOnly = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return dateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(dateOnly ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

export function formatDateTime(value: string | number | Date | null | undefined, locale: string, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  return dateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: hourStyle(locale),
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/**
 * A 24-hour clock writes the hour with two digits (en-GB 00:59, not 0:59); a 12-hour one does not (en-US 9:47 AM,
 * not 09:47 AM).
 */
function hourStyle(locale: string): 'numeric' | '2-digit' {
  return dateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle?.startsWith('h2') ? '2-digit' : 'numeric';
}

/** A time of day (HH:MM, as a policy's inception at 00:01) as the locale writes it: 12:01 AM in the US, 00:01 in the UK. */
export function formatTimeOfDay(time: string, locale: string): string {
  return dateTimeFormat(locale, { hour: hourStyle(locale), minute: '2-digit', timeZone: 'UTC' }).format(new Date(`1970-01-01T${time}:00Z`));
}

function toDate(value: string | number | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** 'today', 'today+7' or 'today-14' (days), or an ISO date, to an ISO date: bounds that definitions can state as data. */
export function resolveDateToken(token: string | undefined, today: string): string | undefined {
  if (!token) return undefined;
  const match = /^today(?:([+-])(\d+))?$/.exec(token);
  if (!match) return token;
  const days = match[1] ? Number(`${match[1]}${match[2]}`) : 0;
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
