import { randomInt } from 'node:crypto';
import type { components } from '../../../api/schema.d.ts';
import { JOIN_ERRORS, TOKEN_LINK_ERRORS } from '../../../api/error-catalogue.ts';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { assertAcceptablePassword } from '../../auth/password-set.ts';
import { randomToken, sha256 } from '../../auth/secure-random.ts';
import { PROVIDER_ACCOUNT_TYPE } from '../../auth/session-context.ts';
import { startSession } from '../../auth/sign-in.ts';
import { INVITATION_CODE_MAX_FAILURES, INVITATION_TTL_MS } from '../../constants.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError, MESSAGES, forbidden, notFound } from '../../http/http-error.ts';
import type { Services } from '../../services.ts';
import { editionOf, type HandlerModule } from '../../contract/handlers.ts';
import { findInvitation, isLive } from '../../auth/invitations.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { withKnownFields, type KnownFields } from '../../form-check/known-fields.ts';
import { publicLink } from '../../mail/public-link.ts';

type TokenType = components['schemas']['InvitationTokenType'];

export const SIGNUP_MESSAGES = {
  badCode: 'The invitation code is not valid. Please contact support to get one.',
  codeAttemptsExhausted: 'Too many incorrect invitation codes. Please contact support for a new invitation.',
  accountTypeMismatch: 'The account type does not match the invitation.',
  userExists: 'A user with this email address already exists. Please sign in.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  inviteeExists: 'A user with this email address already exists. Send an invitation for an existing user instead.',
  inviteeMissing: 'No user has this email address. Send an invitation for a new user instead.',
  accountTypeRequired: 'accountType is a required field for NEW_ACCOUNT invitations',
  accountTypeNotAllowed: 'Organisations of type {type} cannot be created by sign-up.',
  accountIdRequired: 'accountId is a required field for {type} invitations',
  accountIdNotAllowed: 'accountId must not be given for NEW_ACCOUNT invitations',
  roleMismatch: "The role '{role}' does not belong to {type} accounts.",
} as const;

/** Token types whose invitee is a new user, and what the sign-up page does with each (spec 000 section 2). */
const JOIN_TYPES: readonly TokenType[] = ['EXISTING_ACCOUNT', 'QUOTE_SENT_NEW_USER', 'QUOTE_LINK_NEW_AGENT'];
const NEW_USER_TYPES: readonly TokenType[] = ['NEW_ACCOUNT', ...JOIN_TYPES];
/** Provider and placeholder organisations are never created by a public sign-up. */
const NOT_BY_SIGNUP = [PROVIDER_ACCOUNT_TYPE, 'UNKNOWN'];
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';


function invitationCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

function codeHash(code: string): string {
  return sha256(code.trim().toUpperCase().replace(/[\s-]/g, ''));
}

async function adminRoleOf(db: Queryable, accountType: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `SELECT id FROM roles WHERE account_type = $1 ORDER BY (id LIKE '%-super-admin') DESC, (id LIKE '%-admin') DESC, id LIMIT 1`,
    [accountType],
  );
  return row?.id ?? null;
}

async function userExists(db: Queryable, email: string): Promise<{ id: string; account_id: string; account_type: string } | null> {
  const [row] = await db.query<{ id: string; account_id: string; account_type: string }>(
    'SELECT u.id, u.account_id, a.account_type FROM users u JOIN accounts a ON a.id = u.account_id WHERE lower(u.email) = lower($1)',
    [email],
  );
  return row ?? null;
}

const SUBJECTS: Record<TokenType, string> = {
  NEW_ACCOUNT: 'You are invited to sign up',
  EXISTING_ACCOUNT: 'You are invited to join your team',
  EXISTING_USER: 'You have been given access to an account',
  QUOTE_SENT_NEW_USER: 'A quote has been sent to you',
  QUOTE_SENT_EXISTING_USER: 'A quote has been sent to you',
  QUOTE_LINK_NEW_AGENT: 'A quote is waiting for you',
  QUOTE_LINK_EXISTING_AGENT: 'A quote is waiting for you',
};

/** Creates the user of a sign-up or join inside `tx`; 412 when the address was taken meanwhile. */
async function insertUser(
  tx: Queryable,
  services: Services,
  user: { accountId: string; email: string; firstName: string; lastName: string; roleId: string; npn: string | null; passwordHash: string },
): Promise<string> {
  const now = services.clock.now();
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO users (account_id, email, first_name, last_name, npn, role_id, password_hash, password_changed_at, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'ACTIVE', $8)
     ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
    [user.accountId, user.email, user.firstName, user.lastName, user.npn, user.roleId, user.passwordHash, now],
  );
  if (!row) throw new HttpError(412, SIGNUP_MESSAGES.userExists);
  await tx.query(
    `INSERT INTO team_members (team_id, user_id) SELECT id, $2 FROM teams WHERE account_id = $1 AND is_default`,
    [user.accountId, row.id],
  );
  return row.id;
}

/**
 * The account type the sign-up link is for: the sign-up definition's rules read `accountType`, and the link,
 * not the body (which may leave it out), says which type signs up.
 */
function accountTypeOfLink(services: Services): KnownFields {
  return async (request) => {
    const { query } = request;
    const token = typeof query === 'object' && query !== null && 'validationToken' in query ? query.validationToken : undefined;
    const found = typeof token === 'string' ? await findInvitation(services.db, token) : null;
    return found ? { accountType: found.account_type } : {};
  };
}

/** Invitations (provider staff), the sign-up landing page's token lookup, sign-up and join. */
export const handlers: HandlerModule = (services) => ({
  async createInvitation(request, reply) {
    const caller = callerOf(request);
    // Provider staff as themselves only: not while inside another account.
    if (caller.subscriberType !== PROVIDER_ACCOUNT_TYPE || caller.accountType !== PROVIDER_ACCOUNT_TYPE) throw forbidden();
    const body = request.body;
    const email = body.email.trim().toLowerCase();
    const existing = await userExists(services.db, email);
    const forNewUser = NEW_USER_TYPES.includes(body.tokenType);
    if (forNewUser && existing) throw new HttpError(409, SIGNUP_MESSAGES.inviteeExists);
    if (!forNewUser && !existing) throw new HttpError(409, SIGNUP_MESSAGES.inviteeMissing);

    let accountType: string;
    let accountId: string | null = null;
    // The link opens the edition the new organisation signs up in (the host of the sign-up page decides it),
    // or the existing organisation's own.
    let edition = editionOf(request);
    let roleId: string | null;
    if (body.tokenType === 'NEW_ACCOUNT') {
      if (!body.accountType) throw new HttpError(400, SIGNUP_MESSAGES.accountTypeRequired);
      if (body.accountId) throw new HttpError(400, SIGNUP_MESSAGES.accountIdNotAllowed);
      if (NOT_BY_SIGNUP.includes(body.accountType)) {
        throw new HttpError(400, SIGNUP_MESSAGES.accountTypeNotAllowed.replace('{type}', body.accountType));
      }
      accountType = body.accountType;
      roleId = await adminRoleOf(services.db, accountType);
    } else {
      if (!body.accountId && JOIN_TYPES.includes(body.tokenType)) {
        throw new HttpError(400, SIGNUP_MESSAGES.accountIdRequired.replace('{type}', body.tokenType));
      }
      const targetId = body.accountId ?? existing?.account_id ?? null;
      const [account] = await services.db.query<{ id: string; account_type: string; edition: 'us' | 'uk' }>(
        'SELECT id, account_type, edition FROM accounts WHERE id = $1', [targetId],
      );
      if (!account) throw notFound(MESSAGES.accountNotFound);
      accountId = account.id;
      edition = account.edition;
      accountType = account.account_type;
      roleId = body.roleId ?? (await adminRoleOf(services.db, accountType));
      const [role] = await services.db.query<{ account_type: string }>('SELECT account_type FROM roles WHERE id = $1', [roleId]);
      if (!role || role.account_type !== accountType) {
        throw new HttpError(400, SIGNUP_MESSAGES.roleMismatch.replace('{role}', String(roleId)).replace('{type}', accountType));
      }
    }

    const token = randomToken();
    const code = body.tokenType === 'NEW_ACCOUNT' ? invitationCode() : null;
    const now = services.clock.now();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    const invitation = await services.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO invitations (token_hash, token_type, email, first_name, last_name, account_type, account_id, role_id,
           redirect_url, code_hash, created_by, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
        [sha256(token), body.tokenType, email, body.firstName ?? null, body.lastName ?? null, accountType, accountId, roleId,
          body.redirectURL ?? null, code ? codeHash(code) : null, caller.userId, now, expiresAt],
      );
      if (!row) throw new Error('The invitation was not stored');
      // An existing user invited to another account becomes a member only when they accept (acceptInvitation).
      await audit(tx, services.clock, {
        actorUserId: caller.userId, action: 'invitation.create', target: email, detail: { invitationId: row.id, tokenType: body.tokenType, accountType, accountId },
        address: request.ip,
      });
      return row;
    });

    const url = publicLink(services.config, edition, `/signup-validation/${token}`);
    const greeting = body.firstName ? `Hello ${body.firstName},` : 'Hello,';
    const codeLine = code ? '\n\nYou will also need the invitation code that our support team gives you.' : '';
    await services.mailer.sendMail({
      to: email,
      subject: SUBJECTS[body.tokenType],
      text: `${greeting}\n\nPlease follow this link to continue:\n${url}${codeLine}\n\nThe link expires in ${Math.round(INVITATION_TTL_MS / 86_400_000)} days.`,
    });
    return reply.code(201).send({
      id: invitation.id, tokenType: body.tokenType, email, accountType, accountId, expiresAt: expiresAt.toISOString(),
      ...(code ? { invitationCode: code } : {}),
    });
  },

  async getValidationToken(request) {
    const { token } = request.params;
    const row = await findInvitation(services.db, token);
    if (!row) throw notFound(TOKEN_LINK_ERRORS.linkExpired);
    if (!isLive(services, row)) throw new HttpError(400, TOKEN_LINK_ERRORS.linkExpired);
    return {
      tokenType: row.token_type, accountType: row.account_type, email: row.email,
      firstName: row.first_name, lastName: row.last_name, redirectURL: row.redirect_url,
    };
  },

  signUp: withKnownFields(accountTypeOfLink(services), async (request) => {
    const { validationToken } = request.query;
    const body = request.body;
    const found = await findInvitation(services.db, validationToken);
    if (!isLive(services, found)) throw new HttpError(412, TOKEN_LINK_ERRORS.linkExpired);
    if (found.token_type !== 'NEW_ACCOUNT') throw new HttpError(412, JOIN_ERRORS.authorizationFailed);
    if (body.accountType && body.accountType !== found.account_type) throw new HttpError(412, SIGNUP_MESSAGES.accountTypeMismatch);
    if (!found.code_hash || codeHash(body.invitationCode) !== found.code_hash) {
      const [counted] = await services.db.query<{ code_failures: number }>(
        `UPDATE invitations SET code_failures = code_failures + 1,
           used_at = CASE WHEN code_failures + 1 >= $2 THEN $3::timestamptz ELSE used_at END
         WHERE id = $1 RETURNING code_failures`,
        [found.id, INVITATION_CODE_MAX_FAILURES, services.clock.now()],
      );
      await audit(services.db, services.clock, { action: 'signup.bad-code', target: found.email, address: request.ip });
      const exhausted = (counted?.code_failures ?? 0) >= INVITATION_CODE_MAX_FAILURES;
      throw new HttpError(412, exhausted ? SIGNUP_MESSAGES.codeAttemptsExhausted : SIGNUP_MESSAGES.badCode);
    }
    // The sign-up definition decided the NPN (its rule npn-for-producers): required of producers in the US,
    // left out where the form hides it (CUSTOMER accounts, the UK edition).
    const npn = checkedBodyOf(request).npn ?? null;
    const edition = editionOf(request);
    assertAcceptablePassword(body.password);
    if (await userExists(services.db, found.email)) throw new HttpError(412, SIGNUP_MESSAGES.userExists);
    const passwordHash = await services.hasher.hash(body.password);
    const roleId = found.role_id ?? (await adminRoleOf(services.db, found.account_type));
    if (!roleId) throw new HttpError(412, JOIN_ERRORS.authorizationFailed);

    const userId = await services.db.transaction(async (tx) => {
      const locked = await findInvitation(tx, validationToken, true);
      if (!isLive(services, locked)) throw new HttpError(412, TOKEN_LINK_ERRORS.linkExpired);
      const now = services.clock.now();
      const [account] = await tx.query<{ id: string }>(
        `INSERT INTO accounts (name, account_type, edition, npn, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [body.organization.trim(), found.account_type, edition, found.account_type === 'CUSTOMER' ? null : npn, now],
      );
      if (!account) throw new Error('The account was not stored');
      await tx.query(`INSERT INTO teams (account_id, name, is_default) VALUES ($1, 'Default Team', true)`, [account.id]);
      const id = await insertUser(tx, services, {
        accountId: account.id, email: found.email, firstName: body.firstName.trim(), lastName: body.lastName.trim(), roleId,
        npn: found.account_type === 'CUSTOMER' ? null : npn, passwordHash,
      });
      await tx.query('UPDATE invitations SET used_at = $2 WHERE id = $1', [found.id, now]);
      await audit(tx, services.clock, { actorUserId: id, action: 'account.create', target: account.id, detail: { via: 'signup', invitationId: found.id }, address: request.ip });
      await audit(tx, services.clock, { actorUserId: id, action: 'user.create', target: id, detail: { via: 'signup', accountId: account.id }, address: request.ip });
      return id;
    });
    const tokens = await startSession(services, userId);
    return { ...tokens, redirectURL: found.redirect_url, accountType: found.account_type };
  }),

  async joinAccount(request) {
    const { validationToken } = request.query;
    const body = request.body;
    const found = await findInvitation(services.db, validationToken);
    if (!isLive(services, found)) throw notFound(JOIN_ERRORS.setupLinkExpired);
    if (!JOIN_TYPES.includes(found.token_type) || !found.account_id || !found.role_id) {
      throw new HttpError(412, JOIN_ERRORS.authorizationFailed);
    }
    const names = found.token_type === 'EXISTING_ACCOUNT'
      ? { first: body.firstName?.trim(), last: body.lastName?.trim() }
      : { first: body.firstName?.trim() || found.first_name, last: body.lastName?.trim() || found.last_name };
    if (!names.first) throw new HttpError(400, SIGNUP_MESSAGES.firstNameRequired);
    if (!names.last) throw new HttpError(400, SIGNUP_MESSAGES.lastNameRequired);
    assertAcceptablePassword(body.password);
    if (await userExists(services.db, found.email)) throw new HttpError(412, JOIN_ERRORS.authorizationFailed);
    const passwordHash = await services.hasher.hash(body.password);
    const { account_id: accountId, role_id: roleId } = found;

    const userId = await services.db.transaction(async (tx) => {
      const locked = await findInvitation(tx, validationToken, true);
      if (!isLive(services, locked)) throw notFound(JOIN_ERRORS.setupLinkExpired);
      const id = await insertUser(tx, services, {
        accountId, email: found.email, firstName: String(names.first), lastName: String(names.last), roleId, npn: null, passwordHash,
      });
      await tx.query('UPDATE invitations SET used_at = $2 WHERE id = $1', [found.id, services.clock.now()]);
      await audit(tx, services.clock, { actorUserId: id, action: 'user.create', target: id, detail: { via: 'join', accountId, invitationId: found.id }, address: request.ip });
      return id;
    });
    const tokens = await startSession(services, userId);
    return { ...tokens, redirectURL: found.redirect_url, accountType: found.account_type };
  },
});
