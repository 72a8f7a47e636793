-- Bulk upload of accounts (spec 001 section 3 'Bulk upload record: numUploaded, numSuccess, numFailure,
-- uploadTime'; section 5 Bulk upload file; section 7 Bulk upload). One row per upload, under the agency the
-- accounts were created for, with the file as sent (at most 5MB) and the choices it came with; one row per line of
-- the file with what became of it, so a line that failed keeps its reason.
CREATE TABLE account_uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
  file_name text NOT NULL,
  file_type text NOT NULL CHECK (file_type IN ('xlsx','xls','csv')),
  file_size integer NOT NULL CHECK (file_size BETWEEN 1 AND 5242880),
  content bytea NOT NULL,
  tags text[] NOT NULL DEFAULT '{}',
  add_red_accounts boolean NOT NULL,
  team_id uuid REFERENCES teams(id) ON DELETE SET NULL,
  num_uploaded integer NOT NULL CHECK (num_uploaded >= 0),
  num_success integer NOT NULL CHECK (num_success >= 0),
  num_failure integer NOT NULL CHECK (num_failure >= 0),
  upload_time timestamptz NOT NULL,
  CHECK (num_success + num_failure = num_uploaded)
);
CREATE INDEX account_uploads_agency_idx ON account_uploads (agency_id, upload_time DESC);

CREATE TABLE account_upload_rows (
  upload_id uuid NOT NULL REFERENCES account_uploads(id) ON DELETE CASCADE,
  -- The line of the file (the header is line 1).
  row_number integer NOT NULL,
  account_name text,
  status text NOT NULL CHECK (status IN ('CREATED','FAILED')),
  -- A red account: its domain is blacklisted or its industry code is not in the edition's list.
  red boolean NOT NULL DEFAULT false,
  account_id uuid REFERENCES accounts(id) ON DELETE SET NULL,
  message text NOT NULL,
  PRIMARY KEY (upload_id, row_number)
);
