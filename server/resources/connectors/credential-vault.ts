import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { loadServerSecret } from '../../auth/signing-secret.ts';

/**
 * A connection's credentials (a token, a user and password, an API key, or the OAuth tokens the provider
 * gave) are sealed with AES-256-GCM under a key kept in server_secrets, as authenticator secrets are
 * (server/auth/totp.ts). They are opened only to call the tool's provider and never leave the server.
 */

const KEY_NAME = 'connector-credentials-aes-256-gcm';

export interface OAuthCredentials {
  kind: 'oauth';
  accessToken: string;
  refreshToken: string | null;
  /** ISO instant the access token stops working. */
  expiresAt: string;
  scope: string;
}

export type Credentials =
  | OAuthCredentials
  | { kind: 'token'; token: string }
  | { kind: 'apiKey'; apiKey: string }
  | { kind: 'userPassword'; username: string; password: string };

/** The sealing key; read it before a transaction (PGlite has one connection, which a transaction holds). */
export async function vaultKey(db: Queryable, clock: Clock): Promise<Buffer> {
  return Buffer.from(await loadServerSecret(db, clock, KEY_NAME)).subarray(0, 32);
}

export function sealCredentials(key: Buffer, credentials: Credentials): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The credentials, or null when the stored text was not sealed with this key (or was altered). */
export function openCredentials(key: Buffer, stored: string): Credentials | null {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    return JSON.parse(text) as Credentials;
  } catch {
    return null;
  }
}
