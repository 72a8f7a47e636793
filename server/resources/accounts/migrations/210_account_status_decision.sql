-- Why an account was declined or lost, and the status it had before (spec 002 section 4 'Accounts can be
-- declined, undeclined or marked lost'; section 3 Account decline: productType, reason, reasonSummary).
-- {kind: 'declined'|'lost', productType, reasonSummary, reason, by, at, previous}; undeclining or reopening
-- the account restores `previous` and clears it.
ALTER TABLE account_profiles ADD COLUMN status_decision jsonb;
