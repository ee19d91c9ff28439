-- Identity, sessions, activity logs and settings (foundation).
CREATE TABLE profiles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'investor')),
  admin_user_type text CHECK (admin_user_type IN ('founder', 'cio', 'legal', 'nairobi_lead')),
  investor_user_type text CHECK (investor_user_type IN ('hni', 'family_office', 'offshore_fund')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'suspended')),
  last_login timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- admin_user_type only for admins, investor_user_type only for investors (spec section 5).
  CHECK ((role = 'admin' AND investor_user_type IS NULL) OR (role = 'investor' AND admin_user_type IS NULL))
);
CREATE UNIQUE INDEX profiles_email_lower_key ON profiles (lower(email));

-- Credentials live apart from the profile so that no profile query can leak a hash.
CREATE TABLE credentials (
  user_id uuid PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  password_hash text NOT NULL,
  must_change_password boolean NOT NULL DEFAULT false,
  password_changed_at timestamptz NOT NULL DEFAULT now()
);

-- Server-side sessions. The cookie holds a random token; only its SHA-256 is stored.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  idle_timeout_seconds integer NOT NULL,
  expires_at timestamptz NOT NULL,
  ip_address text,
  user_agent text
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- Append-only: no route updates or deletes these rows. user_id has no foreign key so
-- that a deleted user's history stays (shown as 'Unknown').
CREATE TABLE activity_logs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  activity_type text NOT NULL,
  user_id uuid,
  target_user_id uuid,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip_address text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_logs_created_idx ON activity_logs (created_at DESC, id DESC);
CREATE INDEX activity_logs_type_created_idx ON activity_logs (activity_type, created_at DESC);
CREATE INDEX activity_logs_failed_email_idx ON activity_logs ((lower(details ->> 'email')), created_at)
  WHERE activity_type = 'user_login_failed';
CREATE INDEX activity_logs_failed_ip_idx ON activity_logs (ip_address, created_at)
  WHERE activity_type = 'user_login_failed';

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid
);
