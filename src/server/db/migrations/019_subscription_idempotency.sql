-- Issue 18: a subscription request carries an idempotency key (the Idempotency-Key header);
-- the same key from the same investor creates at most one subscription, however many times
-- the request arrives (double clicks, retries, parallel identical requests).
ALTER TABLE subscriptions ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX subscriptions_idempotency_key_idx ON subscriptions (investor_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
