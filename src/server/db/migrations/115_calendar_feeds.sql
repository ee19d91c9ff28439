-- Investors' private calendar feeds (issue 34, decision 048): the secret is in the feed's URL and
-- only its SHA-256 is stored. At most one live feed per user, held by the database itself.
CREATE TABLE calendar_feeds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  hint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE UNIQUE INDEX calendar_feeds_one_live ON calendar_feeds (user_id) WHERE revoked_at IS NULL;
