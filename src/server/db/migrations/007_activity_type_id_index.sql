-- The Activity Logs page walks the log newest first by id (keyset cursor: id < before). With a
-- type filter, this index serves the page as a range scan (activity_type = $1 AND id < $2,
-- ORDER BY id DESC LIMIT n) and the capped total (at most 10,001 entries of that type) as an
-- index-only scan: both stop after the rows they need, however large the table.
CREATE INDEX IF NOT EXISTS activity_logs_type_id_idx ON activity_logs (activity_type, id DESC);
