import { TOKEN_LINK_ERRORS } from '../../../api/error-catalogue.ts';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { findInvitation, isLive } from '../../auth/invitations.ts';
import { PROVIDER_ACCOUNT_TYPE } from '../../auth/session-context.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { managesClients } from '../../tenancy/tenant-scope.ts';
import type { Caller } from '../../services.ts';
import type { HandlerModule } from '../../contract/handlers.ts';

export const MEMBERSHIP_MESSAGES = {
  accepted: 'You now have access to {account}. Switch to it from your user menu.',
  notFound: 'This membership does not exist.',
  homeAccount: "A user's own account cannot be removed from them. Deactivate the user instead.",
} as const;

/** Invitations that make an existing user a member of another account once they accept. */
const MEMBERSHIP_TOKEN_TYPES = ['EXISTING_USER', 'QUOTE_SENT_EXISTING_USER', 'QUOTE_LINK_EXISTING_AGENT'];

/** Provider staff acting as themselves manage every membership; an account's admins only their own account's. */
function mayManage(caller: Caller, accountId: string): boolean {
  const staff = caller.subscriberType === PROVIDER_ACCOUNT_TYPE && caller.accountType === PROVIDER_ACCOUNT_TYPE;
  return staff || caller.accountId === accountId;
}

/** Memberships of further accounts (user_accounts): granted by accepting an invitation, ended by an admin. */
export const handlers: HandlerModule = (services) => ({
  async acceptInvitation(request) {
    const caller = callerOf(request);
    const { validationToken } = request.query;
    const { db, clock } = services;
    const accepted = await db.transaction(async (tx) => {
      const invitation = await findInvitation(tx, validationToken, true);
      // Only the invitee may accept; for anyone else the link does not exist.
      if (!isLive(services, invitation) || invitation.email.toLowerCase() !== caller.email.toLowerCase()
        || !MEMBERSHIP_TOKEN_TYPES.includes(invitation.token_type) || !invitation.account_id || !invitation.role_id) {
        throw notFound(TOKEN_LINK_ERRORS.linkExpired);
      }
      const [account] = await tx.query<{ id: string; name: string }>('SELECT id, name FROM accounts WHERE id = $1', [invitation.account_id]);
      if (!account) throw notFound(TOKEN_LINK_ERRORS.linkExpired);
      await tx.query('UPDATE invitations SET used_at = $2 WHERE id = $1', [invitation.id, clock.now()]);
      // An invitation to the user's own account (a quote sent to them) grants nothing, so nothing is audited as added.
      if (account.id === caller.homeAccountId) return account;
      await tx.query(
        `INSERT INTO user_accounts (user_id, account_id, role_id) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, account_id) DO UPDATE SET role_id = EXCLUDED.role_id`,
        [caller.userId, account.id, invitation.role_id],
      );
      await audit(tx, clock, {
        actorUserId: caller.userId, action: 'membership.added', target: caller.userId,
        detail: { accountId: account.id, roleId: invitation.role_id, invitedBy: invitation.created_by, invitationId: invitation.id },
        address: request.ip,
      });
      return account;
    });
    return { accountId: accepted.id, accountName: accepted.name, message: MEMBERSHIP_MESSAGES.accepted.replace('{account}', accepted.name) };
  },

  async removeAccountMembership(request, reply) {
    const caller = callerOf(request);
    const { userId, accountId } = request.params;
    const { db, clock } = services;
    await db.transaction(async (tx) => {
      // An account's admins (and an agency's, for the client accounts it manages) end memberships of that account.
      const [account] = await tx.query<{ agency_id: string | null }>('SELECT agency_id FROM accounts WHERE id = $1', [accountId]);
      const managesClient = managesClients(caller.accountType) && account?.agency_id === caller.accountId;
      if (!mayManage(caller, accountId) && !managesClient) throw notFound(MEMBERSHIP_MESSAGES.notFound);
      const [home] = await tx.query<{ account_id: string }>('SELECT account_id FROM users WHERE id = $1', [userId]);
      if (home?.account_id === accountId) throw new HttpError(400, MEMBERSHIP_MESSAGES.homeAccount);
      const removed = await tx.query<{ role_id: string }>(
        'DELETE FROM user_accounts WHERE user_id = $1 AND account_id = $2 RETURNING role_id',
        [userId, accountId],
      );
      if (removed.length === 0) throw notFound(MEMBERSHIP_MESSAGES.notFound);
      // The teams the user joined in that account go with it.
      await tx.query('DELETE FROM team_members WHERE user_id = $1 AND team_id IN (SELECT id FROM teams WHERE account_id = $2)', [userId, accountId]);
      // Sessions acting inside that account end now (their access tokens with them: the session gate checks).
      await tx.query(
        'UPDATE refresh_tokens SET revoked_at = $3 WHERE user_id = $1 AND context_account_id = $2 AND revoked_at IS NULL',
        [userId, accountId, clock.now()],
      );
      await audit(tx, clock, {
        actorUserId: caller.userId, action: 'membership.removed', target: userId,
        detail: { accountId, roleId: removed[0]!.role_id }, address: request.ip,
      });
    });
    return reply.code(204).send();
  },
});
