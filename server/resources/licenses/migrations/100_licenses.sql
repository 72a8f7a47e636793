-- Licences (spec 001 sections 3, 5 and 7 Licences): an agency's state licences, its agents' state licences and
-- its surplus lines brokers' licences, each owned by the agency (accounts row of type AGENCY). Deleting an
-- agency or a user takes their licences with them.

CREATE TABLE agency_licenses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  npn text,
  number text NOT NULL,
  state text NOT NULL,
  -- The agency's home (resident) state licence; at most one per agency.
  active_resident_state boolean NOT NULL DEFAULT false,
  expiration_date date NOT NULL,
  created_at timestamptz NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX agency_licenses_agency_idx ON agency_licenses (agency_id);
CREATE UNIQUE INDEX agency_licenses_number_idx ON agency_licenses (agency_id, state, lower(number));
CREATE UNIQUE INDEX agency_licenses_resident_idx ON agency_licenses (agency_id) WHERE active_resident_state;

CREATE TABLE agent_licenses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The agent's agency when the licence was added: the tenant the licence belongs to.
  agency_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  agent_user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  npn text,
  number text NOT NULL,
  state text NOT NULL,
  expiration_date date NOT NULL,
  created_at timestamptz NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX agent_licenses_agency_idx ON agent_licenses (agency_id);
CREATE INDEX agent_licenses_state_idx ON agent_licenses (state, expiration_date);
CREATE UNIQUE INDEX agent_licenses_number_idx ON agent_licenses (agent_user_id, state, lower(number));

CREATE TABLE surplus_licenses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  broker_first_name text NOT NULL,
  broker_last_name text NOT NULL,
  broker_email text NOT NULL,
  surplus_license_number text NOT NULL,
  surplus_lines_state text NOT NULL,
  -- Louisiana and Montana: the broker's signature for the surplus lines notice is on file (set by provider staff).
  signature_on_file boolean NOT NULL DEFAULT false CHECK (NOT signature_on_file OR surplus_lines_state IN ('LA', 'MT')),
  created_at timestamptz NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX surplus_licenses_agency_idx ON surplus_licenses (agency_id);
CREATE INDEX surplus_licenses_created_idx ON surplus_licenses (created_at);
CREATE UNIQUE INDEX surplus_licenses_number_idx ON surplus_licenses (agency_id, surplus_lines_state, lower(surplus_license_number));

-- The surplus lines notice template of a state (a PDF the insured signs), one per state; an upload replaces it.
CREATE TABLE surplus_notice_templates (
  state text PRIMARY KEY,
  file_name text NOT NULL,
  content_type text NOT NULL,
  content bytea NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  sha256 text NOT NULL,
  uploaded_at timestamptz NOT NULL,
  uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL
);
