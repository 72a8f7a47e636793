-- Users administered by their organisation (spec 001 section 3 User, section 6 Removing a user): contact
-- flags, Slack handle, the agencies a user is assigned to, and removal that keeps the user's history.

ALTER TABLE users ADD COLUMN primary_contact boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN billing_contact boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN slack_handle text;
-- A removed user keeps their row (claims, audit entries and definitions name them) but cannot sign in and
-- is no longer listed; adding the same e-mail to the same organisation again brings the row back.
ALTER TABLE users ADD COLUMN removed_at timestamptz;
ALTER TABLE users ADD COLUMN removed_by uuid REFERENCES users(id);
ALTER TABLE users ADD COLUMN created_by uuid REFERENCES users(id);

-- The agencies a user is assigned to (the user form's agency assignment).
CREATE TABLE user_agencies (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  agency_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, agency_id)
);
CREATE INDEX user_agencies_agency_idx ON user_agencies (agency_id);

-- The role formerly shown as 'Policyholder Admin' is the customer's Account Admin (spec 001 section 6).
UPDATE roles SET name = 'Account Admin' WHERE id = 'customer-admin' AND name = 'Policyholder Admin';
