import type { components } from '../../api/schema.d.ts';
import type { Queryable } from '../db/database.ts';
import { SqlParams } from '../db/sql-params.ts';
import type { Caller } from '../services.ts';
import { tenantCondition, tenantScopeOf } from '../tenancy/tenant-scope.ts';

export type AccountSummary = components['schemas']['AccountSummary'];
export type Account = components['schemas']['Account'];

export interface AccountRow {
  id: string;
  name: string;
  location_alias: string | null;
  account_type: string;
  edition: 'us' | 'uk';
  enforce_mfa: boolean;
  uw_enabled: boolean;
  npn: string | null;
  wizer_customer_id: string | null;
  agency_id: string | null;
  created_at: Date;
}

/**
 * One account by (tenant, id): null when it does not exist or lies outside the caller's tenant, so a caller
 * cannot learn which ids exist.
 */
export async function findVisibleAccount(db: Queryable, caller: Caller, accountId: string): Promise<AccountRow | null> {
  const params = new SqlParams();
  const id = params.add(accountId, 'uuid');
  const visible = tenantCondition(tenantScopeOf(caller), { account: 'id', agency: 'agency_id' }, params);
  const [row] = await db.query<AccountRow>(
    `SELECT id, name, location_alias, account_type, edition, enforce_mfa, uw_enabled, npn, wizer_customer_id, agency_id, created_at
     FROM accounts WHERE id = ${id} AND ${visible}`,
    params.values,
  );
  return row ?? null;
}

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
