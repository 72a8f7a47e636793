import { audit } from '../audit.ts';
import { sendLinkMail } from '../auth/link-mail.ts';
import { PROVIDER_ACCOUNT_TYPE } from '../auth/session-context.ts';
import type { Queryable } from '../db/database.ts';
import type { Services } from '../services.ts';

/** The role the first provider user gets: it can invite everyone else from the console. */
export const FIRST_ADMIN_ROLE = 'provider-super-admin';

export interface FirstAdmin {
  email: string;
  firstName: string;
  lastName: string;
  /** Name of the provider organisation, created when the database has none. */
  organisation: string;
}

export type FirstAdminOutcome =
  | { status: 'created'; userId: string; link: string | null }
  | { status: 'exists'; message: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True when an active (or invited) provider Super Admin exists. */
export async function hasProviderAdmin(db: Queryable): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM users u JOIN accounts a ON a.id = u.account_id
     WHERE a.account_type = $1 AND u.role_id = $2 AND u.status <> 'DISABLED' LIMIT 1`,
    [PROVIDER_ACCOUNT_TYPE, FIRST_ADMIN_ROLE],
  );
  return rows.length > 0;
}

/**
 * Creates the first provider Super Admin of a production database: no password, status pending, and a
 * one-time link e-mailed to set the password (the same confirm-user link an invitation sends). Refuses once
 * a provider Super Admin exists, so the command cannot be used to plant a second back door.
 */
export async function createFirstProviderAdmin(services: Services, admin: FirstAdmin): Promise<FirstAdminOutcome> {
  const email = admin.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new Error(`'${admin.email}' is not an e-mail address`);
  if (!admin.firstName.trim() || !admin.lastName.trim()) throw new Error('The first admin needs a first and a last name');
  const { db, clock } = services;
  const user = await db.transaction(async (tx) => {
    if (await hasProviderAdmin(tx)) return null;
    const now = clock.now();
    let [account] = await tx.query<{ id: string }>('SELECT id FROM accounts WHERE account_type = $1 ORDER BY created_at LIMIT 1', [PROVIDER_ACCOUNT_TYPE]);
    if (!account) {
      [account] = await tx.query<{ id: string }>(
        `INSERT INTO accounts (name, account_type, edition, uw_enabled, created_at) VALUES ($1, $2, 'us', true, $3) RETURNING id`,
        [admin.organisation.trim(), PROVIDER_ACCOUNT_TYPE, now],
      );
      await tx.query(`INSERT INTO teams (account_id, name, is_default) VALUES ($1, 'Default Team', true)`, [account!.id]);
    }
    const [row] = await tx.query<{ id: string; email: string; first_name: string }>(
      `INSERT INTO users (account_id, email, first_name, last_name, role_id, status, created_at)
       VALUES ($1, $2, $3, $4, $5, 'PENDING_VALIDATION', $6) RETURNING id, email, first_name`,
      [account!.id, email, admin.firstName.trim(), admin.lastName.trim(), FIRST_ADMIN_ROLE, now],
    );
    await audit(tx, clock, { action: 'user.first-admin-created', target: row!.id, detail: { email, role: FIRST_ADMIN_ROLE } });
    return row!;
  });
  if (!user) return { status: 'exists', message: 'A provider Super Admin exists already: invite further staff from the console.' };
  const link = await sendLinkMail(services, user, 'invite');
  return { status: 'created', userId: user.id, link };
}
