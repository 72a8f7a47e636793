-- The account profile (spec 002 section 3 'Account profile (editable on the review page)') and the account's
-- status (section 4 'Account statuses: Open, Quoted, Active Policy. Only these allow quoting'), one row per
-- client account beside account_details, which keeps the address, phone, primary domain and industry code.
-- Values the agent enters here win over the company directory's (account_firmographics); a profile never
-- edited reads the directory's values. Derived values are not stored: the secondary industry share is 100
-- minus the primary, total revenue is revenue plus non-US revenue, the industry descriptions come from
-- industry_codes. The clearing rules of section 4 are constraints, so no stored row can break them.
CREATE TABLE account_profiles (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  -- Open, Quoted and Active Policy allow quoting; Declined and Lost (section 4 'Accounts can be declined,
  -- undeclined or marked lost') and Inactive do not (server/resources/accounts/account-status.ts).
  status text NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Quoted', 'Active Policy', 'Declined', 'Lost', 'Inactive')),
  status_changed_at timestamptz,
  dba_or_tradestyle text CHECK (dba_or_tradestyle IS NULL OR dba_or_tradestyle ~ '[A-Za-z0-9]'),
  ein text,
  duns_number text,
  hostname text,
  url text,
  primary_naics_percentage numeric(5, 2) CHECK (primary_naics_percentage IS NULL OR primary_naics_percentage BETWEEN 51 AND 100),
  second_industry_code text CHECK (second_industry_code IS NULL OR second_industry_code ~ '^[0-9]{2,6}$'),
  revenue numeric(15, 0) CHECK (revenue IS NULL OR revenue BETWEEN 1 AND 1000000000000),
  non_us_revenue numeric(15, 0) CHECK (non_us_revenue IS NULL OR non_us_revenue BETWEEN 0 AND 1000000000000),
  percent_international_sales numeric(5, 2) CHECK (percent_international_sales IS NULL OR percent_international_sales BETWEEN 0 AND 100),
  employees integer CHECK (employees IS NULL OR employees >= 1),
  year_established integer CHECK (year_established IS NULL OR year_established >= 1500),
  ownership_type text CHECK (ownership_type IS NULL OR ownership_type IN ('Public', 'Private', 'Non-Profit', 'Public Sector', 'Partnership', 'Non-Corporates')),
  entity_type text CHECK (entity_type IS NULL OR entity_type IN ('Independent', 'Holding', 'Subsidiary', 'Branch', 'Parent')),
  is_franchise boolean,
  franchise_system_connectivity boolean,
  -- The other domains (spec 002 'domains (shown comma separated)'), lower case, without the primary one.
  other_domains text[] NOT NULL DEFAULT '{}',
  collecting_personal_information boolean,
  number_of_personal_records bigint CHECK (number_of_personal_records IS NULL OR number_of_personal_records >= 250000),
  change_in_scope boolean,
  change_in_scope_detail text CHECK (change_in_scope_detail IS NULL OR length(change_in_scope_detail) <= 1000),
  incident_response_plan boolean,
  modified_at timestamptz NOT NULL,
  modified_by uuid REFERENCES users(id) ON DELETE SET NULL,
  -- Spec 002 section 5: 'Secondary code must be absent when primary is 100%'.
  CONSTRAINT account_profiles_secondary_below_100 CHECK (second_industry_code IS NULL OR primary_naics_percentage < 100),
  -- Spec 002 section 4 clearing rules.
  CONSTRAINT account_profiles_franchise_clears CHECK (is_franchise IS TRUE OR franchise_system_connectivity IS NULL),
  CONSTRAINT account_profiles_collecting_clears CHECK (collecting_personal_information IS TRUE OR number_of_personal_records IS NULL),
  CONSTRAINT account_profiles_scope_clears CHECK (change_in_scope IS TRUE OR change_in_scope_detail IS NULL)
);
CREATE INDEX account_profiles_status_idx ON account_profiles (status);

-- Accounts that exist already keep the standing their submissions gave them (the account list used to
-- derive it): Active Policy once one is bound, Quoted once one is quoted, else Open.
INSERT INTO account_profiles (account_id, status, modified_at)
SELECT a.id,
  CASE
    WHEN EXISTS (SELECT 1 FROM submissions s WHERE s.account_id = a.id AND s.status IN ('BOUND', 'ISSUED', 'IN FORCE')) THEN 'Active Policy'
    WHEN EXISTS (SELECT 1 FROM submissions s WHERE s.account_id = a.id AND s.status IN ('READY', 'INDICATION', 'SIGNED', 'ACTIVE')) THEN 'Quoted'
    ELSE 'Open'
  END,
  a.created_at
FROM accounts a WHERE a.account_type = 'CUSTOMER';
