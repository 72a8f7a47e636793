-- The signature header each processor event was first accepted with. The same event signed again (the
-- processor's retry, with a new timestamp) is answered as a duplicate; the very same delivery sent again
-- (a replay by someone who captured it) is refused.
ALTER TABLE payment_processor_events ADD COLUMN signature text;
