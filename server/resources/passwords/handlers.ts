import type { FastifyReply } from 'fastify';
import type { components } from '../../../api/schema.d.ts';
import { TOKEN_LINK_ERRORS } from '../../../api/error-catalogue.ts';
import { audit } from '../../audit.ts';
import { issueChallenge, redeemProof } from '../../auth/captcha.ts';
import { sendLinkMail } from '../../auth/link-mail.ts';
import { consumeLink, findLink, type LinkLookup, type LinkPurpose } from '../../auth/links.ts';
import { assertAcceptablePassword, storePassword } from '../../auth/password-set.ts';
import { SIGN_IN_MESSAGES, startSession } from '../../auth/sign-in.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Services } from '../../services.ts';
import type { HandlerModule } from '../../contract/handlers.ts';


export const PASSWORD_MESSAGES = {
  /** Spec 000 /forgot-password success text; the same whether or not the address has a user. */
  resetSent: 'An email has been sent to you. Please follow the instructions to reset your password.',
  /** Spec 000 /resend-validation text, shown whatever the outcome. */
  validationSent: 'A validation email has been sent to your email address',
  passwordSetSignInWithCode: 'Your password has been saved. Please sign in with your new password and your verification code.',
} as const;

interface LinkUser {
  id: string;
  email: string;
  first_name: string;
  status: string;
  mfa_type: components['schemas']['MfaType'];
}

async function userOf(services: Services, userId: string): Promise<LinkUser | null> {
  const [row] = await services.db.query<LinkUser>(
    'SELECT id, email, first_name, status, mfa_type FROM users WHERE id = $1',
    [userId],
  );
  return row ?? null;
}

/** 404 for an unknown link, 400 for an expired or used one (both read as 'expired' by the pages). */
function linkFailure(lookup: LinkLookup): HttpError {
  return new HttpError(lookup.status === 'unknown' ? 404 : 400, TOKEN_LINK_ERRORS.resetLinkExpired);
}

async function checkLink(services: Services, token: string, purpose: LinkPurpose) {
  const lookup = await findLink(services.db, services.clock, token, purpose);
  if (lookup.status !== 'ok') throw linkFailure(lookup);
  const user = await userOf(services, lookup.link.user_id);
  if (!user || user.status === 'DISABLED') throw linkFailure({ status: 'unknown' });
  return { email: user.email, firstName: user.first_name };
}

/**
 * Sets the password a link allows (invited user, or password reset), then signs in. The link is checked
 * before the slow hash and used up inside the transaction that stores the password, so two tabs racing
 * with the same link cannot both succeed. A user with MFA is sent to sign in with their code (307).
 */
async function setPasswordByLink(
  services: Services,
  reply: FastifyReply,
  token: string,
  password: string,
  purpose: 'INVITE' | 'PASSWORD_RESET',
  address: string,
) {
  const lookup = await findLink(services.db, services.clock, token, purpose);
  if (lookup.status !== 'ok') throw linkFailure(lookup);
  assertAcceptablePassword(password);
  const passwordHash = await services.hasher.hash(password);
  const user = await services.db.transaction(async (tx) => {
    const used = await consumeLink(tx, services.clock, token, purpose);
    if (used.status !== 'ok') throw linkFailure(used);
    const [row] = await tx.query<LinkUser>('SELECT id, email, first_name, status, mfa_type FROM users WHERE id = $1 FOR UPDATE', [used.link.user_id]);
    if (!row) throw linkFailure({ status: 'unknown' });
    if (row.status === 'DISABLED') throw new HttpError(409, SIGN_IN_MESSAGES.deactivated);
    await storePassword(tx, services, {
      userId: row.id, passwordHash, activate: true, address,
      action: purpose === 'INVITE' ? 'user.confirmed' : 'password.reset',
    });
    return row;
  });
  if (user.mfa_type !== 'NONE') {
    return reply.code(307).send({ mfaType: user.mfa_type, message: PASSWORD_MESSAGES.passwordSetSignInWithCode });
  }
  const tokens = await startSession(services, user.id);
  await audit(services.db, services.clock, { actorUserId: user.id, action: 'login.success', target: user.email, detail: { via: purpose }, address });
  return reply.code(200).send(tokens);
}

/** E-mails a reset link to the address's user, if there is one; the caller answers the same either way. */
async function sendResetIfUser(services: Services, email: string, address: string): Promise<void> {
  const [user] = await services.db.query<LinkUser>(
    'SELECT id, email, first_name, status, mfa_type FROM users WHERE lower(email) = lower($1)',
    [email.trim()],
  );
  if (!user || user.status === 'DISABLED') return;
  if (await sendLinkMail(services, user, 'passwordReset')) {
    await audit(services.db, services.clock, { actorUserId: user.id, action: 'password.reset-requested', target: user.id, address });
  }
}

/** Confirm-user and password-reset links, the forgot-password request with its captcha, resend validation. */
export const handlers: HandlerModule = (services) => ({
  async checkUserInvited(request) {
    const { id } = request.params;
    return checkLink(services, id, 'INVITE');
  },

  async validateUserInvited(request, reply) {
    const { id } = request.params;
    const { password } = request.body;
    return setPasswordByLink(services, reply, id, password, 'INVITE', request.ip);
  },

  async checkPasswordReset(request) {
    const { id } = request.params;
    return checkLink(services, id, 'PASSWORD_RESET');
  },

  async validatePasswordReset(request, reply) {
    const { id } = request.params;
    const { password } = request.body;
    return setPasswordByLink(services, reply, id, password, 'PASSWORD_RESET', request.ip);
  },

  async getCaptchaChallenge(_request, reply) {
    return reply.header('cache-control', 'no-store').send(await issueChallenge(services));
  },

  async forgotPassword(request) {
    const { email, captcha } = request.body;
    await redeemProof(services, captcha);
    await sendResetIfUser(services, email, request.ip);
    return { message: PASSWORD_MESSAGES.resetSent };
  },

  async requestPasswordReset(request) {
    const { id } = request.params;
    const { captchaResponse } = request.query;
    const cut = captchaResponse.lastIndexOf('~');
    await redeemProof(services, cut > 0 ? { challenge: captchaResponse.slice(0, cut), nonce: captchaResponse.slice(cut + 1) } : null);
    await sendResetIfUser(services, id, request.ip);
    return { message: PASSWORD_MESSAGES.resetSent };
  },

  async resendValidationEmail(request) {
    const { email } = request.params;
    const [user] = await services.db.query<LinkUser>(
      `SELECT id, email, first_name, status, mfa_type FROM users WHERE lower(email) = lower($1) AND status = 'PENDING_VALIDATION'`,
      [email.trim()],
    );
    if (user && (await sendLinkMail(services, user, 'invite'))) {
      await audit(services.db, services.clock, { actorUserId: user.id, action: 'user.validation-resent', target: user.id, address: request.ip });
    }
    return { message: PASSWORD_MESSAGES.validationSent };
  },
});
