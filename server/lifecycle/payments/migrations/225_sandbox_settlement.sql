-- The sandbox processor settles charges and tells the console from its own books, as a real processor does:
-- a sweep settles what is due (so a restart of the server loses no settlement) and posts the signed webhook
-- until the console takes it, with one event id per settlement so the console can tell a retry from news.
ALTER TABLE sandbox_processor_charges ADD COLUMN webhook_event_id text;
ALTER TABLE sandbox_processor_charges ADD COLUMN webhook_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE sandbox_processor_charges ADD COLUMN webhook_next_at timestamptz;
ALTER TABLE sandbox_processor_charges ADD COLUMN webhook_delivered_at timestamptz;
CREATE INDEX sandbox_processor_charges_due_idx ON sandbox_processor_charges (settles_at) WHERE status = 'processing';
CREATE INDEX sandbox_processor_charges_webhook_idx ON sandbox_processor_charges (webhook_next_at) WHERE webhook_delivered_at IS NULL AND webhook_next_at IS NOT NULL;
