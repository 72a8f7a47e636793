-- The role permissions the code's role definitions have granted once (server/auth/roles.ts). A permission added
-- to a role definition later reaches existing databases on their next start; a grant an administrator removed
-- afterwards stays removed, because it is recorded here as already seeded.
CREATE TABLE seeded_role_grants (
  role_id text NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  permission text NOT NULL,
  PRIMARY KEY (role_id, permission)
);
INSERT INTO seeded_role_grants (role_id, permission) SELECT role_id, permission FROM role_permissions;
