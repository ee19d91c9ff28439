-- Retention (issue 33, decision 054): what has passed its retention period and the four-eyes purge.
--
-- retention_candidates: the reviewable list the periodic 'retention-review' job writes (replaced
-- whole on each run): one row per investor and record kind whose period is over, with why (the
-- start date and its basis, the years of the policy at the time, the last day kept). Only
-- investors every one of whose record kinds is past retention and who are under no legal hold
-- (investor, or a deal they subscribed to) are listed.
CREATE TABLE retention_candidates (
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('kyc_aml', 'classification', 'transactions', 'complaints')),
  start_basis text NOT NULL CHECK (start_basis IN ('relationship_end', 'record_date')),
  start_on date NOT NULL,
  years integer NOT NULL CHECK (years BETWEEN 1 AND 100),
  retained_until date NOT NULL,
  listed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (investor_id, kind)
);

-- A purge: proposed by one admin, approved by ANOTHER (four eyes), then carried out in the
-- approving transaction. One open proposal per investor. The row is never deleted: it is the
-- record of what was purged (the investor's name at the proposal is not kept: only the id).
CREATE TABLE retention_purges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE RESTRICT,
  status text NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'purged', 'withdrawn')),
  -- What was past retention when proposed: [{ kind, startOn, years, retainedUntil }].
  reasons jsonb NOT NULL,
  proposed_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  proposed_at timestamptz NOT NULL DEFAULT now(),
  decided_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  decided_at timestamptz,
  -- What the purge removed (row counts per table, files deleted).
  result jsonb,
  CHECK ((status = 'proposed') = (decided_at IS NULL)),
  CHECK (status <> 'purged' OR result IS NOT NULL)
);
CREATE UNIQUE INDEX retention_purges_one_open ON retention_purges (investor_id) WHERE status = 'proposed';
CREATE INDEX retention_purges_recent_idx ON retention_purges (proposed_at DESC);
