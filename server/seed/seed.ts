import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { DAY } from '../clock.ts';
import type { SeedSummary } from '../db/prepare-result.ts';
import { DEMO_ACCOUNTS, DEMO_USERS, DEMO_WORKFLOWS } from './demo-world.ts';


export async function hasAccounts(tx: Queryable): Promise<boolean> {
  const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
  return (row?.n ?? 0) > 0;
}

/**
 * Writes the demo world when the database has no accounts. `passwordHashes` maps each demo e-mail to its
 * argon2id hash (hashed before the schema lock is taken, so the lock is held briefly).
 */
export async function seedDemoWorld(
  tx: Queryable,
  clock: Clock,
  passwordHashes: ReadonlyMap<string, string>,
): Promise<SeedSummary> {
  if (await hasAccounts(tx)) return { seeded: false, accounts: 0, users: 0 };
  const now = clock.now();
  const accountIds = new Map<string, string>();
  const teamIds = new Map<string, string>();

  for (const account of DEMO_ACCOUNTS) {
    const agencyId = account.agency ? accountIds.get(account.agency) : null;
    if (account.agency && !agencyId) throw new Error(`Demo account '${account.key}' names unknown agency '${account.agency}'`);
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO accounts (name, location_alias, account_type, edition, enforce_mfa, uw_enabled, npn, agency_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [account.name, account.locationAlias ?? null, account.accountType, account.edition, account.enforceMfa ?? false,
        account.uwEnabled ?? false, account.npn ?? null, agencyId ?? null, now],
    );
    if (!row) throw new Error(`Demo account '${account.key}' was not stored`);
    accountIds.set(account.key, row.id);
    for (const team of account.teams) {
      const [teamRow] = await tx.query<{ id: string }>(
        'INSERT INTO teams (account_id, name, is_default) VALUES ($1, $2, $3) RETURNING id',
        [row.id, team.name, team.isDefault ?? false],
      );
      if (teamRow) teamIds.set(`${account.key}/${team.name}`, teamRow.id);
    }
  }

  for (const user of DEMO_USERS) {
    const accountId = accountIds.get(user.account);
    const passwordHash = passwordHashes.get(user.email);
    if (!accountId || !passwordHash) throw new Error(`Demo user '${user.email}' lacks an account or a password hash`);
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO users (account_id, email, first_name, last_name, phone, npn, role_id, password_hash,
         password_changed_at, status, mfa_type, created_at, has_demo_password)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'ACTIVE', $10, $9, true) RETURNING id`,
      [accountId, user.email, user.firstName, user.lastName, user.phone ?? null, user.npn ?? null, user.roleId,
        passwordHash, now, user.mfaType ?? 'NONE'],
    );
    if (!row) throw new Error(`Demo user '${user.email}' was not stored`);
    const teams = user.teams ?? ['Default Team'];
    for (const teamName of teams) {
      const teamId = teamIds.get(`${user.account}/${teamName}`);
      if (!teamId) throw new Error(`Demo user '${user.email}' names unknown team '${teamName}'`);
      await tx.query('INSERT INTO team_members (team_id, user_id) VALUES ($1, $2)', [teamId, row.id]);
    }
    for (const membership of user.memberOf ?? []) {
      const memberAccountId = accountIds.get(membership.account);
      if (!memberAccountId) throw new Error(`Demo user '${user.email}' names unknown account '${membership.account}'`);
      await tx.query('INSERT INTO user_accounts (user_id, account_id, role_id) VALUES ($1, $2, $3)', [row.id, memberAccountId, membership.roleId]);
    }
  }

  for (const workflow of DEMO_WORKFLOWS) {
    const inserted = await tx.query(
      `INSERT INTO workflows (id, flow, user_id, email, phone, redirect_url, created_at, expires_at)
       SELECT $1::uuid, $2::text, u.id, u.email, u.phone, $4::text, $5::timestamptz, $6::timestamptz FROM users u WHERE u.email = $3 RETURNING id`,
      [workflow.id, workflow.flow, workflow.user, workflow.redirectUrl, now, new Date(now.getTime() + 365 * DAY)],
    );
    if (inserted.length === 0) throw new Error(`Demo workflow '${workflow.id}' names unknown user '${workflow.user}'`);
  }
  return { seeded: true, accounts: DEMO_ACCOUNTS.length, users: DEMO_USERS.length };
}
