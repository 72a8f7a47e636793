import type { components } from '../../api/schema.d.ts';
import type { AccountRow } from '../auth/tenant.ts';

export type AccountSummary = components['schemas']['AccountSummary'];
export type Account = components['schemas']['Account'];

/** Agency accounts show a full name made of name and location alias (spec 000 section 3). */
export function accountFullName(name: string, locationAlias: string | null): string {
  return locationAlias ? `${name} - ${locationAlias}` : name;
}

export function toAccountSummary(row: Omit<AccountRow, 'agency_id' | 'created_at'>): AccountSummary {
  return {
    id: row.id,
    name: row.name,
    fullName: accountFullName(row.name, row.location_alias),
    accountType: row.account_type as AccountSummary['accountType'],
    enforceMfa: row.enforce_mfa,
    uwEnabled: row.uw_enabled,
    npn: row.npn,
    locationAlias: row.location_alias,
    wizerCustomerId: row.wizer_customer_id,
    edition: row.edition,
  };
}

export function toAccount(row: AccountRow): Account {
  return { ...toAccountSummary(row), agencyId: row.agency_id, created: new Date(row.created_at).toISOString() };
}
