-- Certificates of insurance for a policy (spec 002 section 3 Certificate request; section 4 'Certificate modal'):
-- one row per certificate issued to a named holder, so it can be downloaded again and listed on the policy.
-- The plain certificate (no holder) is made on request and not stored.
CREATE TABLE policy_certificates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  policy_id uuid NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
  doc_type text NOT NULL CHECK (doc_type IN ('Certificate_Holder', 'Additional_Insured')),
  organization_name text NOT NULL CHECK (length(organization_name) BETWEEN 1 AND 200),
  address1 text NOT NULL CHECK (length(address1) BETWEEN 1 AND 200),
  city text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
  -- US only (the UK edition has no state).
  state text,
  zip text,
  requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
  requested_at timestamptz NOT NULL
);
CREATE INDEX policy_certificates_policy_idx ON policy_certificates (policy_id, requested_at DESC);
