-- Additional insureds of an account (spec 002 section 2 'additional insured editor ('Add Additional Insured
-- Coverage')'; section 5 'Additional insureds: businessName, address1, city, state, zipCode, naicsCode required;
-- address2 optional'). UK rows have no state and may have address3; the industry code is the edition's
-- (naicsCode or sicCode).
CREATE TABLE account_additional_insureds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  business_name text NOT NULL CHECK (business_name = btrim(business_name) AND business_name <> '' AND length(business_name) <= 200),
  address1 text NOT NULL CHECK (address1 <> ''),
  address2 text,
  address3 text,
  city text NOT NULL,
  state text CHECK (state IS NULL OR state ~ '^[A-Z]{2}$'),
  zip_code text NOT NULL,
  industry_code text NOT NULL CHECK (industry_code ~ '^[0-9]{2,6}$'),
  created_at timestamptz NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  modified_at timestamptz NOT NULL,
  modified_by uuid REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX account_additional_insureds_account_idx ON account_additional_insureds (account_id, lower(business_name));
