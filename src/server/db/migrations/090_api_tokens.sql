-- Personal access tokens (issue 34, decision 044): only the SHA-256 of the secret is stored.
CREATE TABLE api_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  token_hash text NOT NULL UNIQUE,
  hint text NOT NULL,
  scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  last_used_ip text,
  revoked_at timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX api_tokens_user ON api_tokens (user_id, created_at DESC);
