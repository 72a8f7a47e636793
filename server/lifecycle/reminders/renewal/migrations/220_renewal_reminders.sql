-- Renewal reminders (spec 002 section 4 Policy actions 'mute renewal reminders'): the agent of a policy in force
-- (else its agency's contact) is e-mailed RENEWAL_REMINDER_LEAD_DAYS before the end date to renew it, unless the
-- policy's reminders are muted, it is opted out of renewal or already renewed.

-- Every reminder, one per policy and lead time. The sweep claims a row (policies locked FOR UPDATE SKIP LOCKED,
-- the row inserted or a lapsed claim taken over) before it mails, and marks it sent after: two servers never
-- send the same reminder, and a claim whose server died before sending lapses at claimed_until.
CREATE TABLE renewal_reminders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  policy_id uuid NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
  -- Days before the end date the reminder is for (60, 30, 7).
  lead_days integer NOT NULL CHECK (lead_days BETWEEN 1 AND 366),
  -- The end date the mail named (policy dates may later move).
  end_date date NOT NULL,
  recipient text NOT NULL CHECK (length(recipient) BETWEEN 3 AND 320),
  -- NULL once sent, or when a failed mail gave the claim back.
  claimed_until timestamptz,
  sent_at timestamptz,
  UNIQUE (policy_id, lead_days)
);

-- The sweep reads policies in force by their end date.
CREATE INDEX policies_in_force_end_idx ON policies (end_date) WHERE status IN ('ISSUED', 'ACTIVE');
