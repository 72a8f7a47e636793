import type { Edition } from './edition-types.ts';

/**
 * The edition a record belongs to when it names its own currency ('GBP' on a UK policy that provider staff
 * read on the US host): the one of `editions` with that currency; otherwise the host's. Its phone numbers
 * then read as that edition writes them (+44 xxxxx xxxxxx), as its money already reads in its currency.
 */
export function recordEdition(record: unknown, host: Edition, editions: readonly Edition[] = []): Edition {
  const currency = (record as { currency?: unknown } | null | undefined)?.currency;
  if (typeof currency !== 'string' || currency === host.currency.code) return host;
  return editions.find((edition) => edition.currency.code === currency) ?? host;
}
