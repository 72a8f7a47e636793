import { normalisePhone, normalisePostcode, type Edition } from '../accounts/address-rules.ts';
import { enteredDomains, strippedDomain } from './domain-check.ts';
import type { ProfileRow } from './repository.ts';

/**
 * The account profile as values to store, read from a stored row or worked out from a checked form body.
 * A save replaces every field the form showed (one left out was emptied) and keeps the ones it hid (the pro
 * product's questions outside the pro product); then the clearing rules of spec 002 section 4 apply.
 */
export interface ProfileValues {
  name: string;
  dbaOrTradestyle: string | null;
  ein: string | null;
  dunsNumber: string | null;
  hostname: string | null;
  url: string | null;
  industryCode: string | null;
  primaryNaicsPercentage: number | null;
  secondIndustryCode: string | null;
  revenue: number | null;
  nonUsRevenue: number | null;
  percentInternationalSales: number | null;
  employees: number | null;
  yearEstablished: number | null;
  ownershipType: string | null;
  entityType: string | null;
  isFranchise: boolean | null;
  franchiseSystemConnectivity: boolean | null;
  domainName: string | null;
  otherDomains: string[];
  collectingPersonalInformation: boolean | null;
  numberOfPersonalRecords: number | null;
  changeInScope: boolean | null;
  changeInScopeDetail: string | null;
  incidentResponsePlan: boolean | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  /** National digits. */
  phone: string | null;
  policyContactFirstName: string | null;
  policyContactLastName: string | null;
  policyContactEmail: string | null;
  /** National digits. */
  policyContactPhone: string | null;
}

const num = (value: string | null): number | null => (value === null ? null : Number(value));

export function storedValuesOf(row: ProfileRow): ProfileValues {
  return {
    name: row.name,
    dbaOrTradestyle: row.dba_or_tradestyle,
    ein: row.ein,
    dunsNumber: row.duns_number,
    hostname: row.hostname,
    url: row.url,
    industryCode: row.industry_code,
    primaryNaicsPercentage: num(row.primary_naics_percentage) ?? (row.industry_code ? 100 : null),
    secondIndustryCode: row.second_industry_code,
    revenue: num(row.revenue),
    nonUsRevenue: num(row.non_us_revenue),
    percentInternationalSales: num(row.percent_international_sales),
    employees: row.employees,
    yearEstablished: row.year_established,
    ownershipType: row.ownership_type,
    entityType: row.entity_type,
    isFranchise: row.is_franchise,
    franchiseSystemConnectivity: row.franchise_system_connectivity,
    domainName: row.domain_name,
    otherDomains: row.other_domains ?? [],
    collectingPersonalInformation: row.collecting_personal_information,
    numberOfPersonalRecords: num(row.number_of_personal_records),
    changeInScope: row.change_in_scope,
    changeInScopeDetail: row.change_in_scope_detail,
    incidentResponsePlan: row.incident_response_plan,
    address1: row.address1,
    address2: row.address2,
    address3: row.address3,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    phone: row.phone,
    policyContactFirstName: row.policy_contact_first_name,
    policyContactLastName: row.policy_contact_last_name,
    policyContactEmail: row.policy_contact_email,
    policyContactPhone: row.policy_contact_phone,
  };
}

/** Form field -> how its checked value becomes a stored value (null: left out or emptied). */
type Reader = (value: unknown, edition: Edition) => Partial<ProfileValues>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const flag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);
const code = (value: unknown): string | null => (typeof value === 'number' && Number.isInteger(value) ? String(value) : null);
const phone = (value: unknown, edition: Edition): string | null => {
  const typed = text(value);
  return typed === null ? null : normalisePhone(typed, edition);
};

/** The stored primary domain of what the field holds. */
export function primaryDomainOf(value: unknown): string | null {
  const typed = text(value);
  return typed === null ? null : strippedDomain(typed);
}

/** The stored other domains: each stripped, without repeats and without the primary domain. */
export function otherDomainsOf(value: unknown, primary: string | null): string[] {
  const domains = enteredDomains(text(value)).map(strippedDomain);
  return [...new Set(domains)].filter((domain) => domain !== primary);
}

const READERS: Readonly<Record<string, Reader>> = {
  name: (value) => ({ name: text(value) ?? '' }),
  dbaOrTradestyle: (value) => ({ dbaOrTradestyle: text(value) }),
  ein: (value) => ({ ein: text(value) }),
  dunsNumber: (value) => ({ dunsNumber: text(value) }),
  hostname: (value) => ({ hostname: text(value)?.toLowerCase() ?? null }),
  url: (value) => ({ url: text(value) }),
  naicsCode: (value) => ({ industryCode: code(value) }),
  sicCode: (value) => ({ industryCode: code(value) }),
  primaryNaicsPercentage: (value) => ({ primaryNaicsPercentage: number(value) }),
  secondNaicsCode: (value) => ({ secondIndustryCode: code(value) }),
  revenue: (value) => ({ revenue: number(value) }),
  nonUsRevenue: (value) => ({ nonUsRevenue: number(value) }),
  percentInternationalSales: (value) => ({ percentInternationalSales: number(value) }),
  noOfEmployeesAll: (value) => ({ employees: number(value) }),
  yearEstablished: (value) => ({ yearEstablished: number(value) }),
  ownershipType: (value) => ({ ownershipType: text(value) }),
  entityType: (value) => ({ entityType: text(value) }),
  isFranchise: (value) => ({ isFranchise: flag(value) }),
  franchiseSystemConnectivity: (value) => ({ franchiseSystemConnectivity: flag(value) }),
  collectingPersonalInformation: (value) => ({ collectingPersonalInformation: flag(value) }),
  numberOfPersonalRecords: (value) => ({ numberOfPersonalRecords: number(value) }),
  changeInScope: (value) => ({ changeInScope: flag(value) }),
  changeInScopeDetail: (value) => ({ changeInScopeDetail: text(value) }),
  incidentResponsePlan: (value) => ({ incidentResponsePlan: flag(value) }),
  address1: (value) => ({ address1: text(value) }),
  address2: (value) => ({ address2: text(value) }),
  address3: (value, edition) => ({ address3: edition === 'uk' ? text(value) : null }),
  city: (value) => ({ city: text(value) }),
  state: (value, edition) => ({ state: edition === 'us' ? (text(value)?.toUpperCase() ?? null) : null }),
  zipCode: (value, edition) => {
    const typed = text(value);
    return { zipCode: typed && edition === 'uk' ? normalisePostcode(typed) : typed };
  },
  phoneNumber: (value, edition) => ({ phone: phone(value, edition) }),
  policyContactFirstName: (value) => ({ policyContactFirstName: text(value) }),
  policyContactLastName: (value) => ({ policyContactLastName: text(value) }),
  policyContactEmail: (value) => ({ policyContactEmail: text(value)?.toLowerCase() ?? null }),
  policyContactPhone: (value, edition) => ({ policyContactPhone: phone(value, edition) }),
};

/**
 * The values to store after a save: `current` with every shown field replaced by the body's value (the
 * domains are read together: the other domains never repeat the primary one), then the clearing rules.
 */
export function savedValuesOf(current: ProfileValues, body: Readonly<Record<string, unknown>>, shown: ReadonlySet<string>, edition: Edition): ProfileValues {
  let next: ProfileValues = { ...current };
  for (const [field, read] of Object.entries(READERS)) {
    if (shown.has(field)) next = { ...next, ...read(body[field], edition) };
  }
  if (shown.has('domainName')) next.domainName = primaryDomainOf(body.domainName);
  next.otherDomains = shown.has('domains') ? otherDomainsOf(body.domains, next.domainName) : next.otherDomains.filter((domain) => domain !== next.domainName);
  return withClearingRules(next);
}

/**
 * Spec 002 section 4 clearing rules (and section 5's 'Secondary code must be absent when primary is 100%'):
 * without a secondary code its share and industries go; a primary share of 100 leaves no secondary code;
 * not a franchise clears the connectivity answer; not collecting personal information clears the record
 * count; no change in scope clears the detail.
 */
export function withClearingRules(values: ProfileValues): ProfileValues {
  const next = { ...values };
  if (next.primaryNaicsPercentage === null || next.primaryNaicsPercentage >= 100) next.secondIndustryCode = null;
  if (next.isFranchise !== true) next.franchiseSystemConnectivity = null;
  if (next.collectingPersonalInformation !== true) next.numberOfPersonalRecords = null;
  if (next.changeInScope !== true) next.changeInScopeDetail = null;
  return next;
}

/** The values quotes are rated on, keyed as quote-effects.ts RATING_FIELDS names them. */
export function ratingShapeOf(values: ProfileValues): Record<string, unknown> {
  return {
    name: values.name,
    industryCode: values.industryCode,
    primaryNaicsPercentage: values.primaryNaicsPercentage,
    secondNaicsCode: values.secondIndustryCode,
    revenue: values.revenue,
    nonUsRevenue: values.nonUsRevenue,
    noOfEmployeesAll: values.employees,
    yearEstablished: values.yearEstablished,
    ownershipType: values.ownershipType,
    entityType: values.entityType,
    state: values.state,
    zipCode: values.zipCode,
    domainName: values.domainName,
    isFranchise: values.isFranchise,
    franchiseSystemConnectivity: values.franchiseSystemConnectivity,
    collectingPersonalInformation: values.collectingPersonalInformation,
    numberOfPersonalRecords: values.numberOfPersonalRecords,
    changeInScope: values.changeInScope,
  };
}

/** The fields (stored names) whose values differ, for the audit entry. */
export function changedValues(before: ProfileValues, after: ProfileValues): string[] {
  return (Object.keys(after) as (keyof ProfileValues)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}
