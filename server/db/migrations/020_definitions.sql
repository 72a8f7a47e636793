-- Published versions of definitions, edition settings and overlays. The files under definitions/ and
-- editions/ are version 0 of each key (never stored); every publish or restore appends version n+1.
-- Rows are never updated or deleted: the history is the table.
--   key: a definition id ('claim'), an edition's settings ('edition:us'), an overlay ('overlay:uk:claim')
CREATE TABLE definition_versions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key text NOT NULL CHECK (key ~ '^([a-z][a-z0-9]*(-[a-z0-9]+)*|edition:[a-z]{2}|overlay:[a-z]{2}:[a-z][a-z0-9]*(-[a-z0-9]+)*)$'),
  version integer NOT NULL CHECK (version >= 1),
  -- json, not jsonb: jsonb reorders object keys, and the order of schema properties is the order of fields
  -- an author wrote (nested objects are laid out in it); the stored document is exactly the published one.
  document json NOT NULL,
  note text NOT NULL CHECK (length(btrim(note)) > 0),
  author_user_id uuid REFERENCES users(id),
  created_at timestamptz NOT NULL,
  -- Set when this version is a restore of an earlier one (0: the file default).
  restored_from integer CHECK (restored_from >= 0),
  -- Two staff publishing on the same base: the second insert of the same version fails here.
  UNIQUE (key, version)
);

-- Everyone reads definitions; provider staff publish them. Roles are seeded only when missing, so roles
-- that already exist get the permissions here (a new database gets them from server/auth/roles.ts).
INSERT INTO role_permissions (role_id, permission)
SELECT id, 'definitions:read' FROM roles
ON CONFLICT DO NOTHING;
INSERT INTO role_permissions (role_id, permission)
SELECT id, 'definitions:write' FROM roles WHERE id IN ('provider-super-admin', 'provider-underwriter')
ON CONFLICT DO NOTHING;
