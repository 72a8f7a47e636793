-- Premium received while a quote is a binder (spec 002 section 4 Dashboard filters: binders paid/unpaid). Such a
-- payment is the bound quote's until its policy is issued; issuing moves it onto the policy (policy_id set, quote_id
-- kept as where it was taken), where every payment of the policy counts. A transaction is always on one of them.
ALTER TABLE payment_transactions ALTER COLUMN policy_id DROP NOT NULL;
ALTER TABLE payment_transactions ADD COLUMN quote_id uuid REFERENCES quotes(id) ON DELETE CASCADE;
ALTER TABLE payment_transactions ADD CONSTRAINT payment_transactions_owner CHECK (policy_id IS NOT NULL OR quote_id IS NOT NULL);
CREATE INDEX payment_transactions_quote_idx ON payment_transactions (quote_id) WHERE quote_id IS NOT NULL;
