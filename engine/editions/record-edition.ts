import type { Edition } from './edition-types.ts';

/**
 * The edition a record belongs to, whichever host shows it: the one it names (`edition: 'uk'` on an account,
 * a quote or a user of a UK organisation), else the one of its currency ('GBP' on a UK policy that provider
 * staff read on the US host), else the host's. Its phone numbers then read as that edition writes them
 * (+44 xxxxx xxxxxx), as its money reads in its currency.
 */
export function recordEdition(record: unknown, host: Edition, editions: readonly Edition[] = []): Edition {
  const { edition: id, currency } = (record ?? {}) as { edition?: unknown; currency?: unknown };
  if (typeof id === 'string' && id !== host.id) {
    const named = editions.find((edition) => edition.id === id);
    if (named) return named;
  }
  if (typeof currency !== 'string' || currency === host.currency.code) return host;
  return editions.find((edition) => edition.currency.code === currency) ?? host;
}
