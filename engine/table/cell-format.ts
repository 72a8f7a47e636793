import type { ColumnFormat, ListDefinition } from '../definitions/types.ts';
import type { Edition } from '../editions/edition-types.ts';
import { recordEdition } from '../editions/record-edition.ts';
import { formatDate, formatDateTime } from '../format/date.ts';
import { formatMoney } from '../format/money.ts';
import { formatPhoneDisplay } from '../format/phone.ts';
import { formatRate } from '../format/rate.ts';
import { numberFormat } from '../format/intl-formats.ts';

export interface CellFormatting {
  edition: Edition;
  /** Every edition, so a row of another one (its own `currency`) reads its phones as that one writes them. */
  editions?: readonly Edition[];
  lists?: (id: string) => ListDefinition | undefined;
}

/**
 * A row's own currency ('GBP' on a UK policy), when it names one, else that of the edition it names (a UK client
 * account listed for provider staff on the US host): its money reads in it, whatever the host's edition.
 */
function rowCurrency(row: unknown, editions: readonly Edition[] = []): string | undefined {
  const own = row as { currency?: unknown; edition?: unknown } | null | undefined;
  if (typeof own?.currency === 'string' && /^[A-Z]{3}$/.test(own.currency)) return own.currency;
  return typeof own?.edition === 'string' ? editions.find((edition) => edition.id === own.edition)?.currency.code : undefined;
}

/**
 * A cell's text as users read it (and as CSV exports it), in the edition's locale and currency; money of a row
 * that carries its own `currency` (provider staff see both editions' policies on one host) reads in that one.
 */
export function formatCell(
  value: unknown,
  column: { format?: ColumnFormat; list?: string },
  { edition, editions, lists }: CellFormatting,
  row?: unknown,
): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.format ?? 'text') {
    case 'money': {
      const code = rowCurrency(row, editions);
      return formatMoney(Number(value), code && code !== edition.currency.code ? { locale: edition.locale, currency: { ...edition.currency, code } } : edition);
    }
    case 'rate':
      return formatRate(Number(value), edition.locale);
    case 'number':
      return numberFormat(edition.locale).format(Number(value));
    case 'date':
      return formatDate(value as string, edition.locale);
    case 'datetime':
      return formatDateTime(value as string, edition.locale);
    case 'phone':
      return formatPhoneDisplay(String(value), recordEdition(row, edition, editions).phone.countryCode);
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'star':
      // A mark only where it holds: a column of Yes and No reads as noise beside the few that are starred.
      return value ? '★' : '';
    case 'list':
    case 'status': {
      // A status column with a list reads as the list's label ('UN_FILED' -> 'Not Filed'), in CSV too.
      const item = column.list ? lists?.(column.list)?.items.find((candidate) => candidate.value === value) : undefined;
      return item?.label ?? String(value);
    }
    case 'text':
    default:
      if (Array.isArray(value)) return value.join(', ');
      // A record (an audit entry's detail) reads as its JSON, never as '[object Object]'.
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
