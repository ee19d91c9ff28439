-- The deal pipeline pages each stage newest first (created_at DESC, id DESC) with a keyset
-- cursor: this index serves each page as a range scan and the per-stage totals as an index scan.
CREATE INDEX IF NOT EXISTS deals_stage_created_idx ON deals (stage, created_at DESC, id DESC);
