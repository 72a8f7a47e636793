-- Notes on an account (spec 002 section 3 Other 'Notes: id, created, modified, lastUpdated, createdBy,
-- noteType'; section 8 'note save: 'Failed to save note''). Notes are added and read, never edited by
-- others: modified_at moves only when the author corrects one.
CREATE TABLE account_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  note text NOT NULL CHECK (length(note) BETWEEN 1 AND 4000),
  -- A value of definitions/lists/account-note-types.json.
  note_type text NOT NULL DEFAULT 'GENERAL' CHECK (note_type IN ('GENERAL', 'UNDERWRITING', 'SALES', 'CLAIMS')),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL
);
CREATE INDEX account_notes_account_idx ON account_notes (account_id, created_at DESC);
