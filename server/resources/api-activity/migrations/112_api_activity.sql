-- API activity (spec 001 section 7): one row per request made with an API key, including refused ones
-- (a wrong or regenerated secret for a known key). Method, route template, status and time only: never a
-- body, a query string or a secret. Rows outlive the key (no foreign key), so a deleted key's history stays.
CREATE TABLE api_activity (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  api_key_id uuid,
  api_client_id text NOT NULL,
  key_name text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  operation_id text,
  status integer NOT NULL,
  duration_ms numeric(10, 1) NOT NULL,
  address text
);
CREATE INDEX api_activity_account_at_idx ON api_activity (account_id, at DESC, id DESC);
CREATE INDEX api_activity_at_idx ON api_activity (at DESC, id DESC);
