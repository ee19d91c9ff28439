-- Capital accounts: an append-only ledger per investor per deal, capital calls and their
-- per-investor lines, record dates on distributions, SPV payment instructions.
-- Rule for existing data (docs/decisions/007): each Completed subscription becomes a
-- commitment plus one contribution, both dated at its completion.
CREATE TABLE capital_calls (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL REFERENCES deals (id) ON DELETE RESTRICT,
  call_date date NOT NULL,
  due_date date NOT NULL,
  purpose text NOT NULL,
  basis text NOT NULL CHECK (basis IN ('percentage', 'amount')),
  percentage numeric(9, 4) CHECK (percentage > 0 AND percentage <= 100),
  total_amount numeric(15, 2) NOT NULL CHECK (total_amount > 0),
  created_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (due_date >= call_date)
);
CREATE INDEX capital_calls_deal_idx ON capital_calls (deal_id, call_date DESC);
CREATE INDEX capital_calls_created_idx ON capital_calls (created_at DESC, id DESC);

CREATE TABLE capital_call_lines (
  call_id uuid NOT NULL REFERENCES capital_calls (id) ON DELETE RESTRICT,
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE RESTRICT,
  amount_due numeric(15, 2) NOT NULL CHECK (amount_due >= 0),
  PRIMARY KEY (call_id, investor_id)
);
CREATE INDEX capital_call_lines_investor_idx ON capital_call_lines (investor_id);

ALTER TABLE distribution_events ADD COLUMN record_date date;
UPDATE distribution_events SET record_date = payment_date;
ALTER TABLE distribution_events ALTER COLUMN record_date SET NOT NULL;
ALTER TABLE distributions ADD COLUMN record_date date;
UPDATE distributions x SET record_date = e.record_date FROM distribution_events e WHERE e.id = x.event_id;

ALTER TABLE spvs ADD COLUMN bank_name text;
ALTER TABLE spvs ADD COLUMN account_name text;
ALTER TABLE spvs ADD COLUMN account_number text;
ALTER TABLE spvs ADD COLUMN swift_code text;
ALTER TABLE spvs ADD COLUMN payment_reference text;

-- Amounts are positive; the kind says which balance an entry moves. A reversal repeats the
-- amount of the entry it reverses (reverses_id) and undoes it from its own date on.
CREATE TABLE ledger_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE RESTRICT,
  deal_id uuid NOT NULL REFERENCES deals (id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('commitment', 'call', 'contribution', 'distribution', 'fee', 'reversal')),
  amount numeric(15, 2) NOT NULL CHECK (amount > 0),
  -- The economic date: commitment date, call date, value date, payment date, fee date, reversal date.
  entry_date date NOT NULL,
  due_date date,
  record_date date,
  distribution_type text,
  subscription_id uuid REFERENCES subscriptions (id) ON DELETE RESTRICT,
  call_id uuid REFERENCES capital_calls (id) ON DELETE RESTRICT,
  distribution_event_id uuid REFERENCES distribution_events (id) ON DELETE RESTRICT,
  -- The entry a reversal undoes. Not a foreign key: a restore inserts rows in key order (a
  -- reversal may come before its entry), and entries are never deleted (trigger below), so the
  -- service's check at insert time holds for good.
  reverses_id uuid UNIQUE,
  -- A reversal copies its entry's call and distribution type, so balances need no join.
  reversed_kind text CHECK (reversed_kind IN ('commitment', 'call', 'contribution', 'distribution', 'fee')),
  memo text,
  created_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'reversal') = (reverses_id IS NOT NULL AND reversed_kind IS NOT NULL AND memo IS NOT NULL)),
  CHECK (kind <> 'distribution' OR distribution_type IS NOT NULL)
);
CREATE INDEX ledger_entries_investor_idx ON ledger_entries (investor_id, deal_id, entry_date);
CREATE INDEX ledger_entries_deal_idx ON ledger_entries (deal_id, entry_date);
CREATE INDEX ledger_entries_call_idx ON ledger_entries (call_id) WHERE call_id IS NOT NULL;

-- Append-only: no UPDATE or DELETE of a ledger entry, ever.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'ledger entries are append-only; post a reversal instead'; END $$;
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();

INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date, subscription_id, memo)
SELECT s.investor_id, s.deal_id, k.kind, s.amount, (coalesce(s.completed_at, s.updated_at) AT TIME ZONE 'UTC')::date, s.id,
       'Opening balance from completed subscription'
  FROM subscriptions s CROSS JOIN (VALUES ('commitment'), ('contribution')) AS k (kind)
 WHERE s.status = 'Completed';

-- Paid distributions become ledger distributions at their payment date.
INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date, record_date, distribution_type, distribution_event_id)
SELECT x.investor_id, x.deal_id, 'distribution', x.amount, x.payment_date, x.record_date, x.type, x.event_id
  FROM distributions x WHERE x.paid_at IS NOT NULL AND x.amount > 0;
