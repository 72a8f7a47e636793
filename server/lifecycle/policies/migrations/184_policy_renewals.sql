-- Renewals (spec 002 section 4 Policy actions 'renew'): a renewal quote names the policy it renews, so issuing
-- it closes the old policy's renewal and the calendar ends the old policy as RENEWED rather than EXPIRED.
ALTER TABLE quotes ADD COLUMN renewal_of_policy_id uuid REFERENCES policies(id) ON DELETE SET NULL;
CREATE INDEX quotes_renewal_of_idx ON quotes (renewal_of_policy_id) WHERE renewal_of_policy_id IS NOT NULL;
