-- Submissions (spec 001 section 2 '/agency/submissions?search={submissionNumber}: reached after an agency
-- creates a submission'; spec 002 section 3 Submission). A submission asks the provider to quote a client
-- account for its agency; creating an account makes one while the submissions-view flag is on.
CREATE SEQUENCE submission_number_seq;

CREATE TABLE submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- 'SUB-2026-00042'
  submission_number text NOT NULL UNIQUE,
  account_id uuid NOT NULL REFERENCES accounts(id),
  -- The tenant: the agency the submission is for.
  agency_id uuid NOT NULL REFERENCES accounts(id),
  agent_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  team_id uuid REFERENCES teams(id) ON DELETE SET NULL,
  business_type text NOT NULL DEFAULT 'New Business' CHECK (business_type IN ('New Business', 'Renewal')),
  -- Values of definitions/lists/quote-statuses.json; a new submission is REQUESTED.
  status text NOT NULL DEFAULT 'REQUESTED',
  -- The underwriter working on it (a name until underwriting assignment exists).
  assignee text,
  created_at timestamptz NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  modified_at timestamptz NOT NULL
);
CREATE INDEX submissions_agency_idx ON submissions (agency_id);
CREATE INDEX submissions_account_idx ON submissions (account_id);
CREATE INDEX submissions_modified_idx ON submissions (modified_at);
