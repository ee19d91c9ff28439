-- Cache invalidation (decision 015). Every change that can end a session or alter what a cached
-- session or the cached settings say is announced on the channel sd_invalidate, by the database
-- itself, so no code path (sign-out, suspension, password change or reset, user deletion, expiry
-- clean-up, a future route) can forget it. NOTIFY is delivered when the transaction commits, to
-- every listening server: each instance's session and settings caches drop the entry at once.
-- Payloads: 's:<session id>' (deleted, or its limits changed), 'u:<user id>', 'settings'. (Function bodies keep their semicolons
-- mid-line: migrate.ts splits statements at line-end semicolons.)
CREATE FUNCTION sd_notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM pg_notify('sd_invalidate', 's:' || OLD.id); RETURN NULL; END
$$;

CREATE TRIGGER sessions_invalidate AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION sd_notify_session_changed();

-- A session whose limits are changed by hand (expiry moved, idle timer set back) is re-read.
CREATE TRIGGER sessions_limits_invalidate AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (
    OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.idle_timeout_seconds IS DISTINCT FROM NEW.idle_timeout_seconds
    OR NEW.last_seen_at < OLD.last_seen_at
  ) EXECUTE FUNCTION sd_notify_session_changed();

CREATE FUNCTION sd_notify_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM pg_notify('sd_invalidate', 'u:' || NEW.id); RETURN NULL; END
$$;

CREATE FUNCTION sd_notify_credentials_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM pg_notify('sd_invalidate', 'u:' || NEW.user_id); RETURN NULL; END
$$;

CREATE TRIGGER profiles_invalidate AFTER UPDATE ON profiles
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.admin_user_type IS DISTINCT FROM NEW.admin_user_type
    OR OLD.investor_user_type IS DISTINCT FROM NEW.investor_user_type
  ) EXECUTE FUNCTION sd_notify_profile_changed();

CREATE TRIGGER credentials_invalidate AFTER UPDATE ON credentials
  FOR EACH ROW WHEN (
    OLD.password_hash IS DISTINCT FROM NEW.password_hash OR OLD.must_change_password IS DISTINCT FROM NEW.must_change_password
  ) EXECUTE FUNCTION sd_notify_credentials_changed();

CREATE FUNCTION sd_notify_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM pg_notify('sd_invalidate', 'settings'); RETURN NULL; END
$$;

CREATE TRIGGER settings_invalidate AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION sd_notify_settings_changed();
