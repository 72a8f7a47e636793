-- When the agency was told that a charge failed (issue 35: a failed payment hands the policy back to the
-- agency): set once, so a processor's answer read again or a webhook after the payer's own read tells nobody twice.
ALTER TABLE payment_transactions ADD COLUMN failure_notified_at timestamptz;
