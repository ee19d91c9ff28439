-- Issue 29 leftover (decision 039 amended): carry released from escrow, paid out to the deal's
-- carry recipients. One row per payout of everything released and not yet paid out; its lines
-- split it among the recipients of the terms in force (largest remainder, adding up to it).
CREATE TABLE escrow_payouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL REFERENCES deals (id) ON DELETE RESTRICT,
  amount numeric(15, 2) NOT NULL CHECK (amount > 0),
  paid_on date NOT NULL,
  created_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX escrow_payouts_deal ON escrow_payouts (deal_id, paid_on);

CREATE TABLE escrow_payout_lines (
  payout_id uuid NOT NULL REFERENCES escrow_payouts (id) ON DELETE CASCADE,
  position int NOT NULL CHECK (position >= 0),
  kind text NOT NULL CHECK (kind IN ('gp', 'admin')),
  user_id uuid REFERENCES profiles (id) ON DELETE SET NULL,
  name text NOT NULL,
  amount numeric(15, 2) NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (payout_id, position)
);
