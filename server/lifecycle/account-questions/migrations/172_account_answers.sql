-- What a client account answered (spec 002 section 3 'Security questions', 'Social engineering answers' and
-- 'Underwriting application questionnaire'), saved on the account so every quote of it reads the same answers.
-- The answers are kept as the form sent them (the forms are definitions that staff change without a
-- migration); the server checks them with the bound form definition before they are stored.
CREATE TABLE account_security_answers (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  answers jsonb NOT NULL,
  modified_at timestamptz NOT NULL,
  modified_by uuid REFERENCES users(id) ON DELETE SET NULL
);

-- One row per questionnaire an account has answered: 'cyber' (the US cyber and UK application) or 'tech-eo'.
CREATE TABLE account_questionnaires (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  questionnaire text NOT NULL CHECK (questionnaire IN ('cyber', 'tech-eo')),
  answers jsonb NOT NULL,
  modified_at timestamptz NOT NULL,
  modified_by uuid REFERENCES users(id) ON DELETE SET NULL,
  PRIMARY KEY (account_id, questionnaire)
);
