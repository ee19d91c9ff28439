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
