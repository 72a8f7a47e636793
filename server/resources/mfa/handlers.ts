import type { components } from '../../../api/schema.d.ts';
import { MFA_RESET_ERRORS } from '../../../api/error-catalogue.ts';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { sendLinkMail } from '../../auth/link-mail.ts';
import { consumeLink } from '../../auth/links.ts';
import { checkCode, issueCode, type CodeCheck } from '../../auth/one-time-codes.ts';
import { revokeUserSessions } from '../../auth/refresh-tokens.ts';
import { SIGN_IN_MESSAGES, signIn } from '../../auth/sign-in.ts';
import { guardSignIn } from '../../auth/sign-in-guard.ts';
import {
  authenticatorSetup, checkAuthenticatorCode, decryptTotpSecret, encryptTotpSecret, matchingConsecutiveSteps, newTotpSecret,
} from '../../auth/totp.ts';
import { MFA_CODE_TTL_MS, MFA_ENROLMENT_TTL_MS } from '../../constants.ts';
import { HttpError, MESSAGES, notFound, unauthorized } from '../../http/http-error.ts';
import { findUserForSignIn } from '../../repositories/users.ts';
import type { Services } from '../../services.ts';
import type { HandlerModule } from '../../contract/handlers.ts';

type MfaType = components['schemas']['MfaType'];
type MfaReauthRequest = components['schemas']['MfaReauthRequest'];

export const MFA_MESSAGES = {
  disabled: 'Multi-factor authentication is off.',
  enforced: 'Your account requires multi-factor authentication, so it cannot be switched off.',
  noPhone: 'Add a phone number to your profile before choosing text messages.',
  scanCode: 'Scan the QR code with your authenticator app, then enter two consecutive codes from the app.',
  codeSentByEmail: 'A verification code has been sent to your email address. It is valid for 5 minutes.',
  codeSentByText: 'A verification code has been sent to your phone. It is valid for 5 minutes.',
  enabled: 'Multi-factor authentication is on.',
  noEnrolment: 'No multi-factor change is in progress, or it has expired. Please start again.',
  noAuthenticatorEnrolment: 'No authenticator app set-up is in progress. Please choose the authenticator app again.',
  twoCodes: 'Enter two consecutive codes from your authenticator app.',
  codesDoNotMatch: 'The codes do not match. Wait for a new code in the app, then enter two consecutive codes.',
  resetSent: 'An email has been sent to you. Please follow the instructions to reset your MFA.',
  resetLinkInvalid: 'The MFA reset link has expired or was used already.',
  resetDone: 'Your multi-factor authentication has been reset. You can now sign in without it.',
  reauthNeeded: 'Please confirm it is you: enter your password (or a code from your authenticator app) to change multi-factor authentication.',
  reauthWrong: 'The password or code is not correct, so multi-factor authentication was not changed.',
} as const;

const ENROLMENT_CODE_FAILURES: Record<Exclude<CodeCheck, 'ok'>, string> = {
  wrong: SIGN_IN_MESSAGES.codeWrong,
  missing: MFA_MESSAGES.noEnrolment,
  expired: 'The verification code has expired. Please start again to receive a new code.',
  exhausted: 'Too many incorrect verification codes. Please start again to receive a new code.',
};

interface MfaUser {
  id: string;
  email: string;
  phone: string | null;
  enforce_mfa: boolean;
  mfa_type: MfaType;
  password_hash: string | null;
}

async function mfaUser(services: Services, userId: string): Promise<MfaUser> {
  const [row] = await services.db.query<MfaUser>(
    `SELECT u.id, u.email, u.phone, a.enforce_mfa, u.mfa_type, u.password_hash
     FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.id = $1`,
    [userId],
  );
  if (!row) throw unauthorized(MESSAGES.sessionExpired);
  return row;
}

async function pendingEnrolment(services: Services, userId: string) {
  const [row] = await services.db.query<{ mfa_type: Exclude<MfaType, 'NONE'>; totp_secret: string | null; expires_at: Date }>(
    'SELECT mfa_type, totp_secret, expires_at FROM mfa_enrolments WHERE user_id = $1',
    [userId],
  );
  if (!row || new Date(row.expires_at).getTime() <= services.clock.now().getTime()) return null;
  return row;
}

/**
 * While MFA is on, removing or replacing it needs the password or a current authenticator code: a stolen
 * access token alone must not be able to switch the second factor off or move it to the thief's device.
 * Wrong passwords count like failed sign-ins (the same throttle), so this is no way around it.
 */
async function confirmIdentity(services: Services, user: MfaUser, proof: MfaReauthRequest | undefined, address: string): Promise<void> {
  if (user.mfa_type === 'NONE') return;
  if (!proof?.password && !proof?.mfaCode) throw new HttpError(400, MFA_MESSAGES.reauthNeeded);
  const guard = await guardSignIn(services, { email: user.email.toLowerCase(), address, attempt: 'mfa.update' });
  const confirmed = proof.password
    ? await services.hasher.verify(user.password_hash, proof.password)
    : user.mfa_type === 'GOOGLE' && (await checkAuthenticatorCode(services, user.id, proof.mfaCode!));
  if (!confirmed) {
    await guard.fail();
    await audit(services.db, services.clock, { actorUserId: user.id, action: 'mfa.update-refused', target: user.id, address });
    throw new HttpError(400, MFA_MESSAGES.reauthWrong);
  }
}

/** MFA enrolment (signed in), the sign-in code resend, and MFA reset by password and e-mailed link. */
export const handlers: HandlerModule = (services) => ({
  async updateMfa(request) {
    const caller = callerOf(request);
    const { mfaType } = request.query;
    const user = await mfaUser(services, caller.userId);
    const { db, clock } = services;
    if (mfaType === 'NONE' && user.enforce_mfa) throw new HttpError(400, MFA_MESSAGES.enforced);
    await confirmIdentity(services, user, request.body, request.ip);

    if (mfaType === 'NONE') {
      await db.transaction(async (tx) => {
        await tx.query(`UPDATE users SET mfa_type = 'NONE', totp_secret = NULL, totp_last_step = NULL WHERE id = $1`, [user.id]);
        await tx.query('DELETE FROM mfa_enrolments WHERE user_id = $1', [user.id]);
        await audit(tx, clock, { actorUserId: caller.userId, action: 'mfa.disabled', target: user.id, address: request.ip });
      });
      return { mfaType, status: 'DISABLED', message: MFA_MESSAGES.disabled };
    }
    if (mfaType === 'SMS' && !user.phone) throw new HttpError(400, MFA_MESSAGES.noPhone);

    const secret = mfaType === 'GOOGLE' ? newTotpSecret() : null;
    const now = clock.now();
    await db.query(
      `INSERT INTO mfa_enrolments (user_id, mfa_type, totp_secret, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET mfa_type = EXCLUDED.mfa_type, totp_secret = EXCLUDED.totp_secret,
         created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at`,
      [user.id, mfaType, secret ? await encryptTotpSecret(services, secret) : null, now, new Date(now.getTime() + MFA_ENROLMENT_TTL_MS)],
    );
    await audit(db, clock, { actorUserId: caller.userId, action: 'mfa.enrolment-started', target: user.id, detail: { mfaType }, address: request.ip });
    if (secret) {
      return { mfaType, status: 'PENDING', message: MFA_MESSAGES.scanCode, authenticator: await authenticatorSetup(secret, user.email) };
    }
    const code = await issueCode(db, clock, user.id, 'mfa-enrol');
    const text = `Your Cyber Console code to turn on multi-factor authentication is ${code}. It expires in ${MFA_CODE_TTL_MS / 60_000} minutes.`;
    if (mfaType === 'SMS' && user.phone) {
      await services.mailer.sendText({ to: user.phone, text });
      return { mfaType, status: 'PENDING', message: MFA_MESSAGES.codeSentByText };
    }
    await services.mailer.sendMail({ to: user.email, subject: 'Your verification code', text });
    return { mfaType, status: 'PENDING', message: MFA_MESSAGES.codeSentByEmail };
  },

  async getAuthenticatorSetup(request) {
    const caller = callerOf(request);
    const enrolment = await pendingEnrolment(services, caller.userId);
    const secret = enrolment?.mfa_type === 'GOOGLE' && enrolment.totp_secret ? await decryptTotpSecret(services, enrolment.totp_secret) : null;
    if (!secret) throw notFound(MFA_MESSAGES.noAuthenticatorEnrolment);
    return authenticatorSetup(secret, caller.email);
  },

  async verifyMfa(request) {
    const caller = callerOf(request);
    const { mfa1, mfa2 } = request.body;
    const enrolment = await pendingEnrolment(services, caller.userId);
    if (!enrolment) throw new HttpError(400, MFA_MESSAGES.noEnrolment);
    const { db, clock } = services;
    let lastStep: number | null = null;
    if (enrolment.mfa_type === 'GOOGLE') {
      if (!mfa2) throw new HttpError(400, MFA_MESSAGES.twoCodes);
      const secret = enrolment.totp_secret ? await decryptTotpSecret(services, enrolment.totp_secret) : null;
      if (!secret) throw new HttpError(400, MFA_MESSAGES.noEnrolment);
      lastStep = await matchingConsecutiveSteps(secret, mfa1, mfa2, Math.floor(clock.now().getTime() / 1000));
      if (lastStep === null) throw new HttpError(400, MFA_MESSAGES.codesDoNotMatch);
    } else {
      const check = await checkCode(db, clock, caller.userId, 'mfa-enrol', mfa1);
      if (check !== 'ok') throw new HttpError(400, ENROLMENT_CODE_FAILURES[check]);
    }
    await db.transaction(async (tx) => {
      await tx.query(
        'UPDATE users SET mfa_type = $2, totp_secret = $3, totp_last_step = $4 WHERE id = $1',
        [caller.userId, enrolment.mfa_type, enrolment.mfa_type === 'GOOGLE' ? enrolment.totp_secret : null, lastStep],
      );
      await tx.query('DELETE FROM mfa_enrolments WHERE user_id = $1', [caller.userId]);
      await audit(tx, clock, { actorUserId: caller.userId, action: 'mfa.enabled', target: caller.userId, detail: { mfaType: enrolment.mfa_type }, address: request.ip });
    });
    return { mfaType: enrolment.mfa_type, status: 'ENABLED', message: MFA_MESSAGES.enabled };
  },

  async resendMfaCode(request) {
    const result = await signIn(services, request.body, request.ip, { codeOnly: true });
    if (result.kind !== 'mfa') throw new HttpError(400, SIGN_IN_MESSAGES.mfaNotEnabled);
    return { mfaType: result.mfaType, message: result.message };
  },

  async resetMfa(request) {
    // Checked first by the reset-mfa form (its binding.submit); the credentials are read as sent, like login's.
    const { username, password } = request.body;
    const { db, clock } = services;
    const email = username.trim().toLowerCase();
    const address = request.ip;
    const guard = await guardSignIn(services, { email, address, attempt: 'mfa.reset' }, {
      addressThrottled: MFA_RESET_ERRORS.default, pairLocked: MFA_RESET_ERRORS.invalidCredentials,
    });
    const user = await findUserForSignIn(db, email);
    const passwordOk = await services.hasher.verify(user?.password_hash ?? null, password);
    if (!user || !passwordOk || user.status !== 'ACTIVE') {
      await guard.fail();
      await audit(db, clock, { actorUserId: user?.id, action: 'mfa.reset-refused', target: email, address });
      throw unauthorized(MFA_RESET_ERRORS.invalidCredentials);
    }
    if (user.mfa_type !== 'NONE' && (await sendLinkMail(services, user, 'mfaReset'))) {
      await audit(db, clock, { actorUserId: user.id, action: 'mfa.reset-requested', target: user.id, address });
    }
    return { message: MFA_MESSAGES.resetSent };
  },

  async validateMfaReset(request) {
    const { token } = request.params;
    await services.db.transaction(async (tx) => {
      const used = await consumeLink(tx, services.clock, token, 'MFA_RESET');
      if (used.status !== 'ok') throw notFound(MFA_MESSAGES.resetLinkInvalid);
      const userId = used.link.user_id;
      await tx.query(`UPDATE users SET mfa_type = 'NONE', totp_secret = NULL, totp_last_step = NULL WHERE id = $1`, [userId]);
      await tx.query('DELETE FROM mfa_enrolments WHERE user_id = $1', [userId]);
      // Whoever held a session through the lost factor is signed out.
      await revokeUserSessions(tx, services.clock, userId);
      await audit(tx, services.clock, { actorUserId: userId, action: 'mfa.reset', target: userId, address: request.ip });
    });
    return { message: MFA_MESSAGES.resetDone };
  },
});
