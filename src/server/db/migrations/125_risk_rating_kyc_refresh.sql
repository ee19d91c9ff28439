-- Customer risk rating and periodic KYC refresh (issue 31 part 4, decision 050).

-- The country the investor lives in (ISO 3166-1 alpha-2), re-confirmed at each KYC refresh. Migration
-- 120 (tax self-certification) adds the same column first: one residence per investor for both.
ALTER TABLE profiles ADD COLUMN IF NOT EXISTS residence_country text CHECK (residence_country ~ '^[A-Z]{2}$');

-- An admin's override of the computed rating, with the reason; the latest one is in force.
CREATE TABLE risk_overrides (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  rating text NOT NULL CHECK (rating IN ('low', 'medium', 'high')),
  computed_rating text NOT NULL CHECK (computed_rating IN ('low', 'medium', 'high')),
  reason text NOT NULL CHECK (length(reason) BETWEEN 5 AND 1000),
  created_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX risk_overrides_investor_idx ON risk_overrides (investor_id, created_at DESC);

-- The investor's periodic KYC refresh: they re-confirm their details, an admin approves.
CREATE TABLE kyc_refreshes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'approved')),
  residence_country text NOT NULL CHECK (residence_country ~ '^[A-Z]{2}$'),
  changes text NOT NULL DEFAULT '' CHECK (length(changes) <= 2000),
  submitted_at timestamptz NOT NULL DEFAULT now(),
  decided_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  decided_at timestamptz,
  decided_day date,
  note text NOT NULL DEFAULT '',
  CHECK ((status = 'approved') = (decided_at IS NOT NULL AND decided_day IS NOT NULL))
);
-- One refresh waits at a time.
CREATE UNIQUE INDEX kyc_refreshes_one_waiting ON kyc_refreshes (investor_id) WHERE status = 'submitted';
CREATE INDEX kyc_refreshes_investor_idx ON kyc_refreshes (investor_id, decided_day DESC);
