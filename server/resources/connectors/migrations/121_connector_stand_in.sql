-- The local stand-in provider (development and tests only; its routes answer 404 in production): the
-- authorization codes and tokens it has issued, kept hashed, so the sign-in, the code exchange, the refresh
-- and the posture reads of a connection behave as they do against Microsoft, Google or AWS.
CREATE TABLE connector_stand_in_codes (
  code_hash text PRIMARY KEY,
  provider text NOT NULL,
  client_id text NOT NULL,
  redirect_uri text NOT NULL,
  scope text NOT NULL,
  subject_id text NOT NULL,
  subject_name text NOT NULL,
  offline boolean NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE connector_stand_in_tokens (
  token_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('access','refresh')),
  provider text NOT NULL,
  client_id text NOT NULL,
  subject_id text NOT NULL,
  subject_name text NOT NULL,
  scope text NOT NULL,
  created_at timestamptz NOT NULL,
  -- NULL for a refresh token (valid until revoked).
  expires_at timestamptz,
  revoked_at timestamptz
);
