/**
 * The business account's field rules of spec 001 section 5 'Account search and creation', by edition, in
 * one place for every way an account is made (the new-account dialog, the lookup page, bulk upload). The
 * forms check the same rules in the browser (definitions/forms/new-account*.json with the editions' field
 * types); these are the server's word.
 */

export type Edition = 'us' | 'uk';

export const ACCOUNT_NAME_MAX = 100;

export const ACCOUNT_TEXTS = {
  nameTooLong: 'Account Name is exceeding 100 Characters. Please reset Handler.',
  teamRequired: 'Please select a Team',
  agencyRequired: 'Please select a Agency',
  invalidZip: 'Invalid ZIP Code',
  invalidPostcode: 'Invalid Postcode',
  invalidCityUs: 'Invalid City',
  invalidCityUk: 'Invalid City/Town',
  phoneUs: 'Phone number must be in the format (555) 555-5555',
  phoneUk: 'Phone number must be in the format 44 5555 555555',
  invalidState: 'Invalid State',
  invalidDomain: 'Not a valid domain name',
  invalidIndustryCode: 'Industry code must be 2 to 6 digits',
  created: 'Account Created Successfully!',
  serverError: 'Server Error. Please try again',
} as const;

const required = (label: string) => `${label} is a required field`;

/** The two-letter codes of the US states and DC (definitions/lists/us-states.json holds their names). */
export const US_STATES: readonly string[] = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA',
  'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX',
  'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
];

const US_ZIP = /^(?!00000)[0-9]{5}(-[0-9]{4})?$/;
const UK_POSTCODE = /^([A-Za-z][A-HJ-Ya-hj-y]?[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}|[Gg][Ii][Rr] ?0[Aa]{2})$/;
const CITY = /^[A-Za-z\s-]+$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export interface FieldFault {
  field: string;
  message: string;
}

/** Field labels as each edition words them. */
export function fieldLabels(edition: Edition): Record<string, string> {
  return {
    accountName: 'Account Name',
    address1: 'Address',
    address2: 'Address 2',
    address3: 'Address 3',
    city: edition === 'uk' ? 'Town/City' : 'City',
    state: 'State',
    zipCode: edition === 'uk' ? 'Postcode' : 'Zip Code',
    country: 'Country',
    phone: 'Phone Number',
    domainName: 'Domain',
    industryCode: edition === 'uk' ? 'SIC Code' : 'NAICS Code',
  };
}

/** A UK postcode written the standard way: upper case, one space before the inward code. */
export function normalisePostcode(text: string): string {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/**
 * The national number as stored (10 digits) or null when it does not fit the edition. US: 10 digits, an
 * optional leading 1. UK: 10 digits after the country code 44 or the trunk 0 ('UK numbers get a leading 0
 * added' when shown).
 */
export function normalisePhone(text: string, edition: Edition): string | null {
  let digits = text.replace(/\D/g, '');
  if (edition === 'us') {
    if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
    return /^[2-9][0-9]{9}$/.test(digits) ? digits : null;
  }
  if (digits.length === 12 && digits.startsWith('44')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[1-9][0-9]{9}$/.test(digits) ? digits : null;
}

/** A stored national number shown with its country code: +1 (xxx) xxx-xxxx or +44 0xxxx xxxxxx. */
export function displayPhone(digits: string | null, edition: Edition): string | null {
  if (!digits) return null;
  if (edition === 'uk') {
    const national = `0${digits}`;
    return `+44 ${national.slice(0, 5)} ${national.slice(5)}`;
  }
  return `+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export interface AddressInput {
  address1?: string | null;
  address2?: string | null;
  address3?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
}

export interface CheckedAddress {
  address1: string;
  address2: string | null;
  address3: string | null;
  city: string;
  state: string | null;
  zipCode: string;
  country: 'US' | 'GB';
}

const text = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : '');

/** The address by the edition's rules: the checked, trimmed address, or the faults by field. */
export function checkAddress(input: AddressInput, edition: Edition): { address: CheckedAddress } | { faults: FieldFault[] } {
  const labels = fieldLabels(edition);
  const faults: FieldFault[] = [];
  const address1 = text(input.address1);
  const city = text(input.city);
  const zip = text(input.zipCode);
  const state = text(input.state).toUpperCase();
  if (!address1) faults.push({ field: 'address1', message: required(labels.address1!) });
  if (!city) faults.push({ field: 'city', message: required(labels.city!) });
  else if (!CITY.test(city)) faults.push({ field: 'city', message: edition === 'uk' ? ACCOUNT_TEXTS.invalidCityUk : ACCOUNT_TEXTS.invalidCityUs });
  if (!zip) faults.push({ field: 'zipCode', message: required(labels.zipCode!) });
  else if (edition === 'us' && !US_ZIP.test(zip)) faults.push({ field: 'zipCode', message: ACCOUNT_TEXTS.invalidZip });
  else if (edition === 'uk' && !UK_POSTCODE.test(zip)) faults.push({ field: 'zipCode', message: ACCOUNT_TEXTS.invalidPostcode });
  if (edition === 'us') {
    if (!state) faults.push({ field: 'state', message: required(labels.state!) });
    else if (!US_STATES.includes(state)) faults.push({ field: 'state', message: ACCOUNT_TEXTS.invalidState });
  }
  if (faults.length) return { faults };
  return {
    address: {
      address1,
      address2: text(input.address2) || null,
      address3: edition === 'uk' ? text(input.address3) || null : null,
      city,
      state: edition === 'us' ? state : null,
      zipCode: edition === 'uk' ? normalisePostcode(zip) : zip,
      country: edition === 'uk' ? 'GB' : 'US',
    },
  };
}

/** The account name: trimmed, present, at most 100 characters. */
export function checkAccountName(name: string | null | undefined): { name: string } | { fault: FieldFault } {
  const trimmed = text(name);
  if (!trimmed) return { fault: { field: 'accountName', message: required('Account Name') } };
  if (trimmed.length > ACCOUNT_NAME_MAX) return { fault: { field: 'accountName', message: ACCOUNT_TEXTS.nameTooLong } };
  return { name: trimmed };
}

/** A web domain as stored: lower case, without scheme, 'www.' or path; null when it is not a domain name. */
export function normaliseDomain(value: string): string | null {
  const domain = value.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/^www\./, '').replace(/[/?#].*$/, '');
  return DOMAIN.test(domain) ? domain : null;
}

export function checkIndustryCode(value: string): string | null {
  const code = value.trim();
  return /^[0-9]{2,6}$/.test(code) && Number(code) >= 10 ? code : null;
}
