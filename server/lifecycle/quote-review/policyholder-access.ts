import { audit } from '../../audit.ts';
import type { Clock } from '../../clock.ts';
import { DAY } from '../../clock.ts';
import { POLICYHOLDER_LINK_TTL_MS } from '../../constants.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import { QUOTE_REVIEW_FLOW, REVIEW_TEXTS } from './review-texts.ts';

/** The role a policyholder reached by a sent quote gets: quotes, policies and payments of their own account. */
export const POLICYHOLDER_ROLE = 'customer-policy-holder';

export interface Policyholder {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * The user a quote is sent to, on the client account itself (the tenant rule then gives them that account's
 * quotes and nothing else): an existing user of the account is kept, one removed from it comes back, and a
 * new one is made without a password (they enter by one-time codes until they set one). An address that
 * belongs to another organisation is refused: a link must never open a stranger's account.
 */
export async function policyholderUser(
  tx: Queryable,
  clock: Clock,
  input: { accountId: string; contact: Policyholder; actorUserId: string; address: string | null },
): Promise<string> {
  const email = input.contact.email.toLowerCase();
  const [existing] = await tx.query<{ id: string; account_id: string; status: string; removed_at: Date | null }>(
    'SELECT id, account_id, status, removed_at FROM users WHERE lower(email) = $1 FOR UPDATE',
    [email],
  );
  if (existing && existing.account_id !== input.accountId) throw new HttpError(409, REVIEW_TEXTS.emailOfOtherOrganisation, { errors: [{ field: 'email', message: REVIEW_TEXTS.emailOfOtherOrganisation }] });
  if (existing && existing.status === 'DISABLED') throw new HttpError(409, REVIEW_TEXTS.policyholderDisabled);
  const now = clock.now();
  let id: string;
  if (existing) {
    id = existing.id;
    if (existing.removed_at || existing.status !== 'ACTIVE') {
      await tx.query(`UPDATE users SET removed_at = NULL, removed_by = NULL, status = 'ACTIVE' WHERE id = $1`, [id]);
      await audit(tx, clock, { actorUserId: input.actorUserId, action: 'user.restore', target: id, address: input.address, detail: { accountId: input.accountId, reason: 'quote sent to policyholder' } });
    }
  } else {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO users (account_id, email, first_name, last_name, phone, role_id, status, created_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, 'ACTIVE', $7, $8) RETURNING id`,
      [input.accountId, email, input.contact.firstName, input.contact.lastName, input.contact.phone, POLICYHOLDER_ROLE, now, input.actorUserId],
    );
    id = row!.id;
    await tx.query(`INSERT INTO team_members (team_id, user_id) SELECT id, $2 FROM teams WHERE account_id = $1 AND is_default ON CONFLICT DO NOTHING`, [input.accountId, id]);
    await audit(tx, clock, {
      actorUserId: input.actorUserId, action: 'user.create', target: id, address: input.address,
      detail: { accountId: input.accountId, email, roleId: POLICYHOLDER_ROLE, reason: 'quote sent to policyholder' },
    });
  }
  return id;
}

/**
 * The one-time-code link of a quote (spec 000 /validate/{workflowId}): for its policyholder it leads to the
 * public request-to-bind route of the quote, for a wholesale agent to the quote's review page, for a surplus
 * lines broker (flow SURPLUS_NOTICE) to the notice they review and sign. It lasts as long as the quote is
 * offered, at most a month.
 */
export async function quoteReviewWorkflow(
  tx: Queryable,
  clock: Clock,
  input: {
    userId: string; contact: { email: string; phone: string | null }; quoteId: string; product: string; quoteExpiresOn: string;
    id?: string; redirectUrl?: string; flow?: string;
  },
): Promise<string> {
  const now = clock.now();
  const quoteEnd = new Date(`${input.quoteExpiresOn}T23:59:59Z`).getTime();
  const expires = new Date(Math.max(now.getTime() + DAY, Math.min(now.getTime() + POLICYHOLDER_LINK_TTL_MS, quoteEnd)));
  const redirect = input.redirectUrl ?? `/quote/${input.quoteId}/request-to-bind/${input.product}`;
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO workflows (id, flow, user_id, email, phone, redirect_url, created_at, expires_at)
     VALUES (coalesce($8::uuid, gen_random_uuid()), $1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [input.flow ?? QUOTE_REVIEW_FLOW, input.userId, input.contact.email.toLowerCase(), input.contact.phone, redirect, now, expires, input.id ?? null],
  );
  return row!.id;
}
