import { audit } from '../../audit.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import { managesClients } from '../../tenancy/tenant-scope.ts';
import {
  ACCOUNT_TEXTS, checkAccountName, checkAddress, checkIndustryCode, normaliseDomain, normalisePhone,
  type AddressInput, type Edition, type FieldFault,
} from './address-rules.ts';
import { verifyAddress } from './address-verifier.ts';

/** A business (CUSTOMER) account to create under an agency (spec 001 sections 3 and 5). */
export interface NewBusinessAccount {
  /** The managing agency (an AGENCY or DIGITAL account); the new account's edition is the agency's. */
  agencyId: string;
  name: string;
  locationAlias?: string | null;
  /** A team of the agency; the agency's default team when left out. */
  teamId?: string | null;
  /** A user of the agency who looks after the account. */
  agentUserId?: string | null;
  /** address1 (required, trimmed), address2, address3 (UK), city (Town/City), state (US), zipCode (Postcode). */
  address: AddressInput;
  /** US 10 digits (+1 optional); UK 10 digits after +44 or the trunk 0. */
  phone?: string | null;
  /** The primary web domain ('acme.com'; a URL is reduced to its host). */
  domainName?: string | null;
  /** naicsCode (US) or sicCode (UK), 2 to 6 digits. */
  industryCode?: string | null;
  /** The company directory entry the account was picked from. */
  cbid?: string | null;
  contact?: { firstName?: string | null; lastName?: string | null; email?: string | null; phone?: string | null } | null;
  /**
   * Create even though the address verifier could not verify the address. Only a provider admin may
   * (spec 001 section 5 'The confirm override is allowed only for the provider's own admin account'):
   * refused with 403 unless `actor.mayConfirmUnverifiedAddress`.
   */
  confirmUnverifiedAddress?: boolean;
}

/** Who creates the account, for the audit log and the address override. */
export interface AccountActor {
  userId: string | null;
  /** The request's IP address, when there is a request. */
  ip?: string | null;
  /** Where the account came from: 'dialog', 'lookup', 'bulk-upload', ... (kept in the audit entry). */
  source: string;
  /** A provider admin (Super Admin): may confirm an address the verifier could not verify. */
  mayConfirmUnverifiedAddress?: boolean;
}

export interface CreatedBusinessAccount {
  accountId: string;
  name: string;
  agencyId: string;
  teamId: string;
  agentUserId: string | null;
  edition: Edition;
}

export const CREATE_ACCOUNT_TEXTS = {
  duplicate: 'An account with this name already exists at this address.',
  duplicateDirectoryEntry: 'This company is already one of your accounts.',
  unknownAgent: 'The selected agent is not a user of this agency.',
  unverifiedAddress: 'Unable to verify address',
  overrideForbidden: 'Only a provider administrator can confirm an address that could not be verified.',
} as const;

const refuse = (faults: FieldFault[]) =>
  new HttpError(400, faults[0]!.message, { errors: faults.map((fault) => ({ field: fault.field, message: fault.message })) });

/**
 * Creates a business account with its details (address, phone, domain, industry code, team, agent) in
 * one transaction, audited as 'account.create'. Throws HttpError: 400 with the faults by field, 409 when
 * the agency already has the account (same name at the same Zip Code/Postcode, or the same directory
 * entry), 422 'Unable to verify address' with the unverified fields, 403 for an override by anyone but a
 * provider admin. The caller decides which agency it may create under (the tenant rule).
 */
export async function createBusinessAccount(db: Database, clock: Clock, input: NewBusinessAccount, actor: AccountActor): Promise<CreatedBusinessAccount> {
  return db.transaction((tx) => insertBusinessAccount(tx, clock, input, actor));
}

/** createBusinessAccount inside a transaction the caller already holds (to add more in the same one). */
export async function insertBusinessAccount(tx: Queryable, clock: Clock, input: NewBusinessAccount, actor: AccountActor): Promise<CreatedBusinessAccount> {
  // The agency row is locked so two creations of the same account under one agency cannot both pass the duplicate check.
  const [agency] = await tx.query<{ id: string; account_type: string; edition: Edition }>(
    'SELECT id, account_type, edition FROM accounts WHERE id = $1::uuid FOR UPDATE',
    [input.agencyId],
  );
  if (!agency || !managesClients(agency.account_type)) throw refuse([{ field: 'agency', message: ACCOUNT_TEXTS.agencyRequired }]);
  const edition = agency.edition;

  const faults: FieldFault[] = [];
  const name = checkAccountName(input.name);
  if ('fault' in name) faults.push(name.fault);
  const address = checkAddress(input.address, edition);
  if ('faults' in address) faults.push(...address.faults);
  let phone: string | null = null;
  if (input.phone && input.phone.trim()) {
    phone = normalisePhone(input.phone, edition);
    if (!phone) faults.push({ field: 'phone', message: edition === 'uk' ? ACCOUNT_TEXTS.phoneUk : ACCOUNT_TEXTS.phoneUs });
  }
  let domain: string | null = null;
  if (input.domainName && input.domainName.trim()) {
    domain = normaliseDomain(input.domainName);
    if (!domain) faults.push({ field: 'domainName', message: ACCOUNT_TEXTS.invalidDomain });
  }
  let industryCode: string | null = null;
  if (input.industryCode && String(input.industryCode).trim()) {
    industryCode = checkIndustryCode(String(input.industryCode));
    if (!industryCode) faults.push({ field: 'industryCode', message: ACCOUNT_TEXTS.invalidIndustryCode });
  }
  let contactPhone: string | null = null;
  if (input.contact?.phone && input.contact.phone.trim()) {
    contactPhone = normalisePhone(input.contact.phone, edition);
    if (!contactPhone) faults.push({ field: 'contactPhone', message: edition === 'uk' ? ACCOUNT_TEXTS.phoneUk : ACCOUNT_TEXTS.phoneUs });
  }

  const [team] = input.teamId
    ? await tx.query<{ id: string }>('SELECT id FROM teams WHERE id = $1::uuid AND account_id = $2', [input.teamId, agency.id])
    : await tx.query<{ id: string }>('SELECT id FROM teams WHERE account_id = $1 ORDER BY is_default DESC, name LIMIT 1', [agency.id]);
  if (!team) faults.push({ field: 'team', message: ACCOUNT_TEXTS.teamRequired });
  if (input.agentUserId) {
    const [agent] = await tx.query<{ id: string }>('SELECT id FROM users WHERE id = $1::uuid AND account_id = $2', [input.agentUserId, agency.id]);
    if (!agent) faults.push({ field: 'agent', message: CREATE_ACCOUNT_TEXTS.unknownAgent });
  }
  if (faults.length || 'fault' in name || 'faults' in address) throw refuse(faults);

  const checked = address.address;
  const verification = verifyAddress(checked, edition);
  let confirmedBy: string | null = null;
  if (!verification.verified) {
    if (!input.confirmUnverifiedAddress) {
      throw new HttpError(422, CREATE_ACCOUNT_TEXTS.unverifiedAddress, {
        detail: verification.localizedErrorFieldNames.join(', '),
        errors: verification.errorFields.map((field, index) => ({ code: 'ADDRESS_UNVERIFIED', field, message: verification.localizedErrorFieldNames[index] })),
      });
    }
    if (!actor.mayConfirmUnverifiedAddress) throw new HttpError(403, CREATE_ACCOUNT_TEXTS.overrideForbidden);
    confirmedBy = actor.userId;
  }

  const [duplicate] = await tx.query<{ id: string; same_cbid: boolean }>(
    `SELECT a.id, (d.cbid IS NOT NULL AND d.cbid = $4) AS same_cbid
     FROM accounts a JOIN account_details d ON d.account_id = a.id
     WHERE a.agency_id = $1 AND a.account_type = 'CUSTOMER'
       AND ((lower(a.name) = lower($2) AND upper(replace(d.zip_code, ' ', '')) = upper(replace($3, ' ', ''))) OR (d.cbid IS NOT NULL AND d.cbid = $4))
     LIMIT 1`,
    [agency.id, name.name, checked.zipCode, input.cbid ?? null],
  );
  if (duplicate) throw new HttpError(409, duplicate.same_cbid ? CREATE_ACCOUNT_TEXTS.duplicateDirectoryEntry : CREATE_ACCOUNT_TEXTS.duplicate);

  const now = clock.now();
  const [account] = await tx.query<{ id: string }>(
    `INSERT INTO accounts (name, location_alias, account_type, edition, agency_id, created_at) VALUES ($1, $2, 'CUSTOMER', $3, $4, $5) RETURNING id`,
    [name.name, input.locationAlias?.trim() || null, edition, agency.id, now],
  );
  const accountId = account!.id;
  // The client organisation's own default team, as every organisation has one.
  await tx.query(`INSERT INTO teams (account_id, name, is_default) VALUES ($1, 'Default Team', true)`, [accountId]);
  const contact = input.contact ?? {};
  await tx.query(
    `INSERT INTO account_details (account_id, cbid, address1, address2, address3, city, state, zip_code, country, phone, domain_name,
       industry_code, team_id, agent_user_id, contact_first_name, contact_last_name, contact_email, contact_phone, address_confirmed_by,
       created_by, modified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`,
    [accountId, input.cbid ?? null, checked.address1, checked.address2, checked.address3, checked.city, checked.state, checked.zipCode,
      checked.country, phone, domain, industryCode, team!.id, input.agentUserId ?? null, contact.firstName?.trim() || null,
      contact.lastName?.trim() || null, contact.email?.trim().toLowerCase() || null, contactPhone, confirmedBy, actor.userId, now],
  );
  await audit(tx, clock, {
    actorUserId: actor.userId,
    action: 'account.create',
    target: accountId,
    address: actor.ip ?? null,
    detail: {
      name: name.name, agencyId: agency.id, teamId: team!.id, agentUserId: input.agentUserId ?? null, edition, source: actor.source,
      cbid: input.cbid ?? null, city: checked.city, state: checked.state, zipCode: checked.zipCode, country: checked.country,
      domainName: domain, industryCode, ...(confirmedBy ? { unverifiedAddressConfirmed: verification.errorFields } : {}),
    },
  });
  return { accountId, name: name.name, agencyId: agency.id, teamId: team!.id, agentUserId: input.agentUserId ?? null, edition };
}
