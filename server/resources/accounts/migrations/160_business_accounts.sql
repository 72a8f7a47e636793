-- Business (client) accounts (spec 001 sections 3 to 5): what the new-account dialog collects about a
-- CUSTOMER account beyond its name, one row per account keyed by its id, so later work (quoting, the full
-- account profile, risk scores) adds tables of its own beside it rather than replacing it.
CREATE TABLE account_details (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  -- The company directory entry the account was picked from (spec 001 section 3 'cbid'); NULL when the
  -- account was entered by hand on the lookup page.
  cbid text,
  address1 text NOT NULL CHECK (address1 = btrim(address1) AND address1 <> ''),
  address2 text,
  -- UK only (spec 001 section 3 Address).
  address3 text,
  -- Town/City in the UK.
  city text NOT NULL,
  -- Two-letter US state; NULL in the UK.
  state text,
  -- Zip Code (US, 5 or 5+4 digits) or Postcode (UK, upper case with its space).
  zip_code text NOT NULL,
  country text NOT NULL CHECK (country IN ('US', 'GB')),
  -- The national number as digits (US 10 digits; UK 10 digits without the trunk 0); the country code
  -- follows from country.
  phone text CHECK (phone IS NULL OR phone ~ '^[0-9]{10}$'),
  -- The primary web domain, lower case; NULL until given or attested as absent.
  domain_name text,
  no_domain_attested_at timestamptz,
  no_domain_attested_by uuid REFERENCES users(id) ON DELETE SET NULL,
  -- naicsCode (US) or sicCode (UK): 2 to 6 digits (spec 001 section 5: 10 to 999999).
  industry_code text CHECK (industry_code IS NULL OR industry_code ~ '^[0-9]{2,6}$'),
  -- The managing agency's team and agent that look after the account.
  team_id uuid REFERENCES teams(id) ON DELETE SET NULL,
  agent_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  -- The organisation's contact (spec 001 section 3 Agent reassignment: contact first/last/e-mail/phone).
  contact_first_name text,
  contact_last_name text,
  contact_email text,
  contact_phone text,
  -- Set when a provider admin confirmed an address the verifier could not verify.
  address_confirmed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  modified_at timestamptz NOT NULL
);
CREATE INDEX account_details_team_idx ON account_details (team_id);
CREATE INDEX account_details_agent_idx ON account_details (agent_user_id);
CREATE INDEX account_details_domain_idx ON account_details (domain_name);
CREATE INDEX account_details_cbid_idx ON account_details (cbid);

-- Agencies interested in a policyholder's account (they quote it). A policyholder who makes one agency's
-- agent "my agent" removes the others; removing the agent puts that agency back among the interested ones.
CREATE TABLE account_interested_agencies (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  agency_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  agent_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  added_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, agency_id)
);

-- The policyholder's own agent (spec 001 section 3 My-agent payload).
CREATE TABLE account_my_agent (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  agency_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  agent_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  set_at timestamptz NOT NULL,
  set_by uuid REFERENCES users(id) ON DELETE SET NULL
);
