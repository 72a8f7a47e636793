-- Claims (spec 001 section 3 Claim, section 4 Claim states). One row per claim on an account; `data` holds
-- the claim form's payload as the server validated it (fields the rules hide dropped), and the columns
-- beside it are what the claims table shows, sorts and searches. A claim is saved as UN_FILED (progress)
-- and moves to FILED through File Claim, which sets is_filed and gives it its claim number.
CREATE SEQUENCE claim_number_seq;

CREATE TABLE claims (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- 'CLM-2026-00042', given when the claim is filed; NULL while it is saved progress.
  claim_number text UNIQUE,
  account_id uuid NOT NULL REFERENCES accounts(id),
  -- The tenant: the agency that manages the account when the claim was reported (NULL for direct accounts).
  agency_id uuid REFERENCES accounts(id),
  -- The edition whose claim form the data was checked against.
  edition text NOT NULL CHECK (edition IN ('us','uk')),
  status text NOT NULL DEFAULT 'UN_FILED' CHECK (status IN ('UN_FILED','FILED')),
  is_filed boolean NOT NULL DEFAULT false,
  data jsonb NOT NULL,
  name text,
  company_name text,
  loss_date date,
  city text,
  state text,
  zip_code text,
  created_at timestamptz NOT NULL,
  created_by uuid REFERENCES users(id),
  modified_at timestamptz NOT NULL,
  modified_by uuid REFERENCES users(id),
  filed_at timestamptz,
  filed_by uuid REFERENCES users(id),
  CHECK (is_filed = (status = 'FILED')),
  CHECK (NOT is_filed OR claim_number IS NOT NULL)
);
CREATE INDEX claims_account_idx ON claims (account_id);
CREATE INDEX claims_agency_idx ON claims (agency_id);
CREATE INDEX claims_created_idx ON claims (created_at);

-- Agency users report and edit their clients' claims. Roles are seeded only when missing, so a role that
-- already exists gets the permission here (a new database gets it from server/auth/roles.ts).
INSERT INTO role_permissions (role_id, permission)
SELECT id, 'claim:write' FROM roles WHERE id = 'agency-admin'
ON CONFLICT DO NOTHING;
