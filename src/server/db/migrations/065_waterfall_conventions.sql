-- The waterfall conventions of a deal's terms (decision record 039): how the preferred return
-- accrues, the day count, GP clawback (netted or owed, net of tax) and carry escrow. The defaults
-- are what every deal used before: compounded annually on Actual/365, no tax relief, no escrow.
ALTER TABLE deal_terms
  ADD COLUMN pref_compounding text NOT NULL DEFAULT 'annual' CHECK (pref_compounding IN ('annual', 'quarterly', 'simple')),
  ADD COLUMN day_count text NOT NULL DEFAULT 'act365' CHECK (day_count IN ('act365', '30360', 'actact')),
  ADD COLUMN clawback text NOT NULL DEFAULT 'net' CHECK (clawback IN ('net', 'owed')),
  -- Percentages (25 = 25%).
  ADD COLUMN clawback_tax_rate numeric(7, 4) NOT NULL DEFAULT 0 CHECK (clawback_tax_rate >= 0 AND clawback_tax_rate < 100),
  ADD COLUMN escrow_rate numeric(7, 4) NOT NULL DEFAULT 0 CHECK (escrow_rate >= 0 AND escrow_rate <= 100),
  ADD COLUMN escrow_release_date date;

-- What a recorded distribution withheld from the GP to settle a clawback (paid to the investors),
-- and what it held back in escrow of the GP's amount and released: replayed as recorded.
ALTER TABLE distribution_events
  ADD COLUMN clawback_netted numeric(15, 2) NOT NULL DEFAULT 0 CHECK (clawback_netted >= 0),
  ADD COLUMN escrow_held numeric(15, 2) NOT NULL DEFAULT 0 CHECK (escrow_held >= 0),
  ADD COLUMN escrow_released numeric(15, 2) NOT NULL DEFAULT 0 CHECK (escrow_released >= 0);
