-- The language each user chose (issue 16): NULL follows the company default (Settings, General
-- tab). Part of the session's user, so a change drops cached sessions like a name change does.
ALTER TABLE profiles ADD COLUMN language text CHECK (language IN ('en', 'ar'));

DROP TRIGGER profiles_invalidate ON profiles;
CREATE TRIGGER profiles_invalidate AFTER UPDATE ON profiles
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.admin_user_type IS DISTINCT FROM NEW.admin_user_type
    OR OLD.investor_user_type IS DISTINCT FROM NEW.investor_user_type OR OLD.language IS DISTINCT FROM NEW.language
  ) EXECUTE FUNCTION sd_notify_profile_changed();
