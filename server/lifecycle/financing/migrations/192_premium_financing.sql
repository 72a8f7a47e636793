-- Premium financing (spec 002 section 3 'Premium financer (admin)' and 'Premium finance quote'): billing
-- offers a policy's payer an instalment plan from a premium finance company; the payer accepts it by typing
-- their full name. One offer per policy at a time; an accepted plan is kept as it was signed.
CREATE TABLE premium_financings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  policy_id uuid NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
  finance_quote_number text NOT NULL UNIQUE,
  financer_name text NOT NULL CHECK (length(financer_name) BETWEEN 1 AND 200),
  total_premium numeric(16, 2) NOT NULL,
  down_payment numeric(16, 2) NOT NULL CHECK (down_payment >= 0),
  apr numeric(7, 3) NOT NULL CHECK (apr >= 0 AND apr <= 100),
  number_of_installments integer NOT NULL CHECK (number_of_installments BETWEEN 1 AND 60),
  amount_financed numeric(16, 2) NOT NULL,
  installment_amount numeric(16, 2) NOT NULL,
  finance_charge numeric(16, 2) NOT NULL,
  total_payment_amount numeric(16, 2) NOT NULL,
  first_installment_due date NOT NULL,
  status text NOT NULL CHECK (status IN ('OFFERED', 'ACCEPTED', 'WITHDRAWN')),
  offered_by uuid REFERENCES users(id) ON DELETE SET NULL,
  offered_at timestamptz NOT NULL,
  accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
  accepted_at timestamptz,
  signature text,
  customer_email text
);
-- At most one live plan (offered or accepted) per policy.
CREATE UNIQUE INDEX premium_financings_live_idx ON premium_financings (policy_id) WHERE status <> 'WITHDRAWN';
CREATE SEQUENCE finance_quote_seq;
