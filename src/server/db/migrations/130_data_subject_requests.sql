-- Data-subject requests (issue 33, decision 051; the answer period in src/shared/data-requests.ts).
-- An investor asks for a copy of their data, a correction or erasure; the request is due one month
-- after receipt (in the compliance calendar through compliance_item_id) and an admin answers it
-- once. An access answer keeps the archive given to the investor (what was handed over is itself
-- a record); an erasure answer keeps what was erased and what was refused with its rule.
CREATE TABLE data_subject_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('access', 'rectification', 'erasure')),
  details text NOT NULL DEFAULT '' CHECK (length(details) <= 2000),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered')),
  received_at timestamptz NOT NULL DEFAULT now(),
  due_on date NOT NULL,
  compliance_item_id uuid REFERENCES compliance_items (id) ON DELETE SET NULL,
  answered_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  answered_at timestamptz,
  answer text CHECK (answer IS NULL OR length(btrim(answer)) BETWEEN 1 AND 2000),
  outcome text CHECK (outcome IN ('fulfilled', 'partly_refused', 'refused')),
  erasure jsonb,
  archive jsonb,
  CHECK ((status = 'answered') = (answered_at IS NOT NULL AND answer IS NOT NULL AND outcome IS NOT NULL)),
  CHECK (archive IS NULL OR kind = 'access'),
  CHECK (erasure IS NULL OR kind = 'erasure')
);
-- One open request of each kind per investor (a second at once is a conflict, not a duplicate).
CREATE UNIQUE INDEX data_subject_requests_one_open ON data_subject_requests (investor_id, kind) WHERE status = 'open';
CREATE INDEX data_subject_requests_queue_idx ON data_subject_requests (status, due_on);
CREATE INDEX data_subject_requests_investor_idx ON data_subject_requests (investor_id, received_at DESC);
