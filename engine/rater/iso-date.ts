/**
 * Calendar arithmetic on 'YYYY-MM-DD' texts, in UTC so that a time zone never moves a date. A month
 * or year added to the 31st (or 29 February) lands on the last day of the shorter month.
 */
const toDate = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const format = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const { year, month, day } = toDate(value);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function addDays(iso: string, days: number): string {
  const { year, month, day } = toDate(iso);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return format(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = toDate(from);
  const b = toDate(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

export function addMonths(iso: string, months: number): string {
  const { year, month, day } = toDate(iso);
  const index = year * 12 + (month - 1) + months;
  const newYear = Math.floor(index / 12);
  const newMonth = (index % 12) + 1;
  return format(newYear, newMonth, Math.min(day, daysInMonth(newYear, newMonth)));
}

export function addYears(iso: string, years: number): string {
  return addMonths(iso, years * 12);
}
