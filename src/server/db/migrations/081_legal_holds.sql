-- Legal hold (issue 33, decision 042): an admin puts an investor or a deal on hold with a reason;
-- nothing under an active hold is purged or erased until it is lifted. A hold is itself a record
-- (never deleted; lifting sets lifted_*), and it keeps its subject: the foreign keys RESTRICT, so
-- a held investor's profile cannot be deleted, and a delete racing a new hold waits for it.
CREATE TABLE legal_holds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subject_kind text NOT NULL CHECK (subject_kind IN ('investor', 'deal')),
  investor_id uuid REFERENCES profiles (id) ON DELETE RESTRICT,
  deal_id uuid REFERENCES deals (id) ON DELETE RESTRICT,
  reason text NOT NULL CHECK (length(btrim(reason)) BETWEEN 1 AND 1000),
  placed_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  placed_at timestamptz NOT NULL DEFAULT now(),
  lifted_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  lifted_at timestamptz,
  lift_reason text CHECK (lift_reason IS NULL OR length(btrim(lift_reason)) BETWEEN 1 AND 1000),
  CHECK ((subject_kind = 'investor') = (investor_id IS NOT NULL)),
  CHECK ((subject_kind = 'deal') = (deal_id IS NOT NULL)),
  CHECK ((lifted_at IS NULL) = (lift_reason IS NULL))
);
-- One active hold per subject (a second placement at once gets a conflict, not a duplicate).
CREATE UNIQUE INDEX legal_holds_active_investor_idx ON legal_holds (investor_id) WHERE lifted_at IS NULL AND investor_id IS NOT NULL;
CREATE UNIQUE INDEX legal_holds_active_deal_idx ON legal_holds (deal_id) WHERE lifted_at IS NULL AND deal_id IS NOT NULL;
CREATE INDEX legal_holds_placed_idx ON legal_holds (placed_at DESC);
