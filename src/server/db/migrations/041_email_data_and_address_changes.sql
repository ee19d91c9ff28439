-- User text in e-mails is data (issue 27 item 5, decision record 028). The List-Unsubscribe
-- header is built from this column, written by the server with the e-mail, never from the body
-- (a sign-up name could carry an unsubscribe link of its own).
ALTER TABLE email_outbox ADD COLUMN unsubscribe_path text;

-- Links are now written against a placeholder made of control characters that no user value can
-- contain (U+001F PUBLIC_URL U+001F). E-mails still waiting to go out get the new placeholder, so
-- their links keep working; sent ones are history and stay as they were.
UPDATE email_outbox
   SET text_body = replace(text_body, '{{PUBLIC_URL}}', chr(31) || 'PUBLIC_URL' || chr(31)),
       html_body = replace(html_body, '{{PUBLIC_URL}}', chr(31) || 'PUBLIC_URL' || chr(31))
 WHERE status IN ('queued', 'sending', 'failed');

-- A founder's change of an administrator's address (issue 27 item 12, decision record 028): the
-- link goes to the new address (only its SHA-256 stored); nothing changes until it is confirmed.
CREATE TABLE email_change_tokens (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  new_email text NOT NULL
    CHECK (new_email COLLATE "C" ~ '^[!-~]+$' AND new_email = translate(new_email, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')),
  requested_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_change_tokens_user_idx ON email_change_tokens (user_id);
