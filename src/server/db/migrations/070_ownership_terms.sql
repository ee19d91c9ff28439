-- Issue 29 part 1 (decision 040): how later closes share a deal, chosen per terms version.
-- No row: by contributions (what the product always did).
CREATE TABLE deal_ownership_terms (
  terms_id uuid PRIMARY KEY REFERENCES deal_terms (id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('contributions', 'equalisation', 'units')),
  -- Percent a year, simple interest on Actual/365, for equalisation only.
  equalisation_rate numeric(7, 4) CHECK (equalisation_rate > 0 AND equalisation_rate <= 100),
  CHECK ((method = 'equalisation') = (equalisation_rate IS NOT NULL))
);

-- The equalisation charged at a later close: at most one per deal and close. Its ledger entries
-- (a fee for each later closer, an 'Equalisation' distribution for each earlier investor) are
-- posted in the same transaction; `plan` keeps the figures shown on the screen.
CREATE TABLE equalisations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL REFERENCES deals (id) ON DELETE RESTRICT,
  close_date date NOT NULL,
  payment_date date NOT NULL,
  rate numeric(7, 4) NOT NULL CHECK (rate > 0 AND rate <= 100),
  total numeric(15, 2) NOT NULL CHECK (total > 0),
  plan jsonb NOT NULL,
  created_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (deal_id, close_date)
);
