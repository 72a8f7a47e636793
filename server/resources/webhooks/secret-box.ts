import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { loadServerSecret } from '../../auth/signing-secret.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';

/**
 * A webhook's client secret is needed again (the edit dialog shows it; a delivery presents it to the
 * receiver), so it cannot be hashed: it is sealed with AES-256-GCM under a key kept in server_secrets,
 * as authenticator secrets are (server/auth/totp.ts). A copy of the database alone does not reveal it.
 */
const KEY_NAME = 'webhook-secret-aes-256-gcm';

/** Read the key before a transaction: PGlite has one connection, which the transaction holds. */
export async function webhookSecretKey(db: Queryable, clock: Clock): Promise<Buffer> {
  return Buffer.from(await loadServerSecret(db, clock, KEY_NAME)).subarray(0, 32);
}

export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The secret, or null when the stored text is not one this key sealed (tampered, or another key). */
export function openSecret(key: Buffer, stored: string): string | null {
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
