import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Edition } from '../accounts/address-rules.ts';
import { CREATE_ACCOUNT_TEXTS } from '../accounts/create-account.ts';
import type { ProfileValues } from './profile-values.ts';
import type { ProfileRow } from './repository.ts';

/**
 * Writing an account profile: its name on the account, its address, phone, primary domain and industry code
 * on account_details (made when the account has none yet), the rest on account_profiles, where a save also
 * resets the agent's verification (spec 002 section 4).
 */

/** The industry code as stored: a UK SIC code keeps the leading zero the number lost (1110 is 01110). */
export async function storedIndustryCode(db: Queryable, edition: Edition, code: string | null): Promise<string | null> {
  if (code === null || edition !== 'uk' || code.length >= 5) return code;
  const padded = code.padStart(5, '0');
  const [known] = await db.query<{ code: string }>(`SELECT code FROM industry_codes WHERE edition = 'uk' AND code = ANY($1::text[]) ORDER BY length(code) DESC LIMIT 1`, [[code, padded]]);
  return known?.code ?? code;
}

export async function withStoredCodes(db: Queryable, edition: Edition, values: ProfileValues): Promise<ProfileValues> {
  return {
    ...values,
    industryCode: await storedIndustryCode(db, edition, values.industryCode),
    secondIndustryCode: await storedIndustryCode(db, edition, values.secondIndustryCode),
  };
}

/** Writes the profile's values: the account's name, its details (address, phone, domain, code) and its profile row. */
export async function writeProfile(tx: Queryable, row: ProfileRow, values: ProfileValues, actor: { userId: string; at: Date }): Promise<void> {
  const { at, userId } = actor;
  if (values.name !== row.name) {
    await tx.query('UPDATE accounts SET name = $2 WHERE id = $1', [row.id, values.name]);
  }
  const detailValues = [row.id, values.address1, values.address2, values.address3, values.city, values.state, values.zipCode, values.phone,
    values.domainName, values.industryCode, at];
  if (row.has_details) {
    await tx.query(
      `UPDATE account_details SET address1 = $2, address2 = $3, address3 = $4, city = $5, state = $6, zip_code = $7, phone = $8, domain_name = $9,
         industry_code = $10, modified_at = $11,
         -- A primary domain given makes an attestation that there is none moot.
         no_domain_attested_at = CASE WHEN $9::text IS NULL THEN no_domain_attested_at END,
         no_domain_attested_by = CASE WHEN $9::text IS NULL THEN no_domain_attested_by END
       WHERE account_id = $1`,
      detailValues,
    );
  } else {
    await tx.query(
      `INSERT INTO account_details (account_id, address1, address2, address3, city, state, zip_code, country, phone, domain_name, industry_code, created_by, modified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $12, $8, $9, $10, $13, $11)`,
      [...detailValues, row.edition === 'uk' ? 'GB' : 'US', userId],
    );
  }
  await tx.query(
    `INSERT INTO account_profiles (account_id, dba_or_tradestyle, ein, duns_number, hostname, url, primary_naics_percentage, second_industry_code, revenue,
       non_us_revenue, percent_international_sales, employees, year_established, ownership_type, entity_type, is_franchise, franchise_system_connectivity,
       other_domains, collecting_personal_information, number_of_personal_records, change_in_scope, change_in_scope_detail, incident_response_plan,
       policy_contact_first_name, policy_contact_last_name, policy_contact_email, policy_contact_phone, is_verified_by_agent, verified_date, verified_by,
       modified_at, modified_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, false, NULL, NULL, $28, $29)
     ON CONFLICT (account_id) DO UPDATE SET dba_or_tradestyle = EXCLUDED.dba_or_tradestyle, ein = EXCLUDED.ein, duns_number = EXCLUDED.duns_number,
       hostname = EXCLUDED.hostname, url = EXCLUDED.url, primary_naics_percentage = EXCLUDED.primary_naics_percentage,
       second_industry_code = EXCLUDED.second_industry_code, revenue = EXCLUDED.revenue, non_us_revenue = EXCLUDED.non_us_revenue,
       percent_international_sales = EXCLUDED.percent_international_sales, employees = EXCLUDED.employees, year_established = EXCLUDED.year_established,
       ownership_type = EXCLUDED.ownership_type, entity_type = EXCLUDED.entity_type, is_franchise = EXCLUDED.is_franchise,
       franchise_system_connectivity = EXCLUDED.franchise_system_connectivity, other_domains = EXCLUDED.other_domains,
       collecting_personal_information = EXCLUDED.collecting_personal_information, number_of_personal_records = EXCLUDED.number_of_personal_records,
       change_in_scope = EXCLUDED.change_in_scope, change_in_scope_detail = EXCLUDED.change_in_scope_detail, incident_response_plan = EXCLUDED.incident_response_plan,
       policy_contact_first_name = EXCLUDED.policy_contact_first_name, policy_contact_last_name = EXCLUDED.policy_contact_last_name,
       policy_contact_email = EXCLUDED.policy_contact_email, policy_contact_phone = EXCLUDED.policy_contact_phone,
       -- Spec 002 section 4: 'Saving account details resets the attestation to not verified.'
       is_verified_by_agent = false, verified_date = NULL, verified_by = NULL,
       modified_at = EXCLUDED.modified_at, modified_by = EXCLUDED.modified_by`,
    [row.id, values.dbaOrTradestyle, values.ein, values.dunsNumber, values.hostname, values.url, values.primaryNaicsPercentage, values.secondIndustryCode,
      values.revenue, values.nonUsRevenue, values.percentInternationalSales, values.employees, values.yearEstablished, values.ownershipType,
      values.entityType, values.isFranchise, values.franchiseSystemConnectivity, values.otherDomains, values.collectingPersonalInformation,
      values.numberOfPersonalRecords, values.changeInScope, values.changeInScopeDetail, values.incidentResponsePlan, values.policyContactFirstName,
      values.policyContactLastName, values.policyContactEmail, values.policyContactPhone, at, userId],
  );
}

/** A rename may not make the account a twin of another of its agency's (same name at the same Zip Code/Postcode). */
export async function refuseTwin(tx: Queryable, row: ProfileRow, values: ProfileValues): Promise<void> {
  if (!row.agency_id || (values.name === row.name && values.zipCode === row.zip_code)) return;
  const [twin] = await tx.query(
    `SELECT 1 FROM accounts a JOIN account_details d ON d.account_id = a.id
     WHERE a.agency_id = $1 AND a.id <> $2 AND a.account_type = 'CUSTOMER' AND lower(a.name) = lower($3)
       AND upper(replace(d.zip_code, ' ', '')) = upper(replace(coalesce($4, ''), ' ', ''))`,
    [row.agency_id, row.id, values.name, values.zipCode],
  );
  if (twin) throw new HttpError(409, CREATE_ACCOUNT_TEXTS.duplicate);
}
