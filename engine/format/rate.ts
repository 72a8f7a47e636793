import { numberFormat } from './intl-formats.ts';

const RATE_DECIMALS = 4;

/** Rates as percentages to 4 decimals: 0.123456 -> '12.3456%'. */
export function formatRate(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: RATE_DECIMALS,
    maximumFractionDigits: RATE_DECIMALS,
  }).format(value);
}
