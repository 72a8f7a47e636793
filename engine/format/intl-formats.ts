/**
 * Intl formatters kept per locale and options. Building one costs far more than formatting with it, and a
 * table formats every date, rate, money and number cell on each render: in a CPU profile of a signed-in
 * dashboard load, constructing date formatters alone took about 20 ms of the browser's time.
 */
const kept = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function keptFormat<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let format = kept.get(key) as T | undefined;
  if (!format) {
    // Made first: a RangeError (an unknown time zone or currency) reaches the caller and nothing is kept.
    format = make();
    kept.set(key, format);
  }
  return format;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return keptFormat(`date|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return keptFormat(`number|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}
