import { fieldLabels, type CheckedAddress, type Edition } from './address-rules.ts';

/**
 * Address verification (spec 001 section 7 'Address verification with country GBR for UK. The response
 * carries errorFields and localizedErrorFieldNames'). There is no postal-address service here: this is a
 * local rule set over public postal facts. A US ZIP Code's first three digits (its sectional centre) must
 * belong to the address's state (USPS ZIP-prefix table below); a UK postcode's area (its leading letters)
 * must be one of the 121 postcode areas of Great Britain, Northern Ireland and the Crown dependencies.
 * It cannot tell whether a street exists; it finds addresses whose postcode and region disagree.
 */

/** USPS three-digit ZIP prefixes by state, as inclusive ranges. Military (AA, AE, AP) and territories are not states here. */
const US_ZIP_PREFIXES: ReadonlyArray<readonly [number, number, string]> = [
  [5, 5, 'NY'], [10, 27, 'MA'], [28, 29, 'RI'], [30, 38, 'NH'], [39, 49, 'ME'], [50, 54, 'VT'], [55, 55, 'MA'], [56, 59, 'VT'],
  [60, 69, 'CT'], [70, 89, 'NJ'], [100, 149, 'NY'], [150, 196, 'PA'], [197, 199, 'DE'], [200, 200, 'DC'], [201, 201, 'VA'],
  [202, 205, 'DC'], [206, 219, 'MD'], [220, 246, 'VA'], [247, 268, 'WV'], [270, 289, 'NC'], [290, 299, 'SC'], [300, 319, 'GA'],
  [320, 339, 'FL'], [341, 349, 'FL'], [350, 369, 'AL'], [370, 385, 'TN'], [386, 397, 'MS'], [398, 399, 'GA'], [400, 427, 'KY'],
  [430, 459, 'OH'], [460, 479, 'IN'], [480, 499, 'MI'], [500, 528, 'IA'], [530, 549, 'WI'], [550, 567, 'MN'], [569, 569, 'DC'],
  [570, 577, 'SD'], [580, 588, 'ND'], [590, 599, 'MT'], [600, 629, 'IL'], [630, 658, 'MO'], [660, 679, 'KS'], [680, 693, 'NE'],
  [700, 715, 'LA'], [716, 729, 'AR'], [730, 732, 'OK'], [733, 733, 'TX'], [734, 749, 'OK'], [750, 799, 'TX'], [800, 816, 'CO'],
  [820, 831, 'WY'], [832, 838, 'ID'], [840, 847, 'UT'], [850, 865, 'AZ'], [870, 884, 'NM'], [885, 885, 'TX'], [889, 898, 'NV'],
  [900, 961, 'CA'], [967, 968, 'HI'], [970, 979, 'OR'], [980, 994, 'WA'], [995, 999, 'AK'],
];

/** The state a ZIP Code's prefix belongs to, or null for an unassigned, military or territory prefix. */
export function stateOfZip(zip: string): string | null {
  const prefix = Number(zip.slice(0, 3));
  if (!Number.isInteger(prefix)) return null;
  const range = US_ZIP_PREFIXES.find(([from, to]) => prefix >= from && prefix <= to);
  return range ? range[2] : null;
}

/** The postcode areas (Royal Mail), plus BF (British Forces) and BX (non-geographic). */
export const UK_POSTCODE_AREAS: ReadonlySet<string> = new Set([
  'AB', 'AL', 'B', 'BA', 'BB', 'BD', 'BF', 'BH', 'BL', 'BN', 'BR', 'BS', 'BT', 'BX', 'CA', 'CB', 'CF', 'CH', 'CM', 'CO', 'CR', 'CT',
  'CV', 'CW', 'DA', 'DD', 'DE', 'DG', 'DH', 'DL', 'DN', 'DT', 'DY', 'E', 'EC', 'EH', 'EN', 'EX', 'FK', 'FY', 'G', 'GL', 'GU', 'GY',
  'HA', 'HD', 'HG', 'HP', 'HR', 'HS', 'HU', 'HX', 'IG', 'IM', 'IP', 'IV', 'JE', 'KA', 'KT', 'KW', 'KY', 'L', 'LA', 'LD', 'LE', 'LL',
  'LN', 'LS', 'LU', 'M', 'ME', 'MK', 'ML', 'N', 'NE', 'NG', 'NN', 'NP', 'NR', 'NW', 'OL', 'OX', 'PA', 'PE', 'PH', 'PL', 'PO', 'PR',
  'RG', 'RH', 'RM', 'S', 'SA', 'SE', 'SG', 'SK', 'SL', 'SM', 'SN', 'SO', 'SP', 'SR', 'SS', 'ST', 'SW', 'SY', 'TA', 'TD', 'TF', 'TN',
  'TQ', 'TR', 'TS', 'TW', 'UB', 'W', 'WA', 'WC', 'WD', 'WF', 'WN', 'WR', 'WS', 'WV', 'YO', 'ZE', 'GIR',
]);

export function postcodeArea(postcode: string): string {
  return /^[A-Z]+/.exec(postcode.trim().toUpperCase())?.[0] ?? '';
}

export interface AddressVerification {
  /** 'USA' or 'GBR' (the country the address was verified against). */
  country: 'USA' | 'GBR';
  verified: boolean;
  /** The fields that could not be verified (the form's field names). */
  errorFields: string[];
  /** The same fields as the edition names them (Zip Code / Postcode, City / Town/City). */
  localizedErrorFieldNames: string[];
}

export function verifyAddress(address: CheckedAddress, edition: Edition): AddressVerification {
  const errorFields: string[] = [];
  if (edition === 'us') {
    const zipState = stateOfZip(address.zipCode);
    if (zipState === null) errorFields.push('zipCode');
    else if (zipState !== address.state) errorFields.push('zipCode', 'state');
  } else if (!UK_POSTCODE_AREAS.has(postcodeArea(address.zipCode))) {
    errorFields.push('zipCode');
  }
  const labels = fieldLabels(edition);
  return {
    country: edition === 'uk' ? 'GBR' : 'USA',
    verified: errorFields.length === 0,
    errorFields,
    localizedErrorFieldNames: errorFields.map((field) => labels[field] ?? field),
  };
}
