-- A distribution marked as the deal's final one releases the carry still held in escrow
-- (decision record 039); replayed as recorded.
ALTER TABLE distribution_events ADD COLUMN is_final boolean NOT NULL DEFAULT false;
