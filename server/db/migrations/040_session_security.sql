-- Session security: sign-in throttling by (account, address) pair, workflow lockout, the demo-password
-- marker, and the permissions that keep the mailbox and definition history for provider staff.

-- Sign-in failures are now counted per address, per (account, address) pair and per account (the last one
-- only slows answers down, it never locks), and wrong workflow codes per address.
ALTER TABLE auth_throttle DROP CONSTRAINT IF EXISTS auth_throttle_scope_check;
ALTER TABLE auth_throttle ADD CONSTRAINT auth_throttle_scope_check
  CHECK (scope IN ('account','address','account-address','workflow-address'));

-- One-time-code workflows lock after a few wrong codes; asking for a new code (sent to the owner) unlocks.
ALTER TABLE workflows ADD COLUMN failed_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE workflows ADD COLUMN locked_at timestamptz;

-- Set by the demo seed and cleared by every password change: a production start refuses to run while
-- any user still signs in with the published demo password.
ALTER TABLE users ADD COLUMN has_demo_password boolean NOT NULL DEFAULT false;

-- The development mailbox and definition history (authors, notes) are for provider staff only. Roles are
-- written from server/auth/roles.ts only when missing, so existing databases get the grants here.
INSERT INTO role_permissions (role_id, permission)
SELECT r.id, p.permission
FROM roles r
JOIN (VALUES
  ('provider-super-admin', 'mailbox:read'),
  ('provider-super-admin', 'definitions:history'),
  ('provider-operator', 'definitions:history'),
  ('provider-underwriter', 'definitions:history')
) AS p(role_id, permission) ON p.role_id = r.id
ON CONFLICT DO NOTHING;
