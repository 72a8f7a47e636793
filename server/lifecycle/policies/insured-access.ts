import { issueLink } from '../../auth/links.ts';
import type { Clock } from '../../clock.ts';
import { INVITE_LINK_TTL_MS } from '../../constants.ts';
import type { Queryable } from '../../db/database.ts';
import { policyholderUser } from '../quote-review/policyholder-access.ts';

/**
 * How the insured named on an issued policy reaches its page in the console: signing in (they have a
 * password), setting a password first by a one-time link (a policyholder made without one, as a sent quote
 * makes them), or not at all through the console (their address belongs to another organisation, or its
 * user is disabled), when the e-mail says to ask the agency instead of linking to a page that would refuse them.
 */
export type InsuredAccess =
  | { kind: 'SIGN_IN' }
  | { kind: 'SET_PASSWORD'; userId: string }
  | { kind: 'ASK_AGENCY' };

export interface Insured {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

/**
 * Inside the issuing transaction: the insured becomes (or stays) a policyholder user of the client account, so
 * the tenant rule gives them that account's policies and nothing else. Never refuses the issue itself.
 */
export async function insuredAccessOf(
  tx: Queryable,
  clock: Clock,
  input: { accountId: string; insured: Insured; actorUserId: string; address: string | null },
): Promise<InsuredAccess> {
  const email = input.insured.email.toLowerCase();
  const [existing] = await tx.query<{ account_id: string; status: string }>('SELECT account_id, status FROM users WHERE lower(email) = $1', [email]);
  if (existing && (existing.account_id !== input.accountId || existing.status === 'DISABLED')) return { kind: 'ASK_AGENCY' };
  const userId = await policyholderUser(tx, clock, {
    accountId: input.accountId, actorUserId: input.actorUserId, address: input.address,
    contact: { firstName: input.insured.firstName, lastName: input.insured.lastName, email, phone: input.insured.phone ?? '' },
  });
  const [user] = await tx.query<{ has_password: boolean }>('SELECT password_hash IS NOT NULL AS has_password FROM users WHERE id = $1', [userId]);
  return user?.has_password ? { kind: 'SIGN_IN' } : { kind: 'SET_PASSWORD', userId };
}

/** After the commit: the one-time link that sets the insured's password (the confirm-user page, spec 000), and how long it lasts. */
export async function setPasswordLinkPath(db: Queryable, clock: Clock, userId: string): Promise<{ path: string; days: number }> {
  const token = await issueLink(db, clock, { userId, purpose: 'INVITE', ttlMs: INVITE_LINK_TTL_MS });
  return { path: `/confirmUser/${token}`, days: Math.round(INVITE_LINK_TTL_MS / 86_400_000) };
}
