-- What a user keeps for themselves across devices (spec 002 section 4 'Saved table views per user (column
-- order, visibility, density, sort) and the theme saved per user'). table_views maps a table definition's id
-- to its view (engine/table/table-view.ts), held to the definition when it is saved and when it is read.
CREATE TABLE user_preferences (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  theme text CHECK (theme IN ('light', 'dark')),
  table_views jsonb NOT NULL DEFAULT '{}',
  modified_at timestamptz NOT NULL
);
