-- DFSA client classification (issue 31 part A, decision record 037; thresholds in
-- src/shared/dfsa-classification.ts). An investor submits an application (their answers, the
-- retail-treatment notice they acknowledged with its text version and time, evidence files); an
-- admin decides it with reasons. The investor's classification is their latest decided
-- application; its review_due (a year after the decision) is in the compliance calendar through
-- compliance_item_id and, once past, blocks new subscriptions.
CREATE TABLE client_classifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE RESTRICT,
  status text NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'decided')),
  basis text NOT NULL CHECK (basis IN ('deemed_undertaking', 'assessed_individual', 'assessed_undertaking', 'market_counterparty')),
  answers jsonb NOT NULL,
  notice_version text NOT NULL,
  notice_acknowledged_at timestamptz NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  decision text CHECK (decision IN ('professional', 'market_counterparty', 'retail')),
  reasons text,
  decided_by uuid REFERENCES profiles (id) ON DELETE RESTRICT,
  decided_at timestamptz,
  review_due date,
  compliance_item_id uuid REFERENCES compliance_items (id) ON DELETE SET NULL,
  CHECK ((status = 'decided') = (decision IS NOT NULL AND decided_at IS NOT NULL AND reasons IS NOT NULL AND review_due IS NOT NULL))
);
-- At most one application waiting for a decision per investor.
CREATE UNIQUE INDEX client_classifications_one_open ON client_classifications (investor_id) WHERE status = 'submitted';
CREATE INDEX client_classifications_investor_idx ON client_classifications (investor_id, decided_at DESC);

-- Evidence files: uploaded before submitting (classification_id NULL), then part of the application.
CREATE TABLE classification_evidence (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE RESTRICT,
  classification_id uuid REFERENCES client_classifications (id) ON DELETE RESTRICT,
  file_path text NOT NULL UNIQUE,
  original_name text NOT NULL,
  extension text NOT NULL,
  mime_type text NOT NULL,
  byte_size bigint NOT NULL CHECK (byte_size > 0),
  sha256 text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX classification_evidence_investor_idx ON classification_evidence (investor_id, classification_id);
