import { audit } from '../audit.ts';
import { HttpError } from '../http/http-error.ts';
import type { Services } from '../services.ts';
import { clearFailures, failuresOf, lockedFor, pairKey, recordFailure, slowdownMs } from './throttle.ts';

export const GUARD_MESSAGES = {
  pairLocked: 'Too many failed sign-in attempts for this account from your network. Please try again in {minutes} minutes or reset your password.',
  addressThrottled: 'Too many sign-in attempts from your network. Please try again in {minutes} minutes.',
} as const;

/** A wait in seconds as the whole minutes a message names (at least 1). */
export function waitMinutes(seconds: number): string {
  return String(Math.max(1, Math.ceil(seconds / 60)));
}

export interface SignInGuard {
  /** Counts a failed attempt against the address, the (account, address) pair and the account. */
  fail(): Promise<void>;
  /** A success clears the pair's count (the address keeps its own: it may be spraying other accounts). */
  succeed(): Promise<void>;
}

/**
 * Every password check (sign-in, code resend, MFA reset) passes here first: an address over its limit gets
 * 429 with Retry-After, an (account, address) pair over its limit 409, both audited; an account under
 * attack from many addresses is only slowed down, so the right password from a new address still works.
 */
export async function guardSignIn(
  services: Services,
  input: { email: string; address: string; attempt: string },
  messages: { addressThrottled?: string; pairLocked?: string } = {},
): Promise<SignInGuard> {
  const { db, clock } = services;
  const { email, address, attempt } = input;
  const pair = pairKey(email, address);

  const refuse = async (status: 429 | 409, reason: string, waitSeconds: number, message: string): Promise<never> => {
    await audit(db, clock, { action: `${attempt}.refused`, target: email, detail: { reason, waitSeconds }, address });
    throw new HttpError(status, message.replace('{minutes}', waitMinutes(waitSeconds)), {}, { 'retry-after': String(waitSeconds) });
  };
  const addressWait = await lockedFor(db, clock, 'address', address);
  if (addressWait > 0) await refuse(429, 'address-throttled', addressWait, messages.addressThrottled ?? GUARD_MESSAGES.addressThrottled);
  const pairWait = await lockedFor(db, clock, 'account-address', pair);
  if (pairWait > 0) await refuse(409, 'locked', pairWait, messages.pairLocked ?? GUARD_MESSAGES.pairLocked);

  const delay = slowdownMs(await failuresOf(db, clock, 'account', email));
  if (delay > 0) await clock.sleep(delay);

  return {
    async fail() {
      await recordFailure(db, clock, 'address', address);
      await recordFailure(db, clock, 'account-address', pair);
      await recordFailure(db, clock, 'account', email);
    },
    succeed: () => clearFailures(db, 'account-address', pair),
  };
}
