import type { JsonSchema } from '../definitions/types.ts';

export type EditionId = 'us' | 'uk';

export interface Contact {
  email: string;
  phone: string;
  hours?: string;
}

/** Edition settings, read from editions/<id>/edition.json and checked by engine/meta/edition.schema.json. */
export interface Edition {
  id: EditionId;
  kind: 'edition';
  version: number;
  name: string;
  locale: 'en-US' | 'en-GB';
  country: string;
  currency: { code: string; symbol: string; fractionDigits: number };
  /** Wording placed into definitions through `{{Term}}` placeholders. */
  terms: Record<string, string>;
  phone: {
    countryCode: string;
    /** National digits (without country code or trunk 0). */
    nationalDigits: number;
    inputMask: string;
    displayMask: string;
    message: string;
  };
  /** The name of the industry code field in payloads (naicsCode or sicCode). */
  industryCodeField: string;
  address: { hasState: boolean; hasAddress3: boolean };
  /**
   * Named schema fragments a property can take with `x-field-type`: postcode rules, city rules and so
   * on, written once here rather than in each form. A fragment's `x-messages` become the form's
   * messages for that field unless the form sets its own.
   */
  fieldTypes: Record<string, JsonSchema>;
  contacts: { support: Contact; claims: Contact };
  products: { code: string; name: string }[];
}
