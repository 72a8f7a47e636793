-- Non-premium endorsements (spec 002 section 7: PUT nonpremium/{policyId}; section 4 'Policy actions':
-- non-premium edits): the named insured and the mailing address printed on a policy change without a premium
-- change. NULL is the client account's name (and no separate mailing address). Each change is a revision too
-- (kind NON_PREMIUM: the same terms, no premium change), so the policy's revisions tell its whole story.
ALTER TABLE policies ADD COLUMN named_insured text CHECK (named_insured IS NULL OR length(named_insured) BETWEEN 1 AND 200);
ALTER TABLE policies ADD COLUMN mailing_address jsonb;
ALTER TABLE policy_revisions DROP CONSTRAINT policy_revisions_kind_check;
ALTER TABLE policy_revisions ADD CONSTRAINT policy_revisions_kind_check CHECK (kind IN ('ENDORSEMENT', 'REVERT', 'NON_PREMIUM'));
