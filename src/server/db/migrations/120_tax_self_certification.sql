-- FATCA / CRS tax self-certification (issue 31 part 3, decision record 049; the rules in
-- src/shared/tax-certification.ts).

-- The investor's residence on their profile: a change asks for a new certification within 90 days.
ALTER TABLE profiles
  ADD COLUMN residence_country text CHECK (residence_country ~ '^[A-Z]{2}$'),
  ADD COLUMN residence_address text CHECK (length(residence_address) <= 500);

-- Every signed certification, versioned per investor (1, 2, ...); the latest is in force. Rows are
-- never changed: a new certification is a new version.
CREATE TABLE tax_certifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE RESTRICT,
  version integer NOT NULL CHECK (version >= 1),
  kind text NOT NULL CHECK (kind IN ('individual', 'entity')),
  answers jsonb NOT NULL,
  signed_name text NOT NULL CHECK (length(signed_name) BETWEEN 1 AND 200),
  reauth text NOT NULL CHECK (reauth IN ('password', 'totp')),
  signed_at timestamptz NOT NULL DEFAULT now(),
  ip text,
  UNIQUE (investor_id, version)
);

-- A change of circumstances: the new residence, the day it changed (company zone) and the day a new
-- certification is due (90 days later). Resolved by the next certification signed after it.
CREATE TABLE tax_circumstance_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE RESTRICT,
  changed_on date NOT NULL,
  due_date date NOT NULL,
  residence_country text NOT NULL CHECK (residence_country ~ '^[A-Z]{2}$'),
  address text NOT NULL,
  previous_country text,
  previous_address text,
  compliance_item_id uuid REFERENCES compliance_items (id) ON DELETE SET NULL,
  resolved_by uuid REFERENCES tax_certifications (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (due_date > changed_on)
);
CREATE INDEX tax_circumstance_changes_open_idx ON tax_circumstance_changes (investor_id) WHERE resolved_by IS NULL;
