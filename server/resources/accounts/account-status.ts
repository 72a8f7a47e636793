import type { Queryable } from '../../db/database.ts';

/**
 * The account's status (spec 002 section 4 'Account statuses: Open, Quoted, Active Policy. Only these allow
 * quoting'), kept on account_profiles (migration 164). Declined and Lost come from the account decline and
 * lost flows (section 4 'Accounts can be declined, undeclined or marked lost'), Inactive from an account that
 * stopped doing business; none of those may be quoted.
 */
export const ACCOUNT_STATUSES = ['Open', 'Quoted', 'Active Policy', 'Declined', 'Lost', 'Inactive'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The statuses that allow a quote to be requested. */
export const QUOTABLE_STATUSES: ReadonlySet<AccountStatus> = new Set(['Open', 'Quoted', 'Active Policy']);

export function isAccountStatus(value: unknown): value is AccountStatus {
  return typeof value === 'string' && (ACCOUNT_STATUSES as readonly string[]).includes(value);
}

/**
 * Sets a client account's status (the quotes resource marks an account Quoted when a quote is rated, a bind
 * marks it Active Policy). The caller has already found the account within its tenant and runs this in its
 * own transaction; the account's profile row is created when it has none yet. `at` is the caller's clock
 * time (the database's clock when left out). Answers the status it had.
 */
export async function setAccountStatus(db: Queryable, accountId: string, status: AccountStatus, at?: Date): Promise<AccountStatus> {
  if (!isAccountStatus(status)) throw new Error(`Unknown account status '${String(status)}'`);
  const [before] = await db.query<{ status: AccountStatus }>('SELECT status FROM account_profiles WHERE account_id = $1 FOR UPDATE', [accountId]);
  await db.query(
    `INSERT INTO account_profiles (account_id, status, status_changed_at, modified_at) VALUES ($1, $2, coalesce($3::timestamptz, now()), coalesce($3::timestamptz, now()))
     ON CONFLICT (account_id) DO UPDATE SET status = EXCLUDED.status,
       status_changed_at = CASE WHEN account_profiles.status = EXCLUDED.status THEN account_profiles.status_changed_at ELSE EXCLUDED.status_changed_at END`,
    [accountId, status, at ?? null],
  );
  return before?.status ?? 'Open';
}

/** The status of one account: Open when its profile has never been written. */
export async function accountStatusOf(db: Queryable, accountId: string): Promise<AccountStatus> {
  const [row] = await db.query<{ status: AccountStatus }>('SELECT status FROM account_profiles WHERE account_id = $1', [accountId]);
  return row?.status ?? 'Open';
}
