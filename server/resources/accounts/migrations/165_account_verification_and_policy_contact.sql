-- The agent's verification of the account (spec 002 section 3 'Verification: isVerifiedByAgent, verifiedDate';
-- section 4: it goes from unchecked to checked once, and saving account details resets it) and the policy
-- contact (section 3 'Policy contact'; section 5 'Policy contact: first name, last name, email and phone all
-- required'), on the account profile.
ALTER TABLE account_profiles
  ADD COLUMN is_verified_by_agent boolean NOT NULL DEFAULT false,
  ADD COLUMN verified_date timestamptz,
  ADD COLUMN verified_by uuid REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN policy_contact_first_name text,
  ADD COLUMN policy_contact_last_name text,
  ADD COLUMN policy_contact_email text CHECK (policy_contact_email IS NULL OR policy_contact_email = lower(policy_contact_email)),
  -- National digits, as account_details.phone.
  ADD COLUMN policy_contact_phone text CHECK (policy_contact_phone IS NULL OR policy_contact_phone ~ '^[0-9]{10}$'),
  ADD CONSTRAINT account_profiles_verified_dated CHECK (NOT is_verified_by_agent OR verified_date IS NOT NULL);
