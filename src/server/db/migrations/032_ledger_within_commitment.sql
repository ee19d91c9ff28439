-- Issue 27 item 3, decision record 024: the database itself keeps an investor's capital account
-- within their commitment, whatever path writes to it.
--   contributed (contributions outside management-fee calls, less their reversals) <= committed
--   called (call entries and contributions outside any call, less their reversals) <= committed
-- and a contribution is never received against a call line that was cancelled (its call or fee
-- entry reversed). Checked after each inserted entry, with the deal row locked first, so two
-- transactions at once cannot each pass on the other's stale total (READ COMMITTED: the sums
-- are read after the lock, so they see whatever committed before it). A restore inserts with
-- user triggers disabled (restore.ts), like the append-only guard.
CREATE FUNCTION ledger_within_commitment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  committed numeric;
  contributed numeric;
  called numeric;
BEGIN
  -- Only entries that can raise a contribution or a call, or lower a commitment, need the check.
  IF NOT (NEW.kind IN ('contribution', 'call')
          OR (NEW.kind = 'reversal' AND NEW.reversed_kind = 'commitment')) THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM deals WHERE id = NEW.deal_id FOR UPDATE;
  IF NEW.kind = 'contribution' AND NEW.call_id IS NOT NULL AND EXISTS (
       SELECT 1 FROM ledger_entries r WHERE r.call_id = NEW.call_id AND r.investor_id = NEW.investor_id
          AND r.kind = 'reversal' AND r.reversed_kind IN ('call', 'fee')) THEN
    RAISE EXCEPTION 'ledger_within_commitment: a receipt against a cancelled call line'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_within_commitment';
  END IF;
  SELECT
    coalesce(sum(CASE WHEN coalesce(e.reversed_kind, e.kind) = 'commitment' THEN s.sign * e.amount END), 0),
    coalesce(sum(CASE WHEN coalesce(e.reversed_kind, e.kind) = 'contribution' AND NOT coalesce(c.fee_charge, false)
                      THEN s.sign * e.amount END), 0),
    coalesce(sum(CASE WHEN coalesce(e.reversed_kind, e.kind) = 'call'
                        OR (coalesce(e.reversed_kind, e.kind) = 'contribution' AND e.call_id IS NULL)
                      THEN s.sign * e.amount END), 0)
    INTO committed, contributed, called
    FROM ledger_entries e
    CROSS JOIN LATERAL (SELECT CASE WHEN e.kind = 'reversal' THEN -1 ELSE 1 END AS sign) s
    LEFT JOIN capital_calls c ON c.id = e.call_id
   WHERE e.investor_id = NEW.investor_id AND e.deal_id = NEW.deal_id;
  IF contributed > committed THEN
    RAISE EXCEPTION 'ledger_within_commitment: contributions % above the commitment %', contributed, committed
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_within_commitment';
  END IF;
  IF called > committed THEN
    RAISE EXCEPTION 'ledger_within_commitment: calls % above the commitment %', called, committed
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_within_commitment';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_entries_within_commitment AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_within_commitment();
