-- Tamper-evident activity log (issue 33, decision 042). Every row carries a link of a hash chain:
-- row_hash = sha256(prev_hash || '|' || canonical content), prev_hash = the previous link's
-- row_hash, chain_seq = its position (1, 2, ...). The links are computed in the transaction that
-- writes the row, by a deferred constraint trigger: at commit, so the chain head is locked only
-- for the commit itself (a transaction that logs early and locks other rows later can never
-- deadlock with another on the head) and two transactions never fork the chain (the head row is
-- locked FOR UPDATE; PGlite has one connection anyway). A row inserted by SQL with the trigger
-- off has no link, one altered no longer matches its hash, one deleted leaves a gap: npm run
-- audit:verify and the admin screen walk the chain (src/server/modules/audit/verify.ts, which
-- recomputes every hash in TypeScript from the columns, not with the function below).

ALTER TABLE activity_logs ADD COLUMN chain_seq bigint, ADD COLUMN prev_hash text, ADD COLUMN row_hash text;

-- One row per chain: its last link. 64 zeros is the hash before the first row. The row appears
-- with the first chained write (a fresh database stays empty: a restore needs one).
CREATE TABLE audit_chain_heads (
  chain text PRIMARY KEY,
  seq bigint NOT NULL,
  hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The canonical content of a row (version 1): each field as <UTF-8 byte length>:<text>, or ~ for
-- NULL, joined with |; the time in UTC with microseconds (independent of the session's zone); the
-- details as PostgreSQL's jsonb text (deterministic: keys ordered, one spacing).
-- A column added to activity_logs later is NOT covered until a version 2 of this function.
CREATE FUNCTION audit_field(v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN v IS NULL THEN '~' ELSE octet_length(v)::text || ':' || v END
$$;
CREATE FUNCTION activity_log_canonical(a activity_logs) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT 'v1|' || audit_field(a.id::text) || '|' || audit_field(a.activity_type) || '|' || audit_field(a.user_id::text)
    || '|' || audit_field(a.target_user_id::text) || '|' || audit_field(a.details::text) || '|' || audit_field(a.ip_address)
    || '|' || audit_field(to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
$$;
CREATE FUNCTION audit_link_hash(prev text, content text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(prev || '|' || content, 'UTF8')), 'hex')
$$;

-- The existing rows, in id order (the order they were written).
DO $$
DECLARE
  r record;
  h text := repeat('0', 64);
  s bigint := 0;
BEGIN
  FOR r IN SELECT a.id, activity_log_canonical(a) AS content FROM activity_logs a ORDER BY a.id LOOP
    s := s + 1;
    UPDATE activity_logs SET chain_seq = s, prev_hash = h, row_hash = audit_link_hash(h, r.content) WHERE id = r.id
      RETURNING row_hash INTO h;
  END LOOP;
  IF s > 0 THEN
    INSERT INTO audit_chain_heads (chain, seq, hash) VALUES ('activity_logs', s, h);
  END IF;
END $$;

CREATE UNIQUE INDEX activity_logs_chain_seq_idx ON activity_logs (chain_seq);
-- Rows without a link (inserted around the trigger): found by the verify without a scan.
CREATE INDEX activity_logs_unchained_idx ON activity_logs (id) WHERE chain_seq IS NULL;

CREATE FUNCTION activity_logs_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head_seq bigint;
  head_hash text;
  h text;
  logged activity_logs;
BEGIN
  -- The first write creates the head (a second one at once waits for it, then locks it).
  INSERT INTO audit_chain_heads (chain, seq, hash) VALUES ('activity_logs', 0, repeat('0', 64)) ON CONFLICT (chain) DO NOTHING;
  SELECT seq, hash INTO head_seq, head_hash FROM audit_chain_heads WHERE chain = 'activity_logs' FOR UPDATE;
  SELECT * INTO logged FROM activity_logs WHERE id = NEW.id;
  h := audit_link_hash(head_hash, activity_log_canonical(logged));
  UPDATE activity_logs SET chain_seq = head_seq + 1, prev_hash = head_hash, row_hash = h WHERE id = NEW.id;
  UPDATE audit_chain_heads SET seq = head_seq + 1, hash = h, updated_at = now() WHERE chain = 'activity_logs';
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER activity_logs_chain AFTER INSERT ON activity_logs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION activity_logs_chain();

-- Append-only, now enforced: the only update is the chain trigger's, setting the link of a row
-- that has none and nothing else; no delete. (An operator can still disable this: the chain and
-- the exported head hash are what detect that.)
CREATE FUNCTION activity_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.chain_seq IS NULL AND NEW.chain_seq IS NOT NULL
     AND (OLD.id, OLD.activity_type, OLD.user_id, OLD.target_user_id, OLD.details, OLD.ip_address, OLD.created_at)
         IS NOT DISTINCT FROM (NEW.id, NEW.activity_type, NEW.user_id, NEW.target_user_id, NEW.details, NEW.ip_address, NEW.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'activity_logs is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER activity_logs_append_only BEFORE UPDATE OR DELETE ON activity_logs
  FOR EACH ROW EXECUTE FUNCTION activity_logs_append_only();
