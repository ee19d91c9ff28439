-- Issue 14: counters that hold under concurrency, two-factor sign-in, per-user API rate limit.

-- Attempts counted by the sign-in, two-factor, change-password and sign-up limits. A slot is
-- reserved (outcome 'pending', counted as a failure) under a lock per account and per client before the password is
-- checked, so parallel guesses cannot all pass the check before any failure is written.
CREATE TABLE auth_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('sign_in', 'change_password', 'sign_up')),
  account text,
  ip_address text,
  outcome text NOT NULL DEFAULT 'pending' CHECK (outcome IN ('pending', 'failed', 'ok')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_attempts_account ON auth_attempts (kind, account, created_at);
CREATE INDEX auth_attempts_ip ON auth_attempts (kind, ip_address, created_at);

-- Per-user API request counter, one row per user and fixed one-hour window (shared by every
-- instance on one PostgreSQL; INSERT ... ON CONFLICT makes the increment atomic).
CREATE TABLE api_rate_counters (
  user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (user_id, window_start)
);

-- TOTP (RFC 6238). The secret is kept until enrolment is confirmed (enabled_at set).
CREATE TABLE two_factor (
  user_id uuid PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  secret text NOT NULL,
  enabled_at timestamptz,
  last_used_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Ten single-use recovery codes per enrolment, stored as SHA-256 (they are 50 random bits each).
CREATE TABLE recovery_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX recovery_codes_user ON recovery_codes (user_id);

-- A session that has passed the password but not yet the second step: 'verify' (give a code) or
-- 'enrol' (an admin who must set up two-factor first). Such a session reaches only those routes.
ALTER TABLE sessions ADD COLUMN second_factor text CHECK (second_factor IN ('verify', 'enrol'));

-- The session cache (decision 015) keeps only fully signed-in sessions; a change of the second
-- step in either direction is announced too, so no instance can keep a stale view of it.
CREATE TRIGGER sessions_second_factor_invalidate AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (OLD.second_factor IS DISTINCT FROM NEW.second_factor)
  EXECUTE FUNCTION sd_notify_session_changed();
