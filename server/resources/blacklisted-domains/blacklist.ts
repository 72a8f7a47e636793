import type { Queryable } from '../../db/database.ts';

/** A domain name as the blacklist holds it: letters, digits and hyphens in labels, a top-level label of letters. */
export const DOMAIN_PATTERN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The domain of what a user typed: an e-mail address, a URL or a bare name, lower-cased, without scheme, path,
 * port, 'www.' or a trailing dot. Null when nothing like a domain name is left.
 */
export function domainOf(text: string): string | null {
  let value = text.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at >= 0) value = value.slice(at + 1);
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '').replace(/:\d+$/, '').replace(/\.$/, '').replace(/^www\./, '');
  return DOMAIN_PATTERN.test(value) ? value : null;
}

/** The name itself and every parent domain of at least two labels (mail.example.co.uk, example.co.uk, co.uk). */
function candidatesOf(domain: string): string[] {
  const labels = domain.split('.');
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}

/**
 * The blacklisted domain that covers this e-mail address, URL or domain (itself or a parent of it), or null when
 * none does or it is no domain at all. Other modules call it before taking a domain: account creation, bulk
 * upload, sign-up.
 */
export async function blacklistedDomainOf(db: Queryable, text: string | null | undefined): Promise<string | null> {
  const domain = text ? domainOf(text) : null;
  if (!domain) return null;
  const [row] = await db.query<{ name: string }>('SELECT name FROM blacklisted_domains WHERE name = ANY($1::text[]) ORDER BY length(name) DESC LIMIT 1', [candidatesOf(domain)]);
  return row?.name ?? null;
}

/** Whether the blacklist covers this e-mail address, URL or domain. */
export async function isDomainBlacklisted(db: Queryable, text: string | null | undefined): Promise<boolean> {
  return (await blacklistedDomainOf(db, text)) !== null;
}
