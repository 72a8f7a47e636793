-- The sandbox processor's payouts (commission deposits to an agency's bank account): single-use payout
-- tokens and the payouts made with them. Payees are kept in sandbox_processor_tokens (kind 'payee').
CREATE TABLE sandbox_processor_payout_tokens (
  token text PRIMARY KEY,
  payee_token text NOT NULL REFERENCES sandbox_processor_tokens(token),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE TABLE sandbox_processor_payouts (
  id text PRIMARY KEY,
  payout_token text NOT NULL UNIQUE REFERENCES sandbox_processor_payout_tokens(token),
  amount numeric(16, 2) NOT NULL,
  currency text NOT NULL,
  description text NOT NULL,
  reference text NOT NULL,
  status text NOT NULL CHECK (status IN ('paid', 'failed')),
  failure_message text,
  created_at timestamptz NOT NULL
);
