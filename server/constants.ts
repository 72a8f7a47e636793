/**
 * Server constants, each in one place. Spec 000 section 9 gives the console version and the code length;
 * the others are ours (the spec does not show them) and chosen as a professional platform would.
 */
import { DAY, HOUR, MINUTE } from './clock.ts';

export const CONSOLE_VERSION = '2.467.1';

export const ACCESS_TOKEN_TTL_MS = 15 * MINUTE;
/** Refresh token lifetime of a browser session (not remembered). Each rotation restarts it. */
export const SESSION_REFRESH_TTL_MS = 12 * HOUR;
/** Refresh token lifetime when the user ticked remember-this-device. */
export const REMEMBERED_REFRESH_TTL_MS = 30 * DAY;

export const MFA_CODE_LENGTH = 6;
export const MFA_CODE_TTL_MS = 5 * MINUTE;
export const MFA_CODE_MAX_ATTEMPTS = 3;

/** Failed sign-ins for one account within the window before it is locked for the lock period. */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Failed sign-ins from one address within the window before that address is refused. */
export const ADDRESS_FAILURE_LIMIT = 20;
export const THROTTLE_WINDOW_MS = 15 * MINUTE;
export const THROTTLE_LOCK_MS = 15 * MINUTE;

/** Password rules (the sign-up placeholder says minimum 8 characters). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const DEMO_PASSWORD = 'Demo-Password-2026!';

/** Sign-up and join links (invitations). */
export const INVITATION_TTL_MS = 7 * DAY;
/** Wrong invitation codes before a NEW_ACCOUNT invitation is void. */
export const INVITATION_CODE_MAX_FAILURES = 5;
/** Confirm-user links (invited user sets a password; also the validation e-mail). */
export const INVITE_LINK_TTL_MS = 7 * DAY;
export const PASSWORD_RESET_TTL_MS = HOUR;
export const MFA_RESET_TTL_MS = HOUR;
/** One-time tokens that open a session in another account (jump, switch, /loading/{token}). */
export const ENTER_TOKEN_TTL_MS = 2 * MINUTE;
/** A link of the same kind is not e-mailed again to the same user within this time (no mail bombing). */
export const LINK_RESEND_INTERVAL_MS = MINUTE;
/** An MFA change started with PUT mfa/update must be verified within this time. */
export const MFA_ENROLMENT_TTL_MS = 10 * MINUTE;

/**
 * Proof-of-work captcha: sha256(salt + nonce) must start with this many zero bits. 14 bits is about 16,000
 * hashes on average, well under a second in a browser, yet it makes scripted bulk requests costly.
 */
export const CAPTCHA_DIFFICULTY_BITS = 14;
export const CAPTCHA_TTL_MS = 5 * MINUTE;
