-- Management fees charged for a period (decision 009, "Management fee"). One charge per deal
-- and period; periods of a deal never overlap (checked under the deal's row lock; the unique
-- key is the backstop for identical periods).
CREATE TABLE management_fee_charges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL REFERENCES deals (id) ON DELETE RESTRICT,
  period_from date NOT NULL,
  period_to date NOT NULL,
  rate numeric(7, 4) NOT NULL CHECK (rate > 0 AND rate <= 100),
  basis text NOT NULL CHECK (basis IN ('commitments', 'contributions')),
  method text NOT NULL CHECK (method IN ('capital_call', 'deducted')),
  total_amount numeric(15, 2) NOT NULL CHECK (total_amount > 0),
  call_id uuid REFERENCES capital_calls (id) ON DELETE RESTRICT,
  created_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (period_to >= period_from),
  CHECK ((method = 'capital_call') = (call_id IS NOT NULL)),
  UNIQUE (deal_id, period_from)
);
CREATE INDEX management_fee_charges_deal_idx ON management_fee_charges (deal_id, period_from);

-- A capital call of fees: its lines are fee entries in the ledger (not calls), so it does not
-- draw down the unfunded commitment; its notice says it is a fee.
ALTER TABLE capital_calls ADD COLUMN fee_charge boolean NOT NULL DEFAULT false;

-- Which charge a fee entry belongs to (NULL: a one-off fee or expense).
ALTER TABLE ledger_entries ADD COLUMN fee_charge_id uuid REFERENCES management_fee_charges (id) ON DELETE RESTRICT;
CREATE INDEX ledger_entries_fee_charge_idx ON ledger_entries (fee_charge_id) WHERE fee_charge_id IS NOT NULL;

-- Accrued fees (method 'deducted') taken from an investor's distribution: the distribution
-- keeps its full amount and tiers; the cash paid is amount - fee_deducted.
ALTER TABLE distributions ADD COLUMN fee_deducted numeric(15, 2) NOT NULL DEFAULT 0 CHECK (fee_deducted >= 0 AND fee_deducted <= amount);
