-- Security-tool connectors (spec 001 sections 3, 4 and 7 Connectors). A connection links one client account
-- (the cbid) to one security tool: Microsoft, Google and AWS through the provider's OAuth sign-in, the other
-- tools through a token, a user and password, or an API key. Credentials are stored sealed (AES-256-GCM with
-- a key kept in server_secrets) and never leave the server. What the tool reports (its score, its history and
-- its recommended actions) is stored as snapshots read by the score pages.
CREATE TABLE connector_connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The client account the tool belongs to (cbid). The tenant rule reaches it through accounts.agency_id.
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  connector_type text NOT NULL,
  -- Who answers for the tool: microsoft, google, aws, or the gateway of the API-credential tools.
  provider text NOT NULL,
  -- How the credentials were given: oauth, token, userPassword, apiKey.
  auth_kind text NOT NULL CHECK (auth_kind IN ('oauth','token','userPassword','apiKey')),
  -- SUCCESS (Connected) or FAILED (the provider refused the stored credentials on the last read).
  status text NOT NULL CHECK (status IN ('SUCCESS','FAILED')),
  -- The tenant, organisation or account at the provider, as the provider names it.
  external_id text NOT NULL,
  external_name text NOT NULL,
  -- Non-secret details shown to users (metadata.azureTenantId for Microsoft).
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  credentials_sealed text NOT NULL,
  created_at timestamptz NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  last_synced_at timestamptz,
  last_sync_error text,
  UNIQUE (account_id, connector_type, external_id)
);
CREATE INDEX connector_connections_account_idx ON connector_connections (account_id);

-- One read of a connection's provider: the score at that time.
CREATE TABLE connector_snapshots (
  id bigserial PRIMARY KEY,
  connection_id uuid NOT NULL REFERENCES connector_connections(id) ON DELETE CASCADE,
  taken_at timestamptz NOT NULL,
  measured_at timestamptz NOT NULL,
  score numeric(10,2) NOT NULL,
  max_score numeric(10,2) NOT NULL
);
CREATE INDEX connector_snapshots_connection_idx ON connector_snapshots (connection_id, taken_at DESC);

-- The daily score history the provider reports, one point per day (a later read overwrites the day).
CREATE TABLE connector_score_points (
  connection_id uuid NOT NULL REFERENCES connector_connections(id) ON DELETE CASCADE,
  day date NOT NULL,
  score numeric(10,2) NOT NULL,
  max_score numeric(10,2) NOT NULL,
  PRIMARY KEY (connection_id, day)
);

-- The provider's recommended actions as of the latest snapshot (replaced on each read).
CREATE TABLE connector_actions (
  connection_id uuid NOT NULL REFERENCES connector_connections(id) ON DELETE CASCADE,
  action_id text NOT NULL,
  title text NOT NULL,
  description text NOT NULL,
  category text NOT NULL,
  severity text NOT NULL CHECK (severity IN ('HIGH','MEDIUM','LOW')),
  status text NOT NULL CHECK (status IN ('TO_DO','IN_PROGRESS','COMPLETED')),
  score_impact numeric(10,2) NOT NULL,
  shortlisted boolean NOT NULL,
  PRIMARY KEY (connection_id, action_id)
);

-- An OAuth sign-in in progress: the state handed to the provider, bound to the user's session and the cbid,
-- used once, expiring. Only its hash is kept.
CREATE TABLE connector_oauth_states (
  state_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id text NOT NULL,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  connector_type text NOT NULL,
  redirect_uri text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX connector_oauth_states_expiry_idx ON connector_oauth_states (expires_at);

-- The connector privacy addendum accepted for a client account (spec 001 section 2; section 9: deleted
-- connector data is purged from backups in up to 90 days). The latest acceptance counts.
CREATE TABLE connector_privacy_agreements (
  id bigserial PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  addendum_version text NOT NULL,
  agreed_at timestamptz NOT NULL
);
CREATE INDEX connector_privacy_agreements_account_idx ON connector_privacy_agreements (account_id, agreed_at DESC);
