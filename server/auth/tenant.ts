import type { Queryable } from '../db/database.ts';
import type { Caller } from '../services.ts';

/** Account types that manage client accounts (their customers' accounts carry agency_id). */
const MANAGING_TYPES = ['AGENCY', 'DIGITAL'];

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
 * The tenant rule, in one place: provider staff see every account; everyone sees their own account; an
 * agency (or digital agent) also sees the accounts it manages. Anything else is reported as not found, so
 * a caller cannot learn which ids exist.
 */
export async function findVisibleAccount(db: Queryable, caller: Caller, accountId: string): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow>(
    `SELECT id, name, location_alias, account_type, edition, enforce_mfa, uw_enabled, npn, wizer_customer_id, agency_id, created_at
     FROM accounts
     WHERE id = $1
       AND ($2::text = 'COWBELL' OR id = $3::uuid OR (agency_id = $3::uuid AND $2::text = ANY($4::text[])))`,
    [accountId, caller.accountType, caller.accountId, MANAGING_TYPES],
  );
  return row ?? null;
}
