-- Commissions (spec 002 section 3 Commission, section 4 'Pause or resume of commission payments toggles per
-- agency', section 7 /api/commissions/v1). An agency earns its commission rate on a policy's premium; the
-- provider pays what it owes to the agency's bank account through the payment processor. An agency-billed
-- policy is the other way round: the agency collected the premium and owes it back less its commission.

ALTER TABLE policies ADD COLUMN agency_billed boolean NOT NULL DEFAULT false;

-- What the provider knows of an agency's commission deposits: the processor's payee token for its bank
-- account and what may be shown of it (the account number itself stays with the processor), and whether
-- its commission payments are paused.
CREATE TABLE agency_commission_accounts (
  agency_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  bank_name text CHECK (bank_name IS NULL OR length(bank_name) BETWEEN 1 AND 120),
  account_name text CHECK (account_name IS NULL OR length(account_name) BETWEEN 1 AND 120),
  account_type text CHECK (account_type IS NULL OR account_type IN ('Checking', 'Savings')),
  -- A routing number (US) or sort code (UK) is printed on every check: not a secret.
  routing_number text,
  account_last4 text CHECK (account_last4 IS NULL OR account_last4 ~ '^[0-9]{4}$'),
  processor text,
  payee_token text,
  payments_paused boolean NOT NULL DEFAULT false,
  paused_at timestamptz,
  paused_by uuid REFERENCES users(id) ON DELETE SET NULL,
  modified_at timestamptz NOT NULL,
  modified_by uuid REFERENCES users(id) ON DELETE SET NULL
);

-- Commission paid to an agency. The processor's single-use payout token makes a retried payment the same
-- payment (UNIQUE payout_token).
CREATE SEQUENCE commission_payment_seq;
CREATE TABLE commission_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- 'CP-2026-000042'
  payment_number text NOT NULL UNIQUE,
  agency_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  amount numeric(16, 2) NOT NULL CHECK (amount >= 1 AND amount <= 1000000000000),
  currency text NOT NULL CHECK (currency IN ('USD', 'GBP')),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 500),
  processor text NOT NULL,
  payout_token text NOT NULL UNIQUE,
  payout_id text UNIQUE,
  status text NOT NULL CHECK (status IN ('Paid', 'Failed', 'In Process')),
  failure_reason text,
  paid_by uuid REFERENCES users(id) ON DELETE SET NULL,
  paid_at timestamptz NOT NULL
);
CREATE INDEX commission_payments_agency_idx ON commission_payments (agency_id, paid_at DESC);

-- The commission statement's lines, derived from the policies so they never drift from them: a line when a
-- policy is issued, and a negative line once its cancellation took effect (the returned premium's commission;
-- a CANCEL PENDING policy gets it when the calendar cancels it). A voided
-- policy was never in force and earns nothing.
CREATE VIEW commission_lines AS
  SELECT p.id::text || ':issued' AS id, p.id AS policy_id, p.agency_id, p.account_id, p.policy_number, p.product, p.currency,
    p.agency_billed, 'New Business' AS line_type, (p.issued_at AT TIME ZONE 'UTC')::date AS transaction_date, p.effective_date,
    p.premium AS commissionable_premium, p.commission_rate, round(p.premium * p.commission_rate, 2) AS commissions_amount,
    p.total_premium, p.created_at, p.modified_at
  FROM policies p WHERE p.status NOT IN ('VOID', 'VOID TRANSACTION')
  UNION ALL
  SELECT p.id::text || ':cancelled', p.id, p.agency_id, p.account_id, p.policy_number, p.product, p.currency,
    -- A flat cancellation goes back to the effective date, which may be ahead: the line is dated when it was made.
    p.agency_billed, 'Cancellation', least(p.cancellation_date, (p.modified_at AT TIME ZONE 'UTC')::date), p.effective_date,
    -coalesce(p.return_premium, 0), p.commission_rate, -round(coalesce(p.return_premium, 0) * p.commission_rate, 2),
    -coalesce(p.return_premium, 0), p.created_at, p.modified_at
  FROM policies p WHERE p.cancellation_date IS NOT NULL AND p.status IN ('CANCELLED', 'FLAT CANCELLED');

CREATE INDEX policies_commission_month_idx ON policies (agency_id, issued_at);
