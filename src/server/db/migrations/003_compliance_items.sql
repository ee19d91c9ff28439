-- Compliance items (the compliance center builds its workflow on this table). The displayed
-- status (overdue, due_soon, in_progress, completed) is derived from workflow_state and due_date.
CREATE TABLE compliance_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL CHECK (type IN ('dfsa_filing', 'uae_tax', 'kyc_refresh', 'document_renewal', 'annual_return', 'other')),
  title text NOT NULL,
  description text,
  due_date date NOT NULL,
  workflow_state text NOT NULL DEFAULT 'not_started' CHECK (workflow_state IN ('not_started', 'in_progress', 'completed')),
  assigned_to uuid REFERENCES profiles (id) ON DELETE RESTRICT,
  priority text NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'critical')),
  recurrence text CHECK (recurrence IN ('monthly', 'quarterly', 'annual')),
  completed_at timestamptz,
  last_updated timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX compliance_items_due_idx ON compliance_items (type, due_date) WHERE workflow_state <> 'completed';
