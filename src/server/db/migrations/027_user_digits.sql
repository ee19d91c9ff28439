-- The digits each user reads numbers in (issue 16): 'latn' (0123, the default) or 'arab' (Arabic-Indic
-- ٠١٢٣). Only Arabic pages use it; English is always Western. Part of the session's user, so a
-- change drops cached sessions like a language change does.
ALTER TABLE profiles ADD COLUMN digits text NOT NULL DEFAULT 'latn' CHECK (digits IN ('latn', 'arab'));

DROP TRIGGER profiles_invalidate ON profiles;
CREATE TRIGGER profiles_invalidate AFTER UPDATE ON profiles
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.admin_user_type IS DISTINCT FROM NEW.admin_user_type
    OR OLD.investor_user_type IS DISTINCT FROM NEW.investor_user_type OR OLD.language IS DISTINCT FROM NEW.language
    OR OLD.digits IS DISTINCT FROM NEW.digits
  ) EXECUTE FUNCTION sd_notify_profile_changed();
