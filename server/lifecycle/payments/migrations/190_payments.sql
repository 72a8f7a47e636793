-- Payments of a policy's premium (spec 000 /policy/{id}/accountant-payment; spec 002 section 3 Transaction).
-- No card or bank account number is ever stored: the processor holds them and answers with tokens, a brand
-- and the last four digits.

-- The payer's saved methods: the processor's reusable token, on the insured's account.
CREATE TABLE payment_methods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  processor text NOT NULL,
  token text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('creditCard', 'bankAccount')),
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (processor, token)
);
CREATE INDEX payment_methods_account_idx ON payment_methods (account_id, created_at DESC);

-- A hosted payment form opened for a policy: the processor's session, what it is for, and its outcome.
CREATE TABLE payment_checkouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  policy_id uuid NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
  processor text NOT NULL,
  processor_session_id text NOT NULL,
  method text NOT NULL CHECK (method IN ('creditCard', 'bankAccount')),
  amount numeric(16, 2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('USD', 'GBP')),
  opened_by uuid REFERENCES users(id) ON DELETE SET NULL,
  opened_at timestamptz NOT NULL,
  UNIQUE (processor, processor_session_id)
);
CREATE INDEX payment_checkouts_policy_idx ON payment_checkouts (policy_id, opened_at DESC);

-- Money received (or refused) for a policy. A charge of the processor is recorded once (processor_charge_id);
-- a payment asked for twice with one idempotency key is one row.
CREATE TABLE payment_transactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  transaction_id text NOT NULL UNIQUE,
  invoice_number text NOT NULL,
  policy_id uuid NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('Paid', 'Failed', 'In Process', 'Void')),
  payment_date date NOT NULL,
  payment_method text NOT NULL CHECK (payment_method IN ('Check', 'Credit Card', 'Wire', 'Bank Account', 'Refund/Credit')),
  processor_name text NOT NULL,
  amount_paid numeric(16, 2) NOT NULL CHECK (amount_paid >= 0 AND amount_paid <= 1000000000000),
  currency text NOT NULL CHECK (currency IN ('USD', 'GBP')),
  payment_desc text,
  brand text,
  last4 text CHECK (last4 IS NULL OR last4 ~ '^[0-9]{4}$'),
  failure_reason text,
  processor_charge_id text UNIQUE,
  idempotency_key text UNIQUE,
  checkout_id uuid REFERENCES payment_checkouts(id) ON DELETE SET NULL,
  paid_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL
);
CREATE INDEX payment_transactions_policy_idx ON payment_transactions (policy_id, created_at DESC);

-- Webhook deliveries already applied, by the processor's event id: a replayed delivery changes nothing.
CREATE TABLE payment_processor_events (
  processor text NOT NULL,
  event_id text NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (processor, event_id)
);

-- The local sandbox processor's own books (development and tests): its hosted-form sessions, tokens and
-- charges. It keeps what a processor's API answers with, never the number it was given.
CREATE TABLE sandbox_processor_sessions (
  id text PRIMARY KEY,
  method text NOT NULL,
  amount numeric(16, 2) NOT NULL,
  currency text NOT NULL,
  description text NOT NULL,
  reference text NOT NULL,
  webhook_url text,
  status text NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
  charge_id text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE TABLE sandbox_processor_tokens (
  token text PRIMARY KEY,
  kind text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL,
  -- What the test number asks for: approve, decline, insufficient_funds, or an ACH return (fail_later).
  outcome text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE sandbox_processor_charges (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  token text NOT NULL REFERENCES sandbox_processor_tokens(token),
  amount numeric(16, 2) NOT NULL,
  currency text NOT NULL,
  reference text NOT NULL,
  status text NOT NULL CHECK (status IN ('processing', 'succeeded', 'failed')),
  failure_message text,
  save_method boolean NOT NULL DEFAULT false,
  webhook_url text,
  created_at timestamptz NOT NULL,
  settles_at timestamptz
);

-- 'T-2026-000042': the console's number of a transaction, shown on receipts.
CREATE SEQUENCE payment_transaction_seq;
