-- Reminders to the investor before a periodic KYC refresh falls due (issue 31 part 4, decision 050):
-- one row per investor, due day and stage ('before': 30 days ahead, 'due': on the day), inserted with
-- ON CONFLICT DO NOTHING in the e-mail's transaction, so two servers running the daily notices job
-- send each reminder once. A new due day (after an approved refresh) starts afresh.
CREATE TABLE kyc_refresh_reminders (
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  due_date date NOT NULL,
  stage text NOT NULL CHECK (stage IN ('before', 'due')),
  sent_on date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (investor_id, due_date, stage)
);
