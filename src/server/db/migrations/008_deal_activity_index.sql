-- A deal's detail page lists the log entries about it (details->>'dealId'), newest first, at
-- most 100. This partial expression index serves that as a range scan that stops after the
-- page, instead of reading the whole activity log.
CREATE INDEX IF NOT EXISTS activity_logs_deal_idx ON activity_logs ((details ->> 'dealId'), created_at DESC, id DESC)
  WHERE details ? 'dealId';
