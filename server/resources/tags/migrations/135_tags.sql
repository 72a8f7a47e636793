-- Tags (spec 001 section 3 Tag: a name; an account holds a list of tags). Each organisation (an agency) keeps its
-- own tags and applies them to the client accounts it manages; account_tags is the account's list. Deleting a
-- tag takes it off every account.
CREATE TABLE tags (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 50),
  created_at timestamptz NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX tags_name_idx ON tags (account_id, lower(name));

CREATE TABLE account_tags (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  tag_id uuid NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
  applied_at timestamptz NOT NULL,
  applied_by uuid REFERENCES users(id) ON DELETE SET NULL,
  PRIMARY KEY (account_id, tag_id)
);
CREATE INDEX account_tags_tag_idx ON account_tags (tag_id);
