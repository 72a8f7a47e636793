import type { components } from '../../api/schema.d.ts';
import { LOGIN_ERRORS } from '../../api/error-catalogue.ts';
import { audit } from '../audit.ts';
import { MFA_CODE_TTL_MS } from '../constants.ts';
import { HttpError, MESSAGES } from '../http/http-error.ts';
import { findUserForSignIn, type SignInUserRow } from '../repositories/users.ts';
import type { Services } from '../services.ts';
import { issueRefreshToken, type IssuedRefreshToken } from './refresh-tokens.ts';
import { checkCode, issueCode, type CodeCheck } from './one-time-codes.ts';
import { guardSignIn } from './sign-in-guard.ts';
import { sendLinkMail } from './link-mail.ts';
import { resolveSessionContext, type SessionContext } from './session-context.ts';
import { checkAuthenticatorCode } from './totp.ts';
import { roleDefinition } from './roles.ts';

type LoginRequest = components['schemas']['LoginRequest'];
type TokenPair = components['schemas']['TokenPair'];
type MfaType = components['schemas']['MfaType'];

export const SIGN_IN_MESSAGES = {
  invalidCredentials: LOGIN_ERRORS.invalidCredentials,
  deactivated: 'Your user account has been deactivated. Please contact your account administrator.',
  pendingValidation: 'Your email address has not been validated yet. Please use the link in the validation email we sent you, or request a new one.',
  passwordExpired: 'Your password has expired',
  codeSentByEmail: 'A verification code has been sent to your email address. It is valid for 5 minutes.',
  codeSentByText: 'A verification code has been sent to your phone. It is valid for 5 minutes.',
  authenticatorCode: 'Enter the code from your authenticator app.',
  codeWrong: 'The verification code is incorrect. Please try again.',
  codeExpired: 'The verification code has expired. Please sign in again to receive a new code.',
  codeExhausted: 'Too many incorrect verification codes. Please sign in again to receive a new code.',
  mfaNotEnabled: 'Multi-factor authentication is not enabled for this user.',
} as const;

export type SignInResult = { kind: 'tokens'; tokens: TokenPair } | { kind: 'mfa'; mfaType: MfaType; message: string };

type TokenContext = Pick<SessionContext, 'accountId' | 'accountType' | 'subscriberType' | 'roleId'>;

/**
 * Access token plus a refresh token of a new or existing family. The token names the account the session
 * acts in and the subscriber type (the user's own account type); scopes come from the role's data.
 */
export async function issueTokenPair(
  services: Services,
  userId: string,
  refresh: IssuedRefreshToken,
  context: TokenContext,
  workflowId: string | null = null,
): Promise<TokenPair> {
  const [role] = await services.db.query<{ token_scopes: string[] | null }>('SELECT token_scopes FROM roles WHERE id = $1', [context.roleId]);
  const scopes = [`role:${context.roleId}`, ...(role?.token_scopes ?? [])];
  const accessToken = await services.accessTokens.issue({
    sub: userId,
    accountId: context.accountId,
    accountType: context.accountType,
    subscriberType: context.subscriberType,
    // A team-realm role (server/auth/roles.ts) works within its teams; every other role across the account.
    realm: roleDefinition(context.roleId)?.teamRealm ? 'TEAM' : 'ACCOUNT',
    scopes,
    sid: refresh.familyId,
    ...(workflowId ? { workflowId } : {}),
  });
  return {
    accessToken,
    refreshToken: refresh.token,
    expiresIn: services.accessTokens.ttlSeconds,
    refreshExpiresIn: refresh.expiresInSeconds,
    rememberDevice: refresh.rememberDevice,
  };
}

/**
 * Opens a new session (a new refresh-token family) for a user in their own account or, with `accountId`,
 * in an account they may enter (switch, or jump for provider users). 404 when the account is out of reach.
 */
export async function startSession(
  services: Services,
  userId: string,
  options: { accountId?: string | null; workflowId?: string | null; rememberDevice?: boolean } = {},
): Promise<TokenPair> {
  const context = await resolveSessionContext(services.db, userId, options.accountId ?? null);
  if (!context) throw new HttpError(404, MESSAGES.accountNotFound);
  const refresh = await issueRefreshToken(services.db, services.clock, userId, options.rememberDevice === true, undefined, {
    accountId: context.entry === 'HOME' ? null : context.accountId,
    workflowId: options.workflowId ?? null,
  });
  return issueTokenPair(services, userId, refresh, context, options.workflowId ?? null);
}

const CODE_FAILURES: Record<Exclude<CodeCheck, 'ok'>, string> = {
  wrong: SIGN_IN_MESSAGES.codeWrong,
  missing: SIGN_IN_MESSAGES.codeExpired,
  expired: SIGN_IN_MESSAGES.codeExpired,
  exhausted: SIGN_IN_MESSAGES.codeExhausted,
};

/**
 * Sign-in as the spec answers it: 200 tokens; 307 when an MFA code is needed (and sent); 412 e-mail not
 * validated; 418 password expired; 401 wrong credentials or code; 409 deactivated, or too many failures for
 * the account from this address; 429 too many attempts from the address. Account states are only revealed
 * after the password matched.
 */
export async function signIn(
  services: Services,
  input: LoginRequest,
  address: string,
  options: { codeOnly?: boolean } = {},
): Promise<SignInResult> {
  const { db, clock } = services;
  const email = input.username.trim().toLowerCase();

  const guard = await guardSignIn(services, { email, address, attempt: 'login' });

  const fail = async (status: number, message: string, user: SignInUserRow | null, reason: string): Promise<never> => {
    await guard.fail();
    await audit(db, clock, { actorUserId: user?.id, action: 'login.failure', target: email, detail: { reason }, address });
    throw new HttpError(status, message);
  };

  const user = await findUserForSignIn(db, email);
  const passwordOk = await services.hasher.verify(user?.password_hash ?? null, input.password);
  if (!user || !passwordOk) return fail(401, SIGN_IN_MESSAGES.invalidCredentials, user, 'credentials');

  if (user.status === 'DISABLED') throw new HttpError(409, SIGN_IN_MESSAGES.deactivated);
  if (user.status === 'PENDING_VALIDATION') throw new HttpError(412, SIGN_IN_MESSAGES.pendingValidation);
  if (user.password_expires_at && new Date(user.password_expires_at).getTime() <= clock.now().getTime()) {
    // The user has a login (the password matched), so the reset link goes to their mailbox (spec 000 /password-expired).
    if (await sendLinkMail(services, { id: user.id, email: user.email, first_name: user.first_name }, 'passwordExpired')) {
      await audit(db, clock, { actorUserId: user.id, action: 'password.expired-link-sent', target: user.id, address });
    }
    throw new HttpError(418, SIGN_IN_MESSAGES.passwordExpired);
  }

  if (options.codeOnly && user.mfa_type === 'NONE') throw new HttpError(400, SIGN_IN_MESSAGES.mfaNotEnabled);
  if (user.mfa_type !== 'NONE') {
    if (!input.mfaCode || options.codeOnly) return { kind: 'mfa', mfaType: user.mfa_type, message: await sendCode(services, user) };
    if (user.mfa_type === 'GOOGLE') {
      if (!(await checkAuthenticatorCode(services, user.id, input.mfaCode))) return fail(401, SIGN_IN_MESSAGES.codeWrong, user, 'mfa-google');
    } else {
      const check = await checkCode(db, clock, user.id, 'login', input.mfaCode);
      if (check !== 'ok') return fail(401, CODE_FAILURES[check], user, `mfa-${check}`);
    }
  }

  await guard.succeed();
  const refresh = await issueRefreshToken(db, clock, user.id, input.rememberDevice === true);
  await audit(db, clock, { actorUserId: user.id, action: 'login.success', target: email, address });
  const context = { accountId: user.account_id, accountType: user.account_type, subscriberType: user.account_type, roleId: user.role_id };
  return { kind: 'tokens', tokens: await issueTokenPair(services, user.id, refresh, context) };
}

/** Sends a fresh login code by the user's MFA channel; returns what the 307 answer says. */
async function sendCode(services: Services, user: SignInUserRow): Promise<string> {
  if (user.mfa_type === 'GOOGLE') return SIGN_IN_MESSAGES.authenticatorCode;
  const code = await issueCode(services.db, services.clock, user.id, 'login');
  const minutesValid = MFA_CODE_TTL_MS / 60_000;
  const text = `Your Cyber Console verification code is ${code}. It expires in ${minutesValid} minutes. If you did not try to sign in, change your password.`;
  if (user.mfa_type === 'SMS' && user.phone) {
    await services.mailer.sendText({ to: user.phone, text });
    return SIGN_IN_MESSAGES.codeSentByText;
  }
  await services.mailer.sendMail({ to: user.email, subject: 'Your verification code', text });
  return SIGN_IN_MESSAGES.codeSentByEmail;
}
