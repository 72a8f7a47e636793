-- Endorsements and revisions (spec 002 'Policy actions': endorse, revisions and revert; section 9 'Endorsement
-- window: 14 days back and 30 days forward'). A policy's terms change mid-term by endorsement: each change is
-- a revision with the day it takes effect, the terms and the annual premium after it, and the pro-rata premium
-- it charged or returned for the rest of the term. Revision 0 is the policy as issued (its quote); a revert
-- undoes the latest endorsement as a revision of its own, so the history is never rewritten.
CREATE TABLE policy_revisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  policy_id uuid NOT NULL REFERENCES policies(id) ON DELETE CASCADE,
  revision integer NOT NULL CHECK (revision > 0),
  kind text NOT NULL CHECK (kind IN ('ENDORSEMENT', 'REVERT')),
  -- The revision a revert undid.
  reverts integer,
  endorsement_date date NOT NULL,
  agg_limit numeric(16, 2) NOT NULL,
  deductible numeric(16, 2) NOT NULL,
  -- The annual premium and the payer's annual total (taxes and fees in) after the change.
  annual_premium numeric(16, 2) NOT NULL,
  annual_total numeric(16, 2) NOT NULL,
  -- Charged (positive) or returned (negative) for the days from the endorsement date to the end of the term.
  premium_change numeric(16, 2) NOT NULL,
  total_change numeric(16, 2) NOT NULL,
  description text CHECK (description IS NULL OR length(description) <= 500),
  -- The rated request after the change (the next endorsement starts from it) and its rating with the trace.
  request_data jsonb NOT NULL,
  rating jsonb NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (policy_id, revision)
);
