-- Issue 15: one reminder e-mail per investor and capital call, a few days before the due date,
-- while an amount is still outstanding. The row is written in the transaction that queues the
-- e-mail, so each reminder is queued once, whichever instance's worker finds it first.
CREATE TABLE capital_call_reminders (
  call_id uuid NOT NULL REFERENCES capital_calls (id) ON DELETE CASCADE,
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (call_id, investor_id)
);
