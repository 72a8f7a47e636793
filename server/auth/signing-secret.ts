import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';

const JWT_SECRET_NAME = 'jwt-hs256';

/**
 * The HS256 signing key: generated on first start and kept in the database, so every instance behind a load
 * balancer signs and verifies with the same key and no secret lives in the repository.
 */
export async function loadSigningSecret(db: Queryable, clock: Clock): Promise<Uint8Array> {
  await db.query(
    'INSERT INTO server_secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING',
    [JWT_SECRET_NAME, randomBytes(64).toString('base64url'), clock.now()],
  );
  const [row] = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [JWT_SECRET_NAME]);
  if (!row) throw new Error('The JWT signing secret could not be stored');
  return new Uint8Array(Buffer.from(row.value, 'base64url'));
}
