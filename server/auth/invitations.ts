import type { components } from '../../api/schema.d.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { sha256 } from './secure-random.ts';

/** Sign-up and join links sent by provider staff (spec 000 section 2), stored by the SHA-256 of their token. */
export interface InvitationRow {
  id: string;
  token_type: components['schemas']['InvitationTokenType'];
  email: string;
  first_name: string | null;
  last_name: string | null;
  account_type: components['schemas']['AccountType'];
  account_id: string | null;
  role_id: string | null;
  redirect_url: string | null;
  code_hash: string | null;
  code_failures: number;
  expires_at: Date;
  used_at: Date | null;
  created_by: string | null;
}

export async function findInvitation(db: Queryable, token: string, lock = false): Promise<InvitationRow | null> {
  const [row] = await db.query<InvitationRow>(
    `SELECT id, token_type, email, first_name, last_name, account_type, account_id, role_id, redirect_url, code_hash,
            code_failures, expires_at, used_at, created_by
     FROM invitations WHERE token_hash = $1${lock ? ' FOR UPDATE' : ''}`,
    [sha256(token)],
  );
  return row ?? null;
}

export function isLive(services: { clock: Clock }, row: InvitationRow | null): row is InvitationRow {
  return !!row && !row.used_at && new Date(row.expires_at).getTime() > services.clock.now().getTime();
}
