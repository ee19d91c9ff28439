-- The regulator's evidence pack (issue 33, decision 052): one row per pack an admin produced. The
-- archive itself is a file in the storage (file_path); the work is a durable job (job_id). The
-- subject (an investor or a deal) is named by id without a foreign key: a pack is a record of
-- what was handed over, and it must not stop an investor's erasure or a deal's deletion, nor be
-- deleted with them (its archive is governed by the retention of the records it copies).
CREATE TABLE evidence_packs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  scope text NOT NULL CHECK (scope IN ('investor', 'deal', 'period')),
  subject_id uuid,
  period_from date,
  period_to date,
  job_id uuid REFERENCES jobs (id) ON DELETE SET NULL,
  file_path text,
  byte_size bigint CHECK (byte_size IS NULL OR byte_size >= 0),
  sha256 text CHECK (sha256 IS NULL OR sha256 ~ '^[0-9a-f]{64}$'),
  file_count integer CHECK (file_count IS NULL OR file_count >= 0),
  head_seq bigint,
  head_hash text,
  created_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  CHECK ((scope = 'period') = (subject_id IS NULL)),
  CHECK ((scope = 'period') = (period_from IS NOT NULL AND period_to IS NOT NULL)),
  CHECK (period_from IS NULL OR period_from <= period_to),
  CHECK ((completed_at IS NULL) = (file_path IS NULL))
);
CREATE INDEX evidence_packs_created_idx ON evidence_packs (created_at DESC);
