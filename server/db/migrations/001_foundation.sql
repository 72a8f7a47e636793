-- Foundations: organisations, roles and permissions, users, teams, sessions, throttling, one-time codes,
-- mail outbox, server secrets, feature flags and the audit log.

CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  location_alias text,
  account_type text NOT NULL CHECK (account_type IN
    ('CARRIER','DIGITAL','COWBELL','CUSTOMER','VENDOR','CLUSTER','AGENCY','MSSP','UNKNOWN','RE_INSURER','PREMIUM_PROCESSOR')),
  edition text NOT NULL DEFAULT 'us' CHECK (edition IN ('us','uk')),
  enforce_mfa boolean NOT NULL DEFAULT false,
  uw_enabled boolean NOT NULL DEFAULT false,
  npn text,
  wizer_customer_id text,
  -- The agency that manages this account (customer accounts); the agency sees it.
  agency_id uuid REFERENCES accounts(id),
  created_at timestamptz NOT NULL
);
CREATE INDEX accounts_agency_idx ON accounts (agency_id);

CREATE TABLE roles (
  id text PRIMARY KEY,
  name text NOT NULL,
  account_type text NOT NULL
);

CREATE TABLE role_permissions (
  role_id text NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  permission text NOT NULL CHECK (permission ~ '^[a-z][a-z0-9-]*:[a-z][a-z0-9-]*$'),
  PRIMARY KEY (role_id, permission)
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id),
  email text NOT NULL,
  first_name text NOT NULL,
  middle_name text,
  last_name text NOT NULL,
  phone text,
  npn text,
  avatar_url text,
  role_id text NOT NULL REFERENCES roles(id),
  password_hash text,
  password_changed_at timestamptz,
  password_expires_at timestamptz,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE','PENDING_VALIDATION','DISABLED')),
  mfa_type text NOT NULL DEFAULT 'NONE' CHECK (mfa_type IN ('EMAIL','GOOGLE','NONE','SMS')),
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_email_idx ON users (lower(email));
CREATE INDEX users_account_idx ON users (account_id);

CREATE TABLE teams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  is_default boolean NOT NULL DEFAULT false
);
CREATE INDEX teams_account_idx ON teams (account_id);

CREATE TABLE team_members (
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (team_id, user_id)
);

-- Opaque refresh tokens, stored as SHA-256 hashes. A family is one sign-in; each refresh uses its token and
-- issues the next one in the same family. A used token presented again revokes the whole family.
CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  family_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  remember_device boolean NOT NULL DEFAULT false,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

-- Failed sign-ins per scope ('account' keyed by lower-case e-mail, 'address' keyed by client IP).
CREATE TABLE auth_throttle (
  scope text NOT NULL CHECK (scope IN ('account','address')),
  key text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL,
  locked_until timestamptz,
  PRIMARY KEY (scope, key)
);

-- One-time codes (MFA by e-mail or text), stored hashed; limited attempts.
CREATE TABLE one_time_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  consumed_at timestamptz
);
CREATE INDEX one_time_codes_user_idx ON one_time_codes (user_id, purpose);

-- Mail and text messages when no SMTP server is configured (shown at /api/dev/outbox outside production).
CREATE TABLE outbox (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email','sms')),
  to_address text NOT NULL,
  subject text,
  body text NOT NULL,
  created_at timestamptz NOT NULL
);

-- Secrets generated on first start (the JWT signing key); never in the repository.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE feature_flags (
  key text PRIMARY KEY,
  enabled boolean NOT NULL,
  -- NULL: every edition; else only this edition.
  edition text CHECK (edition IN ('us','uk')),
  description text
);

CREATE TABLE audit_log (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  actor_user_id uuid,
  action text NOT NULL,
  target text,
  detail jsonb,
  address text
);
CREATE INDEX audit_log_at_idx ON audit_log (at);
