-- The agency's shared inbox (spec 002 section 2 '{basePath}/inbox', section 3 Message: dateReceived, seenBy,
-- isArchived, isStarred, labels): what the underwriting desk and the policyholder did with the agency's quotes
-- and submissions, one message each. Archived, starred and labels are the agency's (a shared inbox); seen_by
-- lists every user of the agency who has opened the message.
CREATE TABLE inbox_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The tenant: the agency whose inbox it is.
  agency_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  -- The client the message is about.
  account_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
  quote_id uuid REFERENCES quotes(id) ON DELETE CASCADE,
  submission_id uuid REFERENCES submissions(id) ON DELETE CASCADE,
  -- What happened: 'quote.release', 'submission.decline', … (the audit action it follows).
  kind text NOT NULL,
  subject text NOT NULL,
  body text,
  received_at timestamptz NOT NULL,
  seen_by uuid[] NOT NULL DEFAULT '{}',
  is_archived boolean NOT NULL DEFAULT false,
  is_starred boolean NOT NULL DEFAULT false,
  labels text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX inbox_messages_agency_idx ON inbox_messages (agency_id, received_at DESC);
CREATE INDEX inbox_messages_quote_idx ON inbox_messages (quote_id);
CREATE INDEX inbox_messages_submission_idx ON inbox_messages (submission_id);
