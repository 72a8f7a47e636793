-- API keys (spec 001 sections 3 and 7): an organisation's credentials for calling the API without a person
-- signing in. key_id is public (it names the key in the list, the activity and the Authorization header);
-- the secret is shown once and kept only as its SHA-256 (it is 240 random bits, so a fast hash is enough:
-- nothing can be guessed from it), so it can never be read back.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key_id text NOT NULL UNIQUE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  secret_hash text NOT NULL,
  -- The person who made the key: a key never does more than that person's role allows now.
  created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  regenerated_at timestamptz,
  last_used_at timestamptz
);
CREATE INDEX api_keys_account_idx ON api_keys (account_id);
