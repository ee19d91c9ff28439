-- Issue 31 part 3 follow-up (decision 049): the reminders before a renewed tax self-certification
-- falls due. One row per change of circumstances and stage ('before': 14 days ahead, 'due': on
-- the due day), inserted with ON CONFLICT DO NOTHING in the e-mail's transaction, so two servers
-- running the daily notices job send each reminder once.
CREATE TABLE tax_recertification_reminders (
  change_id uuid NOT NULL REFERENCES tax_circumstance_changes (id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('before', 'due')),
  sent_on date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (change_id, stage)
);
