-- The agency's inbox also hears of what the provider did with its policies (issue 35: a cancellation, its
-- undoing, a void each hand the policy back to the agency): the message names the policy it is about.
ALTER TABLE inbox_messages ADD COLUMN policy_id uuid REFERENCES policies(id) ON DELETE CASCADE;
CREATE INDEX inbox_messages_policy_idx ON inbox_messages (policy_id);
