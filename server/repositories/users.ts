import type { components } from '../../api/schema.d.ts';
import type { Queryable } from '../db/database.ts';
import type { AccountRow } from './accounts.ts';
import { toAccountSummary } from './accounts.ts';

export type CurrentUser = components['schemas']['CurrentUser'];
export type User = components['schemas']['User'];
type MfaType = components['schemas']['MfaType'];

/** The columns sign-in needs, found by e-mail (case-insensitive). */
export interface SignInUserRow {
  id: string;
  email: string;
  first_name: string;
  password_hash: string | null;
  password_expires_at: Date | null;
  status: 'ACTIVE' | 'PENDING_VALIDATION' | 'DISABLED';
  mfa_type: MfaType;
  phone: string | null;
  role_id: string;
  account_id: string;
  account_type: string;
}

export async function findUserForSignIn(db: Queryable, email: string): Promise<SignInUserRow | null> {
  const [row] = await db.query<SignInUserRow>(
    `SELECT u.id, u.email, u.first_name, u.password_hash, u.password_expires_at, u.status, u.mfa_type, u.phone, u.role_id,
            u.account_id, a.account_type
     FROM users u JOIN accounts a ON a.id = u.account_id
     WHERE lower(u.email) = lower($1)`,
    [email],
  );
  return row ?? null;
}

interface UserRow {
  id: string;
  email: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  phone: string | null;
  npn: string | null;
  avatar_url: string | null;
  mfa_type: MfaType;
  status: User['status'];
  account_id: string;
  role_id: string;
  role_name: string;
}

const USER_COLUMNS = `u.id, u.email, u.first_name, u.middle_name, u.last_name, u.phone, u.npn, u.avatar_url, u.mfa_type,
  u.status, u.account_id, u.role_id, r.name AS role_name`;

function initials(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}

function fullName(first: string, last: string): string {
  return `${first} ${last}`.trim();
}

export async function getCurrentUser(db: Queryable, userId: string): Promise<CurrentUser | null> {
  const [row] = await db.query<UserRow & { account: AccountRow }>(
    `SELECT ${USER_COLUMNS}, row_to_json(a.*) AS account
     FROM users u JOIN roles r ON r.id = u.role_id JOIN accounts a ON a.id = u.account_id
     WHERE u.id = $1`,
    [userId],
  );
  if (!row) return null;
  return {
    id: row.id,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    initials: initials(row.first_name, row.last_name),
    fullName: fullName(row.first_name, row.last_name),
    email: row.email,
    phone: row.phone,
    role: { id: row.role_id, name: row.role_name },
    mfaType: row.mfa_type,
    avatarUrl: row.avatar_url,
    npn: row.npn,
    account: toAccountSummary(row.account),
    flowUserFirstName: null,
    flowAccountName: null,
  };
}

export async function listAccountUsers(db: Queryable, accountId: string): Promise<User[]> {
  const rows = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users u JOIN roles r ON r.id = u.role_id
     WHERE u.account_id = $1 AND u.removed_at IS NULL ORDER BY lower(u.last_name), lower(u.first_name), u.email`,
    [accountId],
  );
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: fullName(row.first_name, row.last_name),
    email: row.email,
    phone: row.phone,
    role: { id: row.role_id, name: row.role_name },
    mfaType: row.mfa_type,
    status: row.status,
    accountId: row.account_id,
  }));
}
