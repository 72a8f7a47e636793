-- Broker of record (spec 002 'Policy actions': broker of record; section 7 POST and PUT bor/{policyId}, PUT
-- update/BOR/{id}, bor-policies): on a broker-of-record letter the provider moves a policy, and its client
-- account, to another agency from a day on. The agency that wrote the policy keeps the commission it earned on
-- issue (producing_agency_id, set when the first change is made); what happens after the change is the new
-- agency's. Every change is kept.
ALTER TABLE policies ADD COLUMN producing_agency_id uuid REFERENCES accounts(id);

CREATE TABLE policy_bor_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  policy_id uuid NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
  from_agency_id uuid NOT NULL REFERENCES accounts(id),
  to_agency_id uuid NOT NULL REFERENCES accounts(id),
  -- The day the new agency becomes the broker of record, and the day the insured signed the letter.
  effective_date date NOT NULL,
  letter_date date NOT NULL,
  reason text CHECK (reason IS NULL OR length(reason) <= 500),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  CHECK (from_agency_id <> to_agency_id)
);
CREATE INDEX policy_bor_changes_policy_idx ON policy_bor_changes (policy_id, created_at);
CREATE INDEX policy_bor_changes_created_idx ON policy_bor_changes (created_at DESC);
