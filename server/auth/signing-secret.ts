import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';

const JWT_SECRET_NAME = 'jwt-hs256';

/**
 * A 64-byte key by name, generated on first use and kept in the database, so every instance behind a load
 * balancer uses the same key and no secret lives in the repository.
 */
export async function loadServerSecret(db: Queryable, clock: Clock, name: string): Promise<Uint8Array> {
  await db.query(
    'INSERT INTO server_secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING',
    [name, randomBytes(64).toString('base64url'), clock.now()],
  );
  const [row] = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name]);
  if (!row) throw new Error(`The server secret '${name}' could not be stored`);
  return new Uint8Array(Buffer.from(row.value, 'base64url'));
}

/** The HS256 signing key of access tokens. */
export function loadSigningSecret(db: Queryable, clock: Clock): Promise<Uint8Array> {
  return loadServerSecret(db, clock, JWT_SECRET_NAME);
}
