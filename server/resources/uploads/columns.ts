import type { Edition } from '../accounts/address-rules.ts';

/** A field of a new account a column of the file fills. */
export type UploadField =
  | 'name' | 'address1' | 'address2' | 'address3' | 'city' | 'state' | 'zipCode' | 'phone' | 'domainName' | 'industryCode'
  | 'contactFirstName' | 'contactLastName' | 'contactEmail' | 'contactPhone';

/** The template's columns by edition, in order: the US has State and Zip Code, the UK Address Line 3, Town/City, Postcode. */
export function templateColumns(edition: Edition): Array<{ field: UploadField; header: string; example: string }> {
  const us = edition === 'us';
  return [
    { field: 'name', header: 'Account Name', example: us ? 'Cedar Grove Logistics Inc' : 'Thameside Freight Ltd' },
    { field: 'address1', header: 'Address Line 1', example: us ? '1450 West Fulton Street' : 'Unit 4, Riverside Business Park' },
    { field: 'address2', header: 'Address Line 2', example: us ? 'Suite 300' : '' },
    ...(us ? [] : [{ field: 'address3' as const, header: 'Address Line 3', example: 'Barking' }]),
    { field: 'city', header: us ? 'City' : 'Town/City', example: us ? 'Chicago' : 'London' },
    ...(us ? [{ field: 'state' as const, header: 'State', example: 'IL' }] : []),
    { field: 'zipCode', header: us ? 'Zip Code' : 'Postcode', example: us ? '60607' : 'IG11 0DS' },
    { field: 'phone', header: 'Phone', example: us ? '3125550164' : '02079460321' },
    { field: 'domainName', header: 'Domain', example: us ? 'cedargrovelogistics.com' : 'thamesidefreight.co.uk' },
    { field: 'industryCode', header: us ? 'NAICS Code' : 'SIC Code', example: us ? '484110' : '49410' },
    { field: 'contactFirstName', header: 'Contact First Name', example: us ? 'Priya' : 'Oliver' },
    { field: 'contactLastName', header: 'Contact Last Name', example: us ? 'Raman' : 'Hughes' },
    { field: 'contactEmail', header: 'Contact Email', example: us ? 'priya.raman@cedargrovelogistics.com' : 'oliver.hughes@thamesidefreight.co.uk' },
    { field: 'contactPhone', header: 'Contact Phone', example: us ? '3125550165' : '02079460322' },
  ];
}

/**
 * Header names a file may use for each field, compared without case, spaces or punctuation, so a sheet exported
 * from elsewhere ('Company', 'ZIP', 'Postcode', 'Website', 'SIC') is read too.
 */
const ALIASES: Record<UploadField, readonly string[]> = {
  name: ['accountname', 'name', 'companyname', 'company', 'businessname', 'organisationname', 'organizationname'],
  address1: ['addressline1', 'address1', 'address', 'street', 'streetaddress'],
  address2: ['addressline2', 'address2'],
  address3: ['addressline3', 'address3'],
  city: ['city', 'towncity', 'town'],
  state: ['state', 'statecode'],
  zipCode: ['zipcode', 'zip', 'postcode', 'postalcode'],
  phone: ['phone', 'phonenumber', 'telephone'],
  domainName: ['domain', 'domainname', 'website', 'url', 'primarydomain'],
  industryCode: ['naicscode', 'naics', 'siccode', 'sic', 'industrycode'],
  contactFirstName: ['contactfirstname', 'firstname'],
  contactLastName: ['contactlastname', 'lastname'],
  contactEmail: ['contactemail', 'email', 'emailaddress'],
  contactPhone: ['contactphone', 'contactphonenumber'],
};

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The field each column of the header row fills (a column no field names is left out). */
export function columnFields(header: readonly string[]): Map<number, UploadField> {
  const byAlias = new Map<string, UploadField>();
  for (const [field, aliases] of Object.entries(ALIASES) as Array<[UploadField, readonly string[]]>) for (const alias of aliases) byAlias.set(alias, field);
  const fields = new Map<number, UploadField>();
  const taken = new Set<UploadField>();
  header.forEach((cell, index) => {
    const field = byAlias.get(normalise(String(cell)));
    if (field && !taken.has(field)) {
      fields.set(index, field);
      taken.add(field);
    }
  });
  return fields;
}
