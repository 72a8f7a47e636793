-- The quotes made for a submission (the quote flow's verify-submission step counts them): without this the
-- count reads every quote.
CREATE INDEX quotes_submission_idx ON quotes (submission_id) WHERE submission_id IS NOT NULL;
