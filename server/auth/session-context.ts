import type { Queryable } from '../db/database.ts';

/** The provider's own account type: its users run the admin area and may jump into other accounts. */
export const PROVIDER_ACCOUNT_TYPE = 'COWBELL';
export const JUMP_PERMISSION = 'account:jump';

/**
 * Which account a session acts in. A user signs in to their own (home) account; they may switch to another
 * account they belong to (user_accounts, with the role they hold there), and a provider user with
 * 'account:jump' may jump into any account. The token says the account type and the subscriber type (the
 * type of the account the user really belongs to); a provider user inside an agency is ghosting.
 */
export interface SessionContext {
  accountId: string;
  accountType: string;
  edition: 'us' | 'uk';
  subscriberType: string;
  roleId: string;
  entry: 'HOME' | 'SWITCH' | 'JUMP';
  ghosting: boolean;
}

interface AccountFacts {
  account_id: string;
  account_type: string;
  edition: 'us' | 'uk';
  role_id: string;
}

/** The context of `targetAccountId` for the user (their home account when null), or null when out of reach. */
export async function resolveSessionContext(
  db: Queryable,
  userId: string,
  targetAccountId: string | null,
  options: { allowJump?: boolean } = {},
): Promise<SessionContext | null> {
  const [home] = await db.query<AccountFacts>(
    `SELECT u.account_id, a.account_type, a.edition, u.role_id FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.id = $1`,
    [userId],
  );
  if (!home) return null;
  if (!targetAccountId || targetAccountId === home.account_id) {
    return {
      accountId: home.account_id, accountType: home.account_type, edition: home.edition, subscriberType: home.account_type,
      roleId: home.role_id, entry: 'HOME', ghosting: false,
    };
  }
  const [member] = await db.query<AccountFacts>(
    `SELECT ua.account_id, a.account_type, a.edition, ua.role_id
     FROM user_accounts ua JOIN accounts a ON a.id = ua.account_id WHERE ua.user_id = $1 AND ua.account_id = $2`,
    [userId, targetAccountId],
  );
  if (member) {
    return {
      accountId: member.account_id, accountType: member.account_type, edition: member.edition, subscriberType: member.account_type,
      roleId: member.role_id, entry: 'SWITCH', ghosting: false,
    };
  }
  if (options.allowJump === false || home.account_type !== PROVIDER_ACCOUNT_TYPE) return null;
  const [target] = await db.query<{ account_type: string; edition: 'us' | 'uk'; may_jump: boolean }>(
    `SELECT a.account_type, a.edition,
            EXISTS (SELECT 1 FROM role_permissions p WHERE p.role_id = $2 AND p.permission = $3) AS may_jump
     FROM accounts a WHERE a.id = $1`,
    [targetAccountId, home.role_id, JUMP_PERMISSION],
  );
  if (!target?.may_jump) return null;
  return {
    accountId: targetAccountId, accountType: target.account_type, edition: target.edition, subscriberType: home.account_type,
    roleId: home.role_id, entry: 'JUMP', ghosting: target.account_type !== home.account_type,
  };
}
