-- The underwriting desk's work on a submission (spec 002 section 4 'Submissions can be assigned, declined,
-- certified, marked non-viable or complete'; section 3 Submission: status, operational status, assignee;
-- Submission decline: declinationReason, declinationReasonDescription, fillInDeclinationReason).
-- `status` stays the quote-status value the dashboards filter on (REQUESTED, IN_REVIEW, DECLINED); the
-- operational status says where the desk's own work stands (definitions/lists/submission-operational-statuses.json).
ALTER TABLE submissions
  ADD COLUMN operational_status text NOT NULL DEFAULT 'OPEN'
    CHECK (operational_status IN ('OPEN', 'CERTIFIED', 'NON_VIABLE', 'COMPLETE')),
  ADD COLUMN assignee_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN certified_at timestamptz,
  ADD COLUMN certified_by uuid REFERENCES users(id) ON DELETE SET NULL,
  -- {code, summary, description, by, at}: summary is the code's label or the fill-in text that replaces it.
  ADD COLUMN declination jsonb;
CREATE INDEX submissions_assignee_idx ON submissions (assignee_user_id);
