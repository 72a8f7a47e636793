-- Notice of cancellation (spec 002 'Policy actions': stop notice of cancellation; section 7 noc/reason and
-- noc/{policyId}): provider staff give the policyholder notice that the policy will be cancelled at the end of
-- the notice period the reason requires; the policy is CANCEL PENDING until then (the calendar cancels it on
-- the day), and stopping the notice puts it back in force. The reason and when notice was given are kept.
ALTER TABLE policies ADD COLUMN noc_reason text;
ALTER TABLE policies ADD COLUMN noc_issued_at timestamptz;
