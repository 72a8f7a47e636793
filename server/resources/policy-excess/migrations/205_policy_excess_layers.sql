-- Excess and ad-hoc excess (spec 002 'Policy actions': issue or rescind excess and ad-hoc excess; section 7
-- excess and ad-hoc excess, PUT P250/excess/cancel/{id}): a layer of cover above a Prime 250 policy in force,
-- following its form. An excess layer is rated with the Prime 250 Excess product (its retention is the
-- underlying limit it attaches above); an ad-hoc layer is priced by an underwriter for an attachment or
-- limit the product does not offer. The layer's premium is added to what the policy's payer owes, and given
-- back in full when the layer is rescinded.
CREATE SEQUENCE excess_layer_number_seq;
CREATE TABLE policy_excess_layers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- 'X-2026-000042'
  layer_number text NOT NULL UNIQUE,
  policy_id uuid NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('EXCESS', 'AD_HOC')),
  status text NOT NULL CHECK (status IN ('ISSUED', 'RESCINDED')),
  layer_limit numeric(16, 2) NOT NULL CHECK (layer_limit > 0),
  attachment numeric(16, 2) NOT NULL CHECK (attachment > 0),
  premium numeric(16, 2) NOT NULL CHECK (premium >= 0),
  total_premium numeric(16, 2) NOT NULL CHECK (total_premium >= 0),
  reason text CHECK (reason IS NULL OR length(reason) <= 500),
  rating jsonb,
  issued_by uuid REFERENCES users(id) ON DELETE SET NULL,
  issued_at timestamptz NOT NULL,
  rescinded_by uuid REFERENCES users(id) ON DELETE SET NULL,
  rescinded_at timestamptz,
  rescind_reason text CHECK (rescind_reason IS NULL OR length(rescind_reason) <= 500)
);
CREATE INDEX policy_excess_layers_policy_idx ON policy_excess_layers (policy_id, issued_at);
-- One layer in force per attachment point of a policy.
CREATE UNIQUE INDEX policy_excess_layers_attachment_idx ON policy_excess_layers (policy_id, attachment) WHERE status = 'ISSUED';
