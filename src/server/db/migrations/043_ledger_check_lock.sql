-- The commitment check of migration 032 locked the deal FOR UPDATE after the insert. The new
-- ledger row's foreign key to deals already holds a KEY SHARE lock on that deal row, and FOR
-- UPDATE conflicts with KEY SHARE: two raw inserts at once each waited for the other (PostgreSQL
-- aborted one as a deadlock, so 30 concurrent inserts of 100 against 1,000 landed 3, not 10).
-- FOR NO KEY UPDATE does not conflict with KEY SHARE and still conflicts with itself, so the
-- checks run one at a time per deal and every one that fits lands. Same function otherwise.
CREATE OR REPLACE FUNCTION ledger_within_commitment() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- FOR NO KEY UPDATE, not FOR UPDATE: the inserted row's foreign key already holds a KEY SHARE
  -- lock on the deal, which FOR UPDATE conflicts with (two inserts at once deadlocked on
  -- PostgreSQL); NO KEY UPDATE still serialises these checks with each other.
  PERFORM 1 FROM deals WHERE id = NEW.deal_id FOR NO KEY UPDATE;
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
