import { createCipheriv, createDecipheriv, randomBytes, timingSafeEqual } from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Queryable } from '../db/database.ts';
import type { Services } from '../services.ts';
import { loadServerSecret } from './signing-secret.ts';

/**
 * Authenticator-app codes (TOTP, RFC 6238: SHA-1, 6 digits, 30-second steps), the kind Google Authenticator
 * shows. Secrets are stored encrypted (AES-256-GCM with a key kept in server_secrets), and the last step
 * accepted is remembered so a code seen over someone's shoulder cannot be used again.
 */

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ISSUER = 'Cyber Console';
const KEY_NAME = 'totp-aes-256-gcm';

export function newTotpSecret(): string {
  return generateSecret();
}

async function keyOf(services: Services): Promise<Buffer> {
  return Buffer.from(await loadServerSecret(services.db, services.clock, KEY_NAME)).subarray(0, 32);
}

export async function encryptTotpSecret(services: Services, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(services), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

export async function decryptTotpSecret(services: Services, stored: string): Promise<string | null> {
  return decryptWith(await keyOf(services), stored);
}

function decryptWith(key: Buffer, stored: string): string | null {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export interface AuthenticatorSetup {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

/** What the enrolment page shows: the secret to type in, and the same as a QR code (PNG data URL). */
export async function authenticatorSetup(secret: string, label: string): Promise<AuthenticatorSetup> {
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label, secret });
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauthUrl, qrCode };
}

function stepOf(epochSeconds: number): number {
  return Math.floor(epochSeconds / TOTP_PERIOD_SECONDS);
}

function sameCode(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * The time step at which `code` is valid, accepting one step either side for clock drift, and only steps
 * after `afterStep`; null when it matches none.
 */
export async function matchingStep(secret: string, code: string, epochSeconds: number, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret, token: code, epoch: epochSeconds, epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  }).catch(() => ({ valid: false as const }));
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Enrolment proof: two consecutive codes of the app (the current one, then the next). Proves the app holds
 * the secret and its clock is right. Returns the step of the second code, or null.
 */
export async function matchingConsecutiveSteps(secret: string, first: string, second: string, epochSeconds: number): Promise<number | null> {
  const now = stepOf(epochSeconds);
  // The first code may be up to three steps old by the time the second one appears and is typed.
  for (let step = now - 3; step <= now; step += 1) {
    const codeAt = (s: number) => generate({ secret, epoch: s * TOTP_PERIOD_SECONDS });
    if (sameCode(await codeAt(step), first) && sameCode(await codeAt(step + 1), second)) return step + 1;
  }
  return null;
}

/** Checks a sign-in code against the user's stored secret; a match is remembered and cannot be replayed. */
export async function checkAuthenticatorCode(services: Services, userId: string, code: string): Promise<boolean> {
  // The key is read before the transaction: PGlite has one connection, which the transaction holds.
  const key = await keyOf(services);
  return services.db.transaction(async (tx: Queryable) => {
    const [row] = await tx.query<{ totp_secret: string | null; totp_last_step: number | null }>(
      'SELECT totp_secret, totp_last_step FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    if (!row?.totp_secret) return false;
    const secret = decryptWith(key, row.totp_secret);
    if (!secret) return false;
    const step = await matchingStep(secret, code, Math.floor(services.clock.now().getTime() / 1000), row.totp_last_step);
    if (step === null) return false;
    await tx.query('UPDATE users SET totp_last_step = $2 WHERE id = $1', [userId, step]);
    return true;
  });
}
