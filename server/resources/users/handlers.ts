import type { FastifyRequest } from 'fastify';
import type { components } from '../../../api/schema.d.ts';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { sendLinkMail } from '../../auth/link-mail.ts';
import { revokeUserSessions } from '../../auth/refresh-tokens.ts';
import { editionOf, type HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, MESSAGES, forbidden, notFound } from '../../http/http-error.ts';
import { findVisibleAccount } from '../../repositories/accounts.ts';
import { getCurrentUser } from '../../repositories/users.ts';
import type { Caller, Services } from '../../services.ts';
import { shownFields, storedPhone } from './form-view.ts';
import {
  assignableOrganizations, findManagedUser, findRole, mayGive, rolesOfType, searchManagedUsers, searchUserAccounts, setAgencies,
  setTeamsIn, teamsOf, toUserRecord, type RoleRecord, type UserRow,
} from './repository.ts';

type UserFields = components['schemas']['UserFields'];

/** The users' answers that are not the forms' own messages (those come from definitions/forms/user*.json). */
export const USER_MESSAGES = {
  notFound: 'User not found.',
  emailTaken: 'A user with this email address already exists.',
  emailFixed: 'The e-mail address cannot be changed.',
  removed: 'User Removed Successfully!',
  cannotRemoveSelf: 'You cannot remove yourself.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  roleUnknown: 'This role does not exist.',
  roleOfOtherType: 'This role does not belong to {type} accounts.',
  roleBeyondCaller: 'You cannot give a role with permissions you do not hold.',
  userBeyondCaller: 'You cannot manage a user whose role has permissions you do not hold.',
  /** Spec 001 section 8 (User). */
  agencies: 'Not able to assign agencies at this time.',
  /** Spec 001 section 8 (Additional accounts). */
  accountsAdded: 'Accounts Added Successfully.',
  accountNotFound: 'Account not found.',
  ownOrganisation: "This is the user's own organisation already.",
  accountTypeMismatch: 'This organisation is not of the type chosen.',
  teamsRequired: 'Teams is a required field',
  teamNotInAccount: 'Choose teams of {account} only.',
  teamsMigrated: 'Teams updated.',
  resetSent: 'A password reset link has been sent to {email}.',
  resetSentRecently: 'A reset link was sent to this user less than a minute ago. Please wait a minute before sending another.',
  deactivated: 'This user is deactivated, so no reset link was sent.',
  phoneNeededForCodes: 'Your sign-in codes are sent to this phone by text message. Choose another way to receive them before removing the number.',
} as const;

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** A 400 naming one field, shown under it by the dialog (the text also heads the dialog's alert). */
function fieldError(field: string, message: string, code = 'rule'): HttpError {
  return new HttpError(400, message, { errors: [{ field, message, code }] });
}

/** The role must be one of the organisation's type, and the caller must hold every permission it has. */
async function assignableRole(db: Queryable, caller: Caller, roleId: string, accountType: string, field = 'roleId'): Promise<RoleRecord> {
  const role = await findRole(db, caller, roleId);
  if (!role) throw fieldError(field, USER_MESSAGES.roleUnknown);
  if (role.accountType !== accountType) throw fieldError(field, fill(USER_MESSAGES.roleOfOtherType, { type: accountType }));
  if (!role.assignable) throw fieldError(field, USER_MESSAGES.roleBeyondCaller);
  return role;
}

/** A user whose role holds a permission the caller lacks is beyond them (an agency admin's peer is not). */
function assertWithinCaller(caller: Caller, user: UserRow): void {
  if (!mayGive(caller, user.permissions ?? [])) throw forbidden(USER_MESSAGES.userBeyondCaller);
}

async function managedUser(db: Queryable, caller: Caller, userId: string, lock = false): Promise<UserRow> {
  const user = await findManagedUser(db, caller, { id: userId }, lock);
  if (!user) throw notFound(USER_MESSAGES.notFound);
  return user;
}

/** The agencies the body assigns, each one the caller may see; otherwise the spec's refusal. */
async function assignableAgencies(db: Queryable, caller: Caller, agencyIds: readonly string[]): Promise<string[]> {
  if (agencyIds.length === 0) return [];
  const found = await assignableOrganizations(db, caller, { accountType: 'AGENCY', ids: agencyIds }, agencyIds.length);
  if (found.length !== new Set(agencyIds).size) throw fieldError('agencies', USER_MESSAGES.agencies, 'agencies');
  return found.map((agency) => agency.id);
}

async function recordOf(db: Queryable, caller: Caller, userId: string) {
  const row = await findManagedUser(db, caller, { id: userId });
  if (!row) throw notFound(USER_MESSAGES.notFound);
  return toUserRecord(row, caller.userId);
}

/** The values a user form stores, fields the form hides keeping what `current` holds (defaults for a new user). */
async function userValues(services: Services, request: FastifyRequest<{ Body: UserFields }>, current: UserRow | null) {
  const body = checkedBodyOf(request);
  const shown = await shownFields(services, request, 'user', { ...body });
  const technician = body.roleId === 'provider-technician';
  const keep = <T>(field: string, value: T, stored: T) => (shown.has(field) ? value : stored);
  return {
    body,
    // Stored as the user's organisation's edition writes it, whichever host the form was sent from.
    phone: keep('phone', storedPhone(body.phone, current?.account_edition ?? editionOf(request)), current?.phone ?? null),
    primaryContact: technician ? false : keep('primaryContact', body.primaryContact === true, current?.primary_contact ?? false),
    billingContact: technician ? false : keep('billingContact', body.billingContact === true, current?.billing_contact ?? false),
    slackHandle: keep('slackHandle', body.slackHandle ?? null, current?.slack_handle ?? null),
    agencies: shown.has('agencies') ? [...(body.agencies ?? [])] : null,
  };
}

/**
 * Users and roles (spec 001 sections 3, 5, 6 and 8 User; section 7 Teams and Other). createUser and updateUser
 * are bound by definitions/forms/user.json, addUserAccounts by user-accounts.json, migrateUserTeams by
 * user-teams.json and updateMyProfile by my-profile.json: their bodies arrive checked (server/form-check).
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock } = services;
  return {
    async searchAllUsers(request) {
      return searchManagedUsers(db, callerOf(request), request.query);
    },

    async getUser(request) {
      return recordOf(db, callerOf(request), request.params.userId);
    },

    async createUser(request, reply) {
      const caller = callerOf(request);
      const values = await userValues(services, request, null);
      const { body } = values;
      const email = String(body.email).toLowerCase();
      const role = await assignableRole(db, caller, String(body.roleId), caller.accountType);
      const agencies = values.agencies ? await assignableAgencies(db, caller, values.agencies) : [];
      const now = clock.now();
      const created = await db.transaction(async (tx) => {
        const [existing] = await tx.query<{ id: string; account_id: string; removed_at: Date | null }>(
          'SELECT id, account_id, removed_at FROM users WHERE lower(email) = $1 FOR UPDATE',
          [email],
        );
        // A user removed from this organisation comes back; any other existing address is taken.
        if (existing && !(existing.removed_at && existing.account_id === caller.accountId)) throw new HttpError(409, USER_MESSAGES.emailTaken);
        const columns = [String(body.firstName), String(body.lastName), values.phone, role.id, values.primaryContact, values.billingContact, values.slackHandle];
        let id: string;
        if (existing) {
          await tx.query(
            `UPDATE users SET first_name = $2, last_name = $3, phone = $4, role_id = $5, primary_contact = $6, billing_contact = $7,
               slack_handle = $8, status = 'PENDING_VALIDATION', password_hash = NULL, password_changed_at = NULL, password_expires_at = NULL,
               mfa_type = 'NONE', totp_secret = NULL, totp_last_step = NULL, removed_at = NULL, removed_by = NULL, has_demo_password = false
             WHERE id = $1`,
            [existing.id, ...columns],
          );
          id = existing.id;
        } else {
          const [row] = await tx.query<{ id: string }>(
            `INSERT INTO users (account_id, email, first_name, last_name, phone, role_id, primary_contact, billing_contact, slack_handle,
               status, created_at, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'PENDING_VALIDATION', $10, $11) RETURNING id`,
            [caller.accountId, email, ...columns, now, caller.userId],
          );
          id = row!.id;
        }
        await tx.query(`INSERT INTO team_members (team_id, user_id) SELECT id, $2 FROM teams WHERE account_id = $1 AND is_default ON CONFLICT DO NOTHING`, [caller.accountId, id]);
        await setAgencies(tx, id, agencies);
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'user.create', target: id, address: request.ip,
          detail: { accountId: caller.accountId, email, roleId: role.id, agencies, ...(existing ? { restored: true } : {}) },
        });
        return { id, firstName: String(body.firstName) };
      });
      // After the commit: the confirm-user link (the same one the provider's invitations use) sets the password.
      await sendLinkMail(services, { id: created.id, email, first_name: created.firstName }, 'invite');
      await audit(db, clock, { actorUserId: caller.userId, action: 'user.invite-sent', target: created.id, address: request.ip });
      return reply.code(201).send(await recordOf(db, caller, created.id));
    },

    async updateUser(request) {
      const caller = callerOf(request);
      const { userId } = request.params;
      const current = await managedUser(db, caller, userId);
      assertWithinCaller(caller, current);
      const values = await userValues(services, request, current);
      const { body } = values;
      if (body.email && body.email.toLowerCase() !== current.email.toLowerCase()) throw fieldError('email', USER_MESSAGES.emailFixed);
      const roleId = String(body.roleId);
      if (roleId !== current.role_id) {
        if (current.id === caller.userId) throw fieldError('roleId', USER_MESSAGES.cannotChangeOwnRole);
        await assignableRole(db, caller, roleId, current.account_type);
      }
      const agencies = values.agencies ? await assignableAgencies(db, caller, values.agencies) : null;
      await db.transaction(async (tx) => {
        const locked = await managedUser(tx, caller, userId, true);
        await tx.query(
          `UPDATE users SET first_name = $2, last_name = $3, phone = $4, role_id = $5, primary_contact = $6, billing_contact = $7, slack_handle = $8
           WHERE id = $1`,
          [locked.id, String(body.firstName), String(body.lastName), values.phone, roleId, values.primaryContact, values.billingContact, values.slackHandle],
        );
        if (agencies) await setAgencies(tx, locked.id, agencies);
        const changes: Record<string, unknown> = {};
        if (locked.role_id !== roleId) changes.roleId = { from: locked.role_id, to: roleId };
        for (const [field, before, after] of [
          ['firstName', locked.first_name, body.firstName], ['lastName', locked.last_name, body.lastName], ['phone', locked.phone, values.phone],
          ['primaryContact', locked.primary_contact, values.primaryContact], ['billingContact', locked.billing_contact, values.billingContact],
          ['slackHandle', locked.slack_handle, values.slackHandle],
        ] as const) {
          if ((before ?? null) !== (after ?? null)) changes[field] = { from: before ?? null, to: after ?? null };
        }
        if (agencies && [...(locked.agencies ?? [])].sort().join() !== [...agencies].sort().join()) changes.agencies = { from: locked.agencies ?? [], to: agencies };
        await audit(tx, clock, { actorUserId: caller.userId, action: 'user.update', target: locked.id, address: request.ip, detail: { accountId: locked.account_id, changes } });
      });
      return recordOf(db, caller, userId);
    },

    async deleteUser(request) {
      const caller = callerOf(request);
      const { userId } = request.params;
      if (userId === caller.userId) throw new HttpError(400, USER_MESSAGES.cannotRemoveSelf);
      await db.transaction(async (tx) => {
        const user = await managedUser(tx, caller, userId, true);
        assertWithinCaller(caller, user);
        const now = clock.now();
        await tx.query(
          `UPDATE users SET status = 'DISABLED', removed_at = $2, removed_by = $3, password_hash = NULL, totp_secret = NULL, totp_last_step = NULL,
             avatar_url = NULL WHERE id = $1`,
          [user.id, now, caller.userId],
        );
        // Everything that gave the user access goes; the row stays for the history that names them.
        await tx.query('DELETE FROM user_accounts WHERE user_id = $1', [user.id]);
        await tx.query('DELETE FROM team_members WHERE user_id = $1', [user.id]);
        await tx.query('DELETE FROM user_agencies WHERE user_id = $1', [user.id]);
        await tx.query('DELETE FROM user_pictures WHERE user_id = $1', [user.id]);
        await tx.query('DELETE FROM mfa_enrolments WHERE user_id = $1', [user.id]);
        await tx.query('UPDATE auth_links SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [user.id, now]);
        await revokeUserSessions(tx, clock, user.id);
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'user.remove', target: user.id, address: request.ip,
          detail: { accountId: user.account_id, email: user.email, roleId: user.role_id, accountIds: user.account_ids ?? [] },
        });
      });
      return { message: USER_MESSAGES.removed };
    },

    async listUserAccounts(request) {
      const caller = callerOf(request);
      const { userId } = request.query;
      await managedUser(db, caller, userId);
      return searchUserAccounts(db, caller, userId, request.query);
    },

    async addUserAccounts(request) {
      const caller = callerOf(request);
      const { userId } = request.params;
      const body = checkedBodyOf(request);
      const roleMap = body.accountRoleMap ?? {};
      const teamsMap = body.accountTeamsMap ?? {};
      const accountIds = Object.keys(roleMap);
      if (accountIds.length === 0) throw fieldError('organization', 'Account is required', 'required');
      const user = await managedUser(db, caller, userId);
      assertWithinCaller(caller, user);
      const grants: Array<{ accountId: string; accountName: string; roleId: string; teamIds: string[] }> = [];
      for (const accountId of accountIds) {
        if (accountId === user.account_id) throw fieldError('organization', USER_MESSAGES.ownOrganisation);
        const [account] = await assignableOrganizations(db, caller, { ids: [accountId] }, 1);
        if (!account || !['AGENCY', 'CLUSTER', 'DIGITAL', 'CARRIER', 'CUSTOMER', 'MSSP'].includes(account.accountType)) {
          throw fieldError('organization', USER_MESSAGES.accountNotFound);
        }
        if (body.accountType && accountIds.length === 1 && account.accountType !== body.accountType) {
          throw fieldError('organization', USER_MESSAGES.accountTypeMismatch);
        }
        const role = await assignableRole(db, caller, String(roleMap[accountId]), account.accountType, 'role');
        const teamIds = [...new Set(teamsMap[accountId] ?? [])];
        if (account.accountType === 'AGENCY' && role.teamRealm && teamIds.length === 0) throw fieldError('teams', USER_MESSAGES.teamsRequired, 'required');
        const ofAccount = new Set((await teamsOf(db, accountId)).map((team) => team.id));
        if (teamIds.some((id) => !ofAccount.has(id))) throw fieldError('teams', fill(USER_MESSAGES.teamNotInAccount, { account: account.name }));
        grants.push({ accountId, accountName: account.name, roleId: role.id, teamIds });
      }
      const stray = Object.keys(teamsMap).filter((id) => !(id in roleMap));
      if (stray.length > 0) throw fieldError('teams', USER_MESSAGES.accountNotFound);
      await db.transaction(async (tx) => {
        for (const grant of grants) {
          await tx.query(
            `INSERT INTO user_accounts (user_id, account_id, role_id) VALUES ($1, $2, $3)
             ON CONFLICT (user_id, account_id) DO UPDATE SET role_id = EXCLUDED.role_id`,
            [user.id, grant.accountId, grant.roleId],
          );
          await setTeamsIn(tx, user.id, grant.accountId, grant.teamIds);
          await audit(tx, clock, {
            actorUserId: caller.userId, action: 'membership.added', target: user.id, address: request.ip,
            detail: { accountId: grant.accountId, roleId: grant.roleId, teamIds: grant.teamIds, by: 'admin' },
          });
        }
      });
      return { message: USER_MESSAGES.accountsAdded, accountIds: grants.map((grant) => grant.accountId) };
    },

    async migrateUserTeams(request) {
      const caller = callerOf(request);
      const { userId } = request.params;
      const teamIds = [...new Set(checkedBodyOf(request).teamIds ?? [])];
      const user = await managedUser(db, caller, userId);
      assertWithinCaller(caller, user);
      const ofAccount = new Set((await teamsOf(db, user.account_id)).map((team) => team.id));
      if (teamIds.length === 0) throw fieldError('teamIds', USER_MESSAGES.teamsRequired, 'required');
      if (teamIds.some((id) => !ofAccount.has(id))) throw fieldError('teamIds', fill(USER_MESSAGES.teamNotInAccount, { account: user.account_name }));
      await db.transaction(async (tx) => {
        await setTeamsIn(tx, user.id, user.account_id, teamIds);
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'user.teams-migrate', target: user.id, address: request.ip,
          detail: { accountId: user.account_id, from: (user.teams ?? []).map((team) => team.id), to: teamIds },
        });
      });
      return recordOf(db, caller, userId);
    },

    async listAccountRoles(request) {
      const caller = callerOf(request);
      const { accountType, accountId, assignableOnly } = request.query;
      let type: string = accountType ?? caller.accountType;
      if (accountId) {
        const account = await findVisibleAccount(db, caller, accountId);
        if (!account) throw notFound(MESSAGES.accountNotFound);
        type = account.account_type;
      }
      const roles = await rolesOfType(db, caller, type);
      return { content: assignableOnly ? roles.filter((role) => role.assignable) : roles };
    },

    async listAssignableOrganizations(request) {
      const caller = callerOf(request);
      const { accountType, search } = request.query;
      return { content: await assignableOrganizations(db, caller, { accountType, search: search?.trim() || undefined }) };
    },

    async listAssignableTeams(request) {
      const caller = callerOf(request);
      const { accountId = caller.accountId } = request.query;
      const account = await findVisibleAccount(db, caller, accountId);
      if (!account) throw notFound(MESSAGES.accountNotFound);
      return { content: await teamsOf(db, account.id) };
    },

    async listAssignableAgencies(request) {
      return { content: await assignableOrganizations(db, callerOf(request), { accountType: 'AGENCY' }, 1000) };
    },

    async resetUserPassword(request) {
      const caller = callerOf(request);
      const user = await findManagedUser(db, caller, { email: request.params.id });
      if (!user) throw notFound(USER_MESSAGES.notFound);
      assertWithinCaller(caller, user);
      if (user.status === 'DISABLED') throw new HttpError(409, USER_MESSAGES.deactivated);
      // The same one-time link as 'forgot password': the password stays until the user chooses a new one.
      const sent = await sendLinkMail(services, { id: user.id, email: user.email, first_name: user.first_name }, 'passwordReset');
      if (!sent) throw new HttpError(429, USER_MESSAGES.resetSentRecently, {}, { 'retry-after': '60' });
      await audit(db, clock, { actorUserId: caller.userId, action: 'password.reset-sent-by-staff', target: user.id, address: request.ip, detail: { accountId: user.account_id } });
      return { message: fill(USER_MESSAGES.resetSent, { email: user.email }) };
    },

    async updateMyProfile(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const phone = storedPhone(body.phone, editionOf(request));
      await db.transaction(async (tx) => {
        const [user] = await tx.query<{ first_name: string; last_name: string; phone: string | null; mfa_type: string }>(
          'SELECT first_name, last_name, phone, mfa_type FROM users WHERE id = $1 FOR UPDATE',
          [caller.userId],
        );
        if (!user) throw notFound(USER_MESSAGES.notFound);
        if (!phone && user.mfa_type === 'SMS') throw fieldError('phone', USER_MESSAGES.phoneNeededForCodes);
        await tx.query('UPDATE users SET first_name = $2, last_name = $3, phone = $4 WHERE id = $1', [caller.userId, String(body.firstName), String(body.lastName), phone]);
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'user.profile-update', target: caller.userId, address: request.ip,
          detail: { firstName: body.firstName, lastName: body.lastName, phone: { from: user.phone, to: phone } },
        });
      });
      const user = await getCurrentUser(db, caller.userId);
      if (!user) throw notFound(USER_MESSAGES.notFound);
      return { ...user, role: { id: caller.roleId, name: caller.roleName } };
    },
  };
};
