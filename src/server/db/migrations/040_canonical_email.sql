-- One canonical form of an e-mail address (issue 27 item 2, decision record 028): NFKC, ASCII
-- letters lower-cased, printable ASCII only. The server writes every address through
-- src/shared/email-address.ts; this makes the database refuse any other spelling, and replaces
-- the unique index on lower(email) (whose folding depends on the database's locale: it turned
-- 'İnvestor' into 'investor' while the server's sign-in limit did not) with one on the address itself.
-- Existing rows: the same folding in SQL (translate() is locale-free). An address that has no
-- ASCII form, or two accounts that become one address, stop the migration with a message naming
-- them (an operator must decide; nothing is merged or dropped silently).
DO $$ DECLARE bad text; BEGIN SELECT string_agg(email, ', ') INTO bad FROM profiles WHERE normalize(btrim(email), NFKC) COLLATE "C" !~ '^[!-~]+$'; IF bad IS NOT NULL THEN RAISE EXCEPTION 'Migration 040: these account e-mail addresses are not plain ASCII and cannot be made canonical (decision record 028): %. Change them, then start again.', bad; END IF; SELECT string_agg(c, ', ') INTO bad FROM (SELECT translate(normalize(btrim(email), NFKC), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') AS c FROM profiles GROUP BY 1 HAVING count(*) > 1) d; IF bad IS NOT NULL THEN RAISE EXCEPTION 'Migration 040: several accounts share one canonical e-mail address (decision record 028): %. Merge or change them, then start again.', bad; END IF; END $$;

DROP INDEX profiles_email_lower_key;

UPDATE profiles SET email = translate(normalize(btrim(email), NFKC), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
 WHERE email <> translate(normalize(btrim(email), NFKC), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');

ALTER TABLE profiles ADD CONSTRAINT profiles_email_canonical
  CHECK (email COLLATE "C" ~ '^[!-~]+$' AND email = translate(email, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') AND char_length(email) <= 254);

CREATE UNIQUE INDEX profiles_email_key ON profiles (email);

-- The recovery limit counts requests per canonical address (the server folds before it writes).
DROP INDEX password_reset_requests_email_idx;
UPDATE password_reset_requests SET email = translate(normalize(btrim(email), NFKC), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
CREATE INDEX password_reset_requests_email_idx ON password_reset_requests (email, created_at);
