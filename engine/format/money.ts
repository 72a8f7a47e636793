import type { Edition } from '../editions/edition-types.ts';
import { numberFormat } from './intl-formats.ts';

type Currency = Pick<Edition, 'locale' | 'currency'>;

/** '$1,234.50' (en-US, USD) or '£1,234.50' (en-GB, GBP): always the edition's fraction digits. */
export function formatMoney(value: number | null | undefined, edition: Currency): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return numberFormat(edition.locale, {
    style: 'currency',
    currency: edition.currency.code,
    minimumFractionDigits: edition.currency.fractionDigits,
    maximumFractionDigits: edition.currency.fractionDigits,
  }).format(value);
}

/** The digits of a money input with grouping but no symbol ('1,234.5' while typing). */
export function groupMoneyInput(text: string, edition: Currency): string {
  const cleaned = text.replace(/[^0-9.]/g, '');
  const [whole = '', ...fractionParts] = cleaned.split('.');
  const fraction = fractionParts.join('').slice(0, edition.currency.fractionDigits);
  const grouped = whole === '' ? '' : numberFormat(edition.locale, { maximumFractionDigits: 0 }).format(Number(whole));
  return cleaned.includes('.') ? `${grouped || '0'}.${fraction}` : grouped;
}

/** Reads a typed amount back to a number ('1,234.56' -> 1234.56); empty gives undefined. */
export function parseMoney(text: string): number | undefined {
  const cleaned = text.replace(/[^0-9.-]/g, '');
  if (cleaned === '' || cleaned === '-' || cleaned === '.') return undefined;
  const value = Number(cleaned);
  return Number.isNaN(value) ? undefined : Math.round(value * 100) / 100;
}
