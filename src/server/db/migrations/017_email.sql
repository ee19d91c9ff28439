-- E-mail: a durable outbox written in the same transaction as the event that causes each
-- e-mail, password-recovery tokens (only their SHA-256 stored), per-user notification
-- preferences and the once-a-day digests (see docs/decisions/011-email-outbox.md).
CREATE TABLE email_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  to_address text NOT NULL,
  user_id uuid,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- While 'sending': the instance holding it must finish by then, or another one takes it over.
  locked_until timestamptz,
  last_error text,
  smtp_response text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at, id) WHERE status IN ('queued', 'sending');
CREATE INDEX email_outbox_created_idx ON email_outbox (created_at DESC, id DESC);
CREATE INDEX email_outbox_status_idx ON email_outbox (status, id DESC);

CREATE TABLE password_reset_tokens (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  ip_address text
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

-- Recovery requests, counted per address and per client for the rate limits (kept apart
-- from the activity log so that unknown addresses leave no trace there).
CREATE TABLE password_reset_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  ip_address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_requests_email_idx ON password_reset_requests ((lower(email)), created_at);
CREATE INDEX password_reset_requests_ip_idx ON password_reset_requests (ip_address, created_at);

-- A user's own switches: the topics they turned off; the token signs their unsubscribe links.
CREATE TABLE notification_preferences (
  user_id uuid PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  disabled_topics text[] NOT NULL DEFAULT '{}',
  unsubscribe_token text NOT NULL UNIQUE,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per digest and day: the instance that inserts it sends the digest, nobody else.
CREATE TABLE email_digests (
  kind text NOT NULL,
  day date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, day)
);

-- A deal is announced to investors once, the first time it is open for subscription.
CREATE TABLE deal_open_alerts (
  deal_id uuid PRIMARY KEY REFERENCES deals (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Deals that exist before this version are not announced as new.
INSERT INTO deal_open_alerts (deal_id) SELECT id FROM deals;
