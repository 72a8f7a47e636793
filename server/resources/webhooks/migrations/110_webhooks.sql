-- Webhooks (spec 001 sections 3 and 7): the credentials and address an organisation's receiver is reached
-- with. The client secret is needed again (the edit dialog shows it, a delivery presents it), so it is kept
-- encrypted (AES-256-GCM, key in server_secrets), never in clear.
CREATE TABLE webhooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  company_name text NOT NULL,
  client_id text NOT NULL,
  client_secret_sealed text NOT NULL,
  webhook_url text,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX webhooks_account_idx ON webhooks (account_id);
-- A receiver tells the organisation's webhooks apart by client id.
CREATE UNIQUE INDEX webhooks_account_client_idx ON webhooks (account_id, client_id);
