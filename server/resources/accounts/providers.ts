import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { directoryEntryOf, type DirectoryEntry, type VisibleBusinessAccount } from './repository.ts';

/**
 * Where an account's outside data comes from. The product has no third-party data provider, so each
 * interface has one local implementation, named for what it is: firmographics from the bundled company
 * directory ('directory'), and a scan computed locally from the domain name ('local scan'). A real
 * provider would implement the same interface; the screens show the source with every result.
 */

export interface Firmographics {
  cbid: string;
  dunsNumber: string | null;
  employees: number | null;
  revenue: number | null;
  yearEstablished: number | null;
  ownershipType: string | null;
  entityType: string | null;
  industryCode: string | null;
}

export interface FirmographicsProvider {
  readonly source: 'directory';
  /** The firmographics of the company the account is, or null when the provider does not know it. */
  lookup(db: Queryable, account: Pick<VisibleBusinessAccount, 'cbid' | 'domain_name' | 'name' | 'zip_code'>): Promise<Firmographics | null>;
}

export function firmographicsOfEntry(entry: DirectoryEntry): Firmographics {
  return {
    cbid: entry.cbid,
    dunsNumber: entry.duns_number,
    employees: entry.employees,
    revenue: entry.revenue === null ? null : Number(entry.revenue),
    yearEstablished: entry.year_established,
    ownershipType: entry.ownership_type,
    entityType: entry.entity_type,
    industryCode: entry.industry_code,
  };
}

/** The bundled company directory (company_directory, migration 161). */
export const directoryFirmographics: FirmographicsProvider = {
  source: 'directory',
  async lookup(db, account) {
    const entry = await directoryEntryOf(db, account);
    return entry ? firmographicsOfEntry(entry) : null;
  },
};

export interface ScanFinding {
  check: string;
  passed: boolean;
  result: string;
}

export interface ScanResult {
  score: number;
  findings: ScanFinding[];
}

export interface DomainScanner {
  readonly source: 'local scan';
  scan(domain: string): ScanResult;
}

const CHECKS: ReadonlyArray<{ check: string; weight: number; fails: (byte: number) => boolean; passed: string; failed: string }> = [
  { check: 'TLS certificate', weight: 15, fails: (b) => b % 5 === 0, passed: 'Valid certificate', failed: 'Certificate expired or self-signed' },
  { check: 'SPF record', weight: 10, fails: (b) => b % 3 === 0, passed: 'Published', failed: 'Missing' },
  { check: 'DMARC policy', weight: 15, fails: (b) => b % 2 === 1, passed: 'Enforced (quarantine or reject)', failed: 'Not enforced' },
  { check: 'Remote desktop exposure', weight: 25, fails: (b) => b % 7 === 0, passed: 'Not exposed', failed: 'Port 3389 reachable' },
  { check: 'Web server software', weight: 15, fails: (b) => b % 4 === 0, passed: 'Supported version', failed: 'End-of-life version' },
  { check: 'Breached credentials', weight: 20, fails: (b) => b % 3 === 1, passed: 'None found', failed: 'Addresses of the domain in breach lists' },
];

/**
 * A scan computed from the domain name alone: a hash of the name decides each check, so the same domain
 * always gives the same result. It sends nothing to the domain; it stands in for a scanning service.
 */
export const localScanner: DomainScanner = {
  source: 'local scan',
  scan(domain) {
    const bytes = createHash('sha256').update(domain.toLowerCase()).digest();
    const findings = CHECKS.map((item, index) => {
      const failed = item.fails(bytes[index]!);
      return { check: item.check, passed: !failed, result: failed ? item.failed : item.passed };
    });
    const lost = CHECKS.reduce((sum, item, index) => sum + (findings[index]!.passed ? 0 : item.weight), 0);
    return { score: 100 - lost, findings };
  },
};
