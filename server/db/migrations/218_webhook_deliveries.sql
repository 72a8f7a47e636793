-- Webhook deliveries: each event sent to an organisation's webhook (today a lead sync, spec 002 section 7
-- 'Lead sync takes the account id'). The delivery sweep (server/resources/webhooks/deliver-webhooks.ts)
-- sends it, signed with the webhook's client secret, until the receiver answers 2xx or the attempts run out.
-- The body is kept as first built, so every attempt carries the same event and id (receivers deduplicate).
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  webhook_id uuid NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  -- The organisation the webhook belongs to: the tenant of the delivery log.
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  event text NOT NULL,
  -- What the event is about, as the log shows it (the client's name for a lead).
  subject text NOT NULL,
  subject_id uuid,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Delivered', 'Failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- When the sweep may next send it; a sweep that takes it moves this past its own attempt, so two servers
  -- never send it at once.
  next_attempt_at timestamptz,
  last_attempt_at timestamptz,
  response_status integer,
  last_error text,
  requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  delivered_at timestamptz,
  CHECK ((status = 'Pending') = (next_attempt_at IS NOT NULL))
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'Pending';
CREATE INDEX webhook_deliveries_account_idx ON webhook_deliveries (account_id, created_at DESC);
CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id);
