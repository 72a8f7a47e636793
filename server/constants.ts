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
