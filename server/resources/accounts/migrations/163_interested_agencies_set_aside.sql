-- A policyholder who makes an agency's agent its own sets the other interested agencies aside (spec 001
-- section 4 'Set my agent'); removing the agent brings them back, so they are kept with the time they
-- were set aside rather than deleted.
ALTER TABLE account_interested_agencies ADD COLUMN set_aside_at timestamptz;
