-- Sign-in flows: invitations (sign-up links), one-time links (invite, reset, MFA reset, account entry),
-- captcha redemptions, MFA enrolment, account memberships (switching), token scopes as data, workflows.

-- Sign-up and join links sent by the provider (spec 000 section 2, /signup-validation/{token}).
CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  token_type text NOT NULL CHECK (token_type IN ('NEW_ACCOUNT','EXISTING_ACCOUNT','EXISTING_USER','QUOTE_SENT_NEW_USER',
    'QUOTE_SENT_EXISTING_USER','QUOTE_LINK_NEW_AGENT','QUOTE_LINK_EXISTING_AGENT')),
  email text NOT NULL,
  first_name text,
  last_name text,
  account_type text NOT NULL,
  -- The account to join (all types but NEW_ACCOUNT).
  account_id uuid REFERENCES accounts(id),
  role_id text REFERENCES roles(id),
  redirect_url text,
  -- NEW_ACCOUNT: SHA-256 of the invitation code given out by support; wrong codes are counted.
  code_hash text,
  code_failures integer NOT NULL DEFAULT 0,
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX invitations_email_idx ON invitations (lower(email));

-- One-time links and tokens of a user, stored as SHA-256 hashes: INVITE (confirm user and set a password),
-- PASSWORD_RESET, MFA_RESET, ENTER (jump into or switch to an account; account_id is the target).
CREATE TABLE auth_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('INVITE','PASSWORD_RESET','MFA_RESET','ENTER')),
  token_hash text NOT NULL UNIQUE,
  account_id uuid REFERENCES accounts(id),
  -- ENTER tokens: JUMP (provider user into another account) or SWITCH (an account the user belongs to).
  kind text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX auth_links_user_idx ON auth_links (user_id, purpose);

-- Proof-of-work captcha challenges already redeemed (each challenge works once); rows can go after expiry.
CREATE TABLE captcha_redemptions (
  salt text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

-- An MFA change in progress (PUT mfa/update), confirmed by POST mfa/verify.
CREATE TABLE mfa_enrolments (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  mfa_type text NOT NULL CHECK (mfa_type IN ('EMAIL','GOOGLE','SMS')),
  -- GOOGLE: the new authenticator secret (encrypted like users.totp_secret).
  totp_secret text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

ALTER TABLE users ADD COLUMN totp_secret text;
-- The last authenticator time step accepted, so a code cannot be replayed.
ALTER TABLE users ADD COLUMN totp_last_step integer;

-- Further accounts a user belongs to, with their role there (switch account, spec 000 section 2).
CREATE TABLE user_accounts (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  role_id text NOT NULL REFERENCES roles(id),
  PRIMARY KEY (user_id, account_id)
);

-- Scopes an access token carries for a role (role:admin, role:operator), as data.
ALTER TABLE roles ADD COLUMN token_scopes text[] NOT NULL DEFAULT '{}';
UPDATE roles SET token_scopes = ARRAY['role:admin','role:operator'] WHERE id = 'provider-super-admin';

-- The session a refresh token continues: the account entered (jump or switch) and the workflow, if any.
ALTER TABLE refresh_tokens ADD COLUMN context_account_id uuid;
ALTER TABLE refresh_tokens ADD COLUMN workflow_id uuid;

-- One-time-code access for people arriving by e-mail link (spec 000 /validate/{workflowId}).
CREATE TABLE workflows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  flow text NOT NULL CHECK (flow ~ '^[A-Z][A-Z0-9_]*$'),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email text NOT NULL,
  phone text,
  redirect_url text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
