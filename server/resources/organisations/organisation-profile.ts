import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import { ORGANISATION_TEXTS } from './organisation-types.ts';

/** What an organisation holds beyond its account row (organisation_profiles); undefined leaves a field as it is. */
export interface ProfileFields {
  description?: string | null;
  hostname?: string | null;
  domain?: string | null;
  agencyCode?: string | null;
  contactFirstName?: string | null;
  contactLastName?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
  phone?: string | null;
  address1?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  additionalBrokerFee?: number | null;
}

const COLUMNS: Readonly<Record<keyof ProfileFields, string>> = {
  description: 'description',
  hostname: 'hostname',
  domain: 'domain',
  agencyCode: 'agency_code',
  contactFirstName: 'contact_first_name',
  contactLastName: 'contact_last_name',
  contactEmail: 'contact_email',
  contactPhone: 'contact_phone',
  phone: 'phone',
  address1: 'address1',
  city: 'city',
  state: 'state',
  zipCode: 'zip_code',
  additionalBrokerFee: 'additional_broker_fee',
};

/** Host names are compared and stored in lower case. */
export function normaliseHostname(hostname: string | null | undefined): string | null {
  const trimmed = hostname?.trim().toLowerCase();
  return trimmed ? trimmed : null;
}

/** 409 when another organisation already uses the host name. */
export async function assertHostnameFree(db: Queryable, hostname: string | null, exceptAccountId?: string): Promise<void> {
  if (!hostname) return;
  const [row] = await db.query<{ taken: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM organisation_profiles WHERE lower(hostname) = lower($1) AND ($2::uuid IS NULL OR account_id <> $2::uuid)) AS taken`,
    [hostname, exceptAccountId ?? null],
  );
  if (row?.taken) throw new HttpError(409, ORGANISATION_TEXTS.hostnameTaken);
}

/**
 * Writes the fields given (undefined ones stay as they are) to the organisation's profile, creating the
 * profile row the first time (organisations seeded before profiles existed have none).
 */
export async function writeProfile(tx: Queryable, clock: Clock, accountId: string, fields: ProfileFields, actorUserId: string | null): Promise<void> {
  const now = clock.now();
  const given = (Object.keys(COLUMNS) as (keyof ProfileFields)[]).filter((key) => fields[key] !== undefined);
  const columns = given.map((key) => COLUMNS[key]);
  const values = given.map((key) => fields[key] ?? null);
  const insertColumns = ['account_id', 'created_at', 'created_by', 'modified_at', 'modified_by', ...columns];
  const placeholders = insertColumns.map((_, index) => `$${index + 1}`);
  const updates = ['modified_at = EXCLUDED.modified_at', 'modified_by = EXCLUDED.modified_by', ...columns.map((column) => `${column} = EXCLUDED.${column}`)];
  try {
    await tx.query(
      `INSERT INTO organisation_profiles (${insertColumns.join(', ')}) VALUES (${placeholders.join(', ')})
       ON CONFLICT (account_id) DO UPDATE SET ${updates.join(', ')}`,
      [accountId, now, actorUserId, now, actorUserId, ...values],
    );
  } catch (error) {
    // Two saves of one host name at once: the unique index decides.
    if ((error as { code?: string }).code === '23505') throw new HttpError(409, ORGANISATION_TEXTS.hostnameTaken);
    throw error;
  }
}
