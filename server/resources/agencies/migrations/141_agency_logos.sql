-- Agency logos (spec 001 section 9): a small one (144x144) and a medium one (300x72), each cropped on the
-- server from an uploaded picture. The upload waits in `agency_logo_uploads` until it is cropped; the
-- cropped PNG is what everyone reads.
CREATE TABLE agency_logo_uploads (
  agency_id uuid NOT NULL REFERENCES accounts(id),
  size text NOT NULL CHECK (size IN ('s','m')),
  image bytea NOT NULL,
  format text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  uploaded_at timestamptz NOT NULL,
  uploaded_by uuid REFERENCES users(id),
  PRIMARY KEY (agency_id, size)
);

CREATE TABLE agency_logos (
  agency_id uuid NOT NULL REFERENCES accounts(id),
  size text NOT NULL CHECK (size IN ('s','m')),
  image bytea NOT NULL,
  content_type text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by uuid REFERENCES users(id),
  PRIMARY KEY (agency_id, size)
);
