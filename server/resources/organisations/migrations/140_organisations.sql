-- Organisations other than client accounts (spec 001 sections 3 and 7): agencies, aggregators (digital
-- agencies), clusters, carriers, reinsurers, premium processors and managed security providers are rows of
-- `accounts`; what they hold beyond an account lives here, keyed by the account.
CREATE TABLE organisation_profiles (
  account_id uuid PRIMARY KEY REFERENCES accounts(id),
  description text,
  -- The console host of the organisation (an agency's or a carrier's own, an aggregator's subdomain plus
  -- the fixed suffix); unique across organisations.
  hostname text,
  -- An aggregator's own web domain.
  domain text,
  -- The agency's own reference for itself (the add-agency form's agencyId).
  agency_code text,
  contact_first_name text,
  contact_last_name text,
  contact_email text,
  contact_phone text,
  phone text,
  address1 text,
  -- Town/City in the UK.
  city text,
  -- Two-letter US state; NULL in the UK.
  state text,
  -- Zip Code (US) or Postcode (UK).
  zip_code text,
  -- An agency's additional broker fee, 0 to 10,000 in the edition's currency.
  additional_broker_fee numeric(12, 2) CHECK (additional_broker_fee IS NULL OR additional_broker_fee BETWEEN 0 AND 10000),
  -- Removed organisations stay for the records (audit, policies); their users can no longer sign in.
  removed_at timestamptz,
  removed_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL,
  created_by uuid REFERENCES users(id),
  modified_at timestamptz NOT NULL,
  modified_by uuid REFERENCES users(id)
);
CREATE UNIQUE INDEX organisation_profiles_hostname_idx ON organisation_profiles (lower(hostname)) WHERE hostname IS NOT NULL;

-- Agencies an organisation works with: the agencies of a cluster or an aggregator (an agency is in at most
-- one of each), the agencies a carrier appoints and those a managed security provider places clients with.
CREATE TABLE organisation_agencies (
  organisation_id uuid NOT NULL REFERENCES accounts(id),
  organisation_type text NOT NULL CHECK (organisation_type IN ('DIGITAL','CLUSTER','CARRIER','MSSP')),
  agency_id uuid NOT NULL REFERENCES accounts(id),
  added_at timestamptz NOT NULL,
  added_by uuid REFERENCES users(id),
  PRIMARY KEY (organisation_id, agency_id)
);
CREATE UNIQUE INDEX organisation_agencies_one_cluster_idx ON organisation_agencies (agency_id, organisation_type)
  WHERE organisation_type IN ('DIGITAL','CLUSTER');
CREATE INDEX organisation_agencies_agency_idx ON organisation_agencies (agency_id);

-- Client accounts a managed security provider created (spec 001 section 5: MSSP account); the MSSP sees these.
CREATE TABLE mssp_accounts (
  mssp_id uuid NOT NULL REFERENCES accounts(id),
  account_id uuid NOT NULL REFERENCES accounts(id) UNIQUE,
  created_at timestamptz NOT NULL,
  created_by uuid REFERENCES users(id),
  PRIMARY KEY (mssp_id, account_id)
);

-- A carrier's profiles as the rater uses them (spec 001 section 7: /api/rater/v1/carrier): the paper a
-- carrier writes on, with its ratings and where it writes.
CREATE TABLE carrier_profiles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  carrier_id uuid NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  naic_code text,
  am_best_rating text,
  paper_type text NOT NULL CHECK (paper_type IN ('ADMITTED','SURPLUS')),
  states text[] NOT NULL DEFAULT '{}',
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  created_by uuid REFERENCES users(id),
  modified_at timestamptz NOT NULL,
  modified_by uuid REFERENCES users(id)
);
CREATE INDEX carrier_profiles_carrier_idx ON carrier_profiles (carrier_id);
CREATE UNIQUE INDEX carrier_profiles_name_idx ON carrier_profiles (carrier_id, lower(name));
