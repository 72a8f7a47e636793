-- The audit log is append-only in the database itself: the application's own role can add entries but not
-- change or remove them, so a compromised server cannot cover its tracks through the application.

CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_log_no_update_or_delete
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();

CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

-- The staff search filters by action and actor and pages by time.
CREATE INDEX audit_log_action_idx ON audit_log (action, at);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_user_id, at);
