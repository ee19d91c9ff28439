-- Issue 29 leftover (decision 058): the GP pays back (part of) a clawback owed. One row per
-- payment; the money goes to the investors, each an income distribution of type 'GP Clawback' in
-- the capital-account ledger (posted in the same transaction, NAV left alone); `lines` keeps the
-- split shown on the screen (by contributed capital, or units on a units deal, on the day paid;
-- largest remainder, adding up to `amount`).
CREATE TABLE clawback_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL REFERENCES deals (id) ON DELETE RESTRICT,
  amount numeric(15, 2) NOT NULL CHECK (amount > 0),
  paid_on date NOT NULL,
  basis text NOT NULL CHECK (basis IN ('contributions', 'units')),
  lines jsonb NOT NULL,
  created_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX clawback_payments_deal ON clawback_payments (deal_id, paid_on);
