-- Quotes (spec 002 section 3 Quote, section 4 States and transitions). One row per quote of one product
-- for one client account, owned by the agency that asked for it (the tenant). The coverage choices the
-- agent made are kept as they were sent (request_data, the spec's initialRequestData) and the rater's answer
-- beside them (rating: premium, fees, taxes, the table versions used and the step-by-step trace), so a
-- quote can be re-rated, diffed and explained long after the rating tables have moved on.
CREATE SEQUENCE quote_number_seq;

CREATE TABLE quotes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- 'Q-2026-000042'
  quote_number text NOT NULL UNIQUE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  -- The tenant: the agency the quote is for.
  agency_id uuid NOT NULL REFERENCES accounts(id),
  team_id uuid REFERENCES teams(id) ON DELETE SET NULL,
  agent_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  submission_id uuid REFERENCES submissions(id) ON DELETE SET NULL,
  edition text NOT NULL CHECK (edition IN ('us', 'uk')),
  -- A product code of spec 002 section 1 (P250, P100, P_ONE, ...).
  product text NOT NULL,
  -- A value of definitions/lists/quote-statuses.json; the allowed moves are in quotes/transitions.ts.
  status text NOT NULL,
  -- What the wholesale review page shows (spec 002 section 4 Review page): ACTIVE, REQUEST_TO_BIND_SENT,
  -- BOUND or INVALID.
  agency_status text NOT NULL DEFAULT 'ACTIVE' CHECK (agency_status IN ('ACTIVE', 'REQUEST_TO_BIND_SENT', 'BOUND', 'INVALID')),
  -- The quote cart (spec 002 'List of Quotes to Request'): a DRAFT quote waiting to be requested.
  in_cart boolean NOT NULL DEFAULT false,
  cart_added_at timestamptz,
  -- BASIC, POPULAR, ELITE or a custom preset's name; 'CUSTOM' after any coverage change.
  preset text,
  is_renewal boolean NOT NULL DEFAULT false,
  is_surplus boolean NOT NULL DEFAULT false,
  is_endorsement boolean NOT NULL DEFAULT false,
  currency text NOT NULL CHECK (currency IN ('USD', 'GBP')),
  -- Money as exact decimals, never binary floating point (DESIGN.md Products and the rater).
  agg_limit numeric(16, 2) NOT NULL,
  deductible numeric(16, 2) NOT NULL,
  waiting_period integer,
  -- -1 full prior acts, else years.
  retro_active_period integer,
  effective_date date NOT NULL,
  end_date date NOT NULL,
  -- The day the quote stops being offered.
  expires_on date NOT NULL,
  need_by_date date,
  premium numeric(16, 2) NOT NULL,
  total_premium numeric(16, 2) NOT NULL,
  surplus_line_tax numeric(16, 2) NOT NULL DEFAULT 0,
  surplus_stamping_fee numeric(16, 2) NOT NULL DEFAULT 0,
  broker_fee numeric(16, 2) NOT NULL DEFAULT 0,
  mga_fee numeric(16, 2) NOT NULL DEFAULT 0,
  additional_broker_fee numeric(16, 2) NOT NULL DEFAULT 0,
  -- The account's state (US) or nation (UK) and industry code when rated.
  risk_state text,
  industry_code text,
  request_data jsonb NOT NULL,
  -- What the agent asked for, kept when an underwriter changes the terms, so a reset can go back to it.
  original_request jsonb NOT NULL,
  rating jsonb NOT NULL,
  -- The underwriter's risk modifier (IRPM): characteristics, note and modifier (1 + sum / 100, 10 decimals).
  irpm jsonb,
  irpm_modifier numeric(14, 10),
  subjectivities jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Why it was declined, lost, referred or made invalid: { reasonSummary, reason, by, at }.
  decision jsonb,
  -- The policyholder contact the quote was sent to or bound for.
  customer_first_name text,
  customer_last_name text,
  customer_email text,
  customer_phone text,
  wra_request_to_bind boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL,
  -- Set when a change to the account patched the quote (the review page polls for it).
  last_patched_at timestamptz
);
CREATE INDEX quotes_agency_idx ON quotes (agency_id, modified_at DESC);
CREATE INDEX quotes_account_idx ON quotes (account_id);
CREATE INDEX quotes_status_idx ON quotes (status);
CREATE INDEX quotes_cart_idx ON quotes (agency_id, created_by) WHERE in_cart;

-- Every change of a quote's status, in order: who, when, from what, to what and why.
CREATE TABLE quote_events (
  id bigserial PRIMARY KEY,
  quote_id uuid NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  action text NOT NULL,
  detail jsonb,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  at timestamptz NOT NULL
);
CREATE INDEX quote_events_quote_idx ON quote_events (quote_id, id);

-- Underwriting notes on a quote (spec 002 section 3 Other: Notes).
CREATE TABLE quote_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  quote_id uuid NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
  note text NOT NULL CHECK (length(note) BETWEEN 1 AND 4000),
  note_type text NOT NULL DEFAULT 'UNDERWRITING',
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL
);
CREATE INDEX quote_notes_quote_idx ON quote_notes (quote_id, created_at);
