-- Extended reporting period (spec 002 section 7: POST P250/erp, GET P250/erp/premium/{policyId}): after a
-- policy ends without renewal, the insured buys more time to report claims for events of the policy period.
-- One per policy; its premium is added to what the policy's payer owes.
CREATE TABLE policy_extended_reporting (
  policy_id uuid PRIMARY KEY REFERENCES policies(id) ON DELETE CASCADE,
  months integer NOT NULL CHECK (months > 0),
  premium numeric(16, 2) NOT NULL CHECK (premium >= 0),
  -- Claims may be reported from the day cover ended until the day before ends_on.
  starts_on date NOT NULL,
  ends_on date NOT NULL CHECK (ends_on > starts_on),
  purchased_by uuid REFERENCES users(id) ON DELETE SET NULL,
  purchased_at timestamptz NOT NULL
);
