-- Binding and policies (spec 002 section 3 Quote and Policy, section 4 Status values and Policy actions).
-- A quote is bound as a binder (its number and expiry on the quote row: the binder is the bound quote), and
-- a policy is issued from the binder: one policy per quote. The policy copies the bound terms and money so
-- that later changes to the quote's account never move a contract already in force.
CREATE SEQUENCE binder_number_seq;
CREATE SEQUENCE policy_number_seq;

ALTER TABLE quotes
  -- 'B-2026-000042'
  ADD COLUMN binder_number text UNIQUE,
  ADD COLUMN bound_at timestamptz,
  ADD COLUMN bound_by uuid REFERENCES users(id) ON DELETE SET NULL,
  -- The binder holds cover until the policy is issued or this day passes (BINDER EXPIRED).
  ADD COLUMN binder_expires_on date,
  ADD CONSTRAINT quotes_binder_complete CHECK ((binder_number IS NULL) = (bound_at IS NULL));

CREATE TABLE policies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- 'P-2026-000042'
  policy_number text NOT NULL UNIQUE,
  quote_id uuid NOT NULL UNIQUE REFERENCES quotes(id),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  -- The tenant: the agency that bound it.
  agency_id uuid NOT NULL REFERENCES accounts(id),
  agent_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  team_id uuid REFERENCES teams(id) ON DELETE SET NULL,
  edition text NOT NULL CHECK (edition IN ('us', 'uk')),
  product text NOT NULL,
  -- A value of definitions/lists/policy-statuses.json; the moves are in policies/policy-transitions.ts and
  -- the calendar's (ISSUED -> ACTIVE -> EXPIRED, CANCEL PENDING -> CANCELLED) in policies/policy-calendar.ts.
  status text NOT NULL,
  currency text NOT NULL CHECK (currency IN ('USD', 'GBP')),
  is_surplus boolean NOT NULL DEFAULT false,
  effective_date date NOT NULL,
  end_date date NOT NULL CHECK (end_date > effective_date),
  agg_limit numeric(16, 2) NOT NULL,
  deductible numeric(16, 2) NOT NULL,
  premium numeric(16, 2) NOT NULL,
  total_premium numeric(16, 2) NOT NULL,
  surplus_line_tax numeric(16, 2) NOT NULL DEFAULT 0,
  surplus_stamping_fee numeric(16, 2) NOT NULL DEFAULT 0,
  broker_fee numeric(16, 2) NOT NULL DEFAULT 0,
  mga_fee numeric(16, 2) NOT NULL DEFAULT 0,
  -- The agency's commission on the premium, a fraction (0.15 is 15%).
  commission_rate numeric(6, 4) NOT NULL DEFAULT 0.15 CHECK (commission_rate BETWEEN 0 AND 1),
  -- The policy contact (spec 002 section 3 Policy).
  contact_first_name text NOT NULL,
  contact_last_name text NOT NULL,
  contact_email text NOT NULL,
  contact_phone text NOT NULL,
  is_auto_renewal boolean NOT NULL DEFAULT true,
  -- In force, not opted out, and ending within the renewal window (kept by the calendar and every change).
  is_open_for_renewal boolean NOT NULL DEFAULT false,
  renewal_opted_out_at timestamptz,
  renewal_reminders_muted boolean NOT NULL DEFAULT false,
  -- 'Check In Mail' and other notes on the policy (PUT description/{id}).
  description text CHECK (description IS NULL OR length(description) <= 500),
  -- Cancellation: the day cover ends, why, and the premium returned (pro rata, or all of it when flat).
  cancellation_date date,
  cancellation_reason text CHECK (cancellation_reason IS NULL OR length(cancellation_reason) <= 500),
  return_premium numeric(16, 2),
  -- What the policy was before a cancellation, so undoing it restores exactly that.
  status_before_cancellation text,
  issued_by uuid REFERENCES users(id) ON DELETE SET NULL,
  issued_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL
);
CREATE INDEX policies_agency_idx ON policies (agency_id, end_date);
CREATE INDEX policies_account_idx ON policies (account_id);
-- The calendar moves only these, so it reads them through an index.
CREATE INDEX policies_calendar_idx ON policies (status, effective_date, end_date) WHERE status IN ('ISSUED', 'ACTIVE', 'CANCEL PENDING');
CREATE INDEX quotes_binder_calendar_idx ON quotes (binder_expires_on) WHERE status = 'BOUND';

-- Every change of a policy, in order (the quote's history has the same shape).
CREATE TABLE policy_events (
  id bigserial PRIMARY KEY,
  policy_id uuid NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  action text NOT NULL,
  detail jsonb,
  -- NULL for the calendar's moves.
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  at timestamptz NOT NULL
);
CREATE INDEX policy_events_policy_idx ON policy_events (policy_id, id);
