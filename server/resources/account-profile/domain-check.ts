import type { Queryable } from '../../db/database.ts';
import { blacklistedDomainOf } from '../blacklisted-domains/blacklist.ts';

/**
 * The domain check of the account profile (spec 002 section 5 'Domains': 'Each entered domain (protocol
 * stripped, comma separated) is checked against a server call'; its three texts; 'The primary domain allows
 * only one'). A real check, made here and not by asking the internet: the name's syntax (labels of letters,
 * digits and hyphens, a top-level name of letters, no name reserved for testing), the blacklisted domains
 * (a blacklisted parent covers its subdomains), and for the primary domain, that only one was entered.
 */
export const DOMAIN_TEXTS = {
  invalid: 'Only valid domains are accepted.',
  blacklisted: 'Invalid Domain! Try a different domain name.',
  valid: 'Valid domain found!',
  onlyOne: 'Only enter one domain',
} as const;

const LABELS = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** Top-level names that never resolve on the internet (RFC 2606, RFC 6761, RFC 6762). */
const RESERVED_TOP_LEVEL = new Set(['test', 'invalid', 'localhost', 'local']);

export interface DomainVerdict {
  /** What was entered, trimmed. */
  entered: string;
  /** The domain as stored (lower case, without protocol, 'www.', path or trailing dot); null when not one. */
  domain: string | null;
  valid: boolean;
  message: string;
}

export interface DomainCheck {
  /** Every entered domain is valid (and, for the primary domain, there is only one). Nothing entered is valid. */
  valid: boolean;
  /** The text to show under the field: the first fault, else 'Valid domain found!'; null when nothing was entered. */
  message: string | null;
  domains: DomainVerdict[];
}

/** What was entered with its protocol, 'www.', path, port and trailing dot taken off, lower case. */
export function strippedDomain(entered: string): string {
  return entered.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '').replace(/:\d+$/, '').replace(/\.$/, '').replace(/^www\./, '');
}

/** The syntax part of the check: the stored form of a domain, or null. */
export function domainSyntaxOf(entered: string): string | null {
  const domain = strippedDomain(entered);
  if (!LABELS.test(domain)) return null;
  return RESERVED_TOP_LEVEL.has(domain.slice(domain.lastIndexOf('.') + 1)) ? null : domain;
}

/** The comma-separated entries of a domains field, empty ones left out. */
export function enteredDomains(text: string | null | undefined): string[] {
  return (text ?? '').split(',').map((part) => part.trim()).filter(Boolean);
}

/**
 * Checks what was typed into a domain field. `single`: the primary domain, where a second entry is refused
 * with 'Only enter one domain'.
 */
export async function checkDomains(db: Queryable, text: string | null | undefined, options: { single: boolean }): Promise<DomainCheck> {
  const entries = enteredDomains(text);
  if (entries.length === 0) return { valid: true, message: null, domains: [] };
  const domains: DomainVerdict[] = [];
  for (const entered of entries) {
    const domain = domainSyntaxOf(entered);
    if (!domain) domains.push({ entered, domain: null, valid: false, message: DOMAIN_TEXTS.invalid });
    else if (await blacklistedDomainOf(db, domain)) domains.push({ entered, domain, valid: false, message: DOMAIN_TEXTS.blacklisted });
    else domains.push({ entered, domain, valid: true, message: DOMAIN_TEXTS.valid });
  }
  if (options.single && entries.length > 1) return { valid: false, message: DOMAIN_TEXTS.onlyOne, domains };
  const fault = domains.find((verdict) => !verdict.valid);
  return fault ? { valid: false, message: fault.message, domains } : { valid: true, message: DOMAIN_TEXTS.valid, domains };
}
