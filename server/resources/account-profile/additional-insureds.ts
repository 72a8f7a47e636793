import type { Queryable } from '../../db/database.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import { normalisePostcode, type Edition } from '../accounts/address-rules.ts';

/**
 * An account's additional insureds (migration 166; spec 002 section 5 'Additional insureds: businessName,
 * address1, city, state, zipCode, naicsCode required; address2 optional'). The form checks the fields
 * (definitions/forms/additional-insured.json); this module stores and lists them.
 */

interface InsuredRow {
  id: string;
  account_id: string;
  edition: Edition;
  business_name: string;
  address1: string;
  address2: string | null;
  address3: string | null;
  city: string;
  state: string | null;
  zip_code: string;
  industry_code: string;
  created_at: Date;
  modified_at: Date;
}

export function toAdditionalInsured(row: InsuredRow) {
  const code = Number(row.industry_code);
  return {
    id: row.id,
    accountId: row.account_id,
    businessName: row.business_name,
    address1: row.address1,
    address2: row.address2,
    address3: row.address3,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    industryCode: row.industry_code,
    ...(row.edition === 'uk' ? { sicCode: code, naicsCode: null } : { naicsCode: code, sicCode: null }),
    created: new Date(row.created_at).toISOString(),
    modified: new Date(row.modified_at).toISOString(),
  };
}

const SELECT = 'i.*, a.edition';
const FROM = 'account_additional_insureds i JOIN accounts a ON a.id = i.account_id';

const INSUREDS: ListSpec<InsuredRow, ReturnType<typeof toAdditionalInsured>> = {
  select: SELECT,
  from: FROM,
  sorts: {
    businessName: 'lower(i.business_name)', city: 'lower(i.city)', state: 'i.state', zipCode: 'i.zip_code', industryCode: 'i.industry_code',
    modified: 'i.modified_at',
  },
  defaultSort: { field: 'businessName', direction: 'asc' },
  tieBreak: ['i.id'],
  search: ['i.business_name', 'i.city', 'i.zip_code'],
  toItem: toAdditionalInsured,
};

export function listAdditionalInsureds(db: Queryable, accountId: string, query: ListRequest) {
  return listPage(db, INSUREDS, query, (params) => `i.account_id = ${params.add(accountId, 'uuid')}`);
}

/** One additional insured with the id of its account (whose tenant the caller checks next), or null. */
export async function findAdditionalInsured(db: Queryable, id: string, lock = false): Promise<InsuredRow | null> {
  const [row] = await db.query<InsuredRow>(`SELECT ${SELECT} FROM ${FROM} WHERE i.id = $1::uuid${lock ? ' FOR UPDATE OF i' : ''}`, [id]);
  return row ?? null;
}

export interface InsuredValues {
  businessName: string;
  address1: string;
  address2: string | null;
  address3: string | null;
  city: string;
  state: string | null;
  zipCode: string;
  industryCode: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The checked body as values to store, in the edition's shape (the form has made the required ones present). */
export function insuredValuesOf(body: Readonly<Record<string, unknown>>, edition: Edition, industryCode: string): InsuredValues {
  const zip = text(body.zipCode) ?? '';
  return {
    businessName: text(body.businessName) ?? '',
    address1: text(body.address1) ?? '',
    address2: text(body.address2),
    address3: edition === 'uk' ? text(body.address3) : null,
    city: text(body.city) ?? '',
    state: edition === 'us' ? (text(body.state)?.toUpperCase() ?? null) : null,
    zipCode: edition === 'uk' ? normalisePostcode(zip) : zip,
    industryCode,
  };
}

export async function insertAdditionalInsured(db: Queryable, accountId: string, values: InsuredValues, userId: string | null, at: Date): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO account_additional_insureds (account_id, business_name, address1, address2, address3, city, state, zip_code, industry_code,
       created_at, created_by, modified_at, modified_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10, $11) RETURNING id`,
    [accountId, values.businessName, values.address1, values.address2, values.address3, values.city, values.state, values.zipCode, values.industryCode, at, userId],
  );
  return row!.id;
}

export async function updateAdditionalInsured(db: Queryable, id: string, values: InsuredValues, userId: string | null, at: Date): Promise<void> {
  await db.query(
    `UPDATE account_additional_insureds SET business_name = $2, address1 = $3, address2 = $4, address3 = $5, city = $6, state = $7, zip_code = $8,
       industry_code = $9, modified_at = $10, modified_by = $11 WHERE id = $1`,
    [id, values.businessName, values.address1, values.address2, values.address3, values.city, values.state, values.zipCode, values.industryCode, at, userId],
  );
}
