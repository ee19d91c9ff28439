-- Deal terms (versioned) and the waterfall breakdown stored with each distribution (decision 009).
CREATE TABLE deal_terms (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL REFERENCES deals (id) ON DELETE RESTRICT,
  version integer NOT NULL CHECK (version >= 1),
  -- Percentages (8 = 8%).
  hurdle_rate numeric(7, 4) NOT NULL CHECK (hurdle_rate >= 0 AND hurdle_rate <= 100),
  catch_up text NOT NULL CHECK (catch_up IN ('none', 'full', 'partial')),
  catch_up_rate numeric(7, 4) NOT NULL CHECK (catch_up_rate >= 0 AND catch_up_rate <= 100),
  carry_rate numeric(7, 4) NOT NULL CHECK (carry_rate >= 0 AND carry_rate < 100),
  management_fee_rate numeric(7, 4) CHECK (management_fee_rate >= 0 AND management_fee_rate <= 100),
  management_fee_basis text CHECK (management_fee_basis IN ('commitments', 'contributions')),
  management_fee_method text CHECK (management_fee_method IN ('capital_call', 'deducted')),
  created_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (deal_id, version),
  CHECK ((catch_up = 'none') = (catch_up_rate = 0)),
  CHECK (catch_up <> 'full' OR catch_up_rate = 100),
  CHECK ((management_fee_rate IS NULL) = (management_fee_basis IS NULL) AND (management_fee_rate IS NULL) = (management_fee_method IS NULL))
);

CREATE TABLE deal_terms_carry_recipients (
  terms_id uuid NOT NULL REFERENCES deal_terms (id) ON DELETE CASCADE,
  position integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('gp', 'admin')),
  user_id uuid REFERENCES profiles (id) ON DELETE RESTRICT,
  name text NOT NULL,
  share numeric(7, 4) NOT NULL CHECK (share > 0 AND share <= 100),
  PRIMARY KEY (terms_id, position),
  CHECK ((kind = 'admin') = (user_id IS NOT NULL))
);

-- The terms version a distribution was run under, and its tiers (NULL for distributions
-- recorded before terms existed: they went 100% to investors, pro rata).
ALTER TABLE distribution_events
  ADD COLUMN terms_id uuid REFERENCES deal_terms (id) ON DELETE RESTRICT,
  ADD COLUMN return_of_capital numeric(15, 2),
  ADD COLUMN preferred_return numeric(15, 2),
  ADD COLUMN catch_up numeric(15, 2),
  ADD COLUMN carried_interest_lp numeric(15, 2),
  ADD COLUMN carried_interest_gp numeric(15, 2),
  ADD COLUMN lp_total numeric(15, 2),
  ADD COLUMN gp_total numeric(15, 2),
  ADD COLUMN hurdle_before numeric(15, 2),
  ADD COLUMN hurdle_after numeric(15, 2);
CREATE INDEX distribution_events_deal_idx ON distribution_events (deal_id, payment_date, created_at);
CREATE INDEX distribution_events_terms_idx ON distribution_events (terms_id);

-- Each investor's part of each investors' tier.
ALTER TABLE distributions
  ADD COLUMN return_of_capital numeric(15, 2),
  ADD COLUMN preferred_return numeric(15, 2),
  ADD COLUMN catch_up numeric(15, 2),
  ADD COLUMN carried_interest numeric(15, 2);

-- The GP's amount of a distribution, per carry recipient.
CREATE TABLE distribution_carry (
  event_id uuid NOT NULL REFERENCES distribution_events (id) ON DELETE RESTRICT,
  position integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('gp', 'admin')),
  user_id uuid REFERENCES profiles (id) ON DELETE RESTRICT,
  name text NOT NULL,
  amount numeric(15, 2) NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (event_id, position)
);
