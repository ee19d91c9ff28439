-- The calendar feed's request counters (decision 048 amendment): one row per key (a feed's hash or
-- a client address) and fixed one-hour window, in the database so every server behind a load
-- balancer counts the same requests (they were in one process's memory). INSERT ... ON CONFLICT
-- makes the increment atomic on both engines; rows of past windows are deleted as new ones start.
CREATE TABLE feed_rate_counters (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
