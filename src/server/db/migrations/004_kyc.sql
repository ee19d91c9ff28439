-- KYC applications: one per investor, created with the account, with real files and a history.
CREATE TABLE kyc_applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL UNIQUE REFERENCES profiles (id) ON DELETE RESTRICT,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in_review', 'approved', 'rejected')),
  submitted_at timestamptz,
  reviewed_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  review_note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE kyc_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES kyc_applications (id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('passport', 'address_proof', 'financial_statements', 'source_of_funds')),
  file_path text NOT NULL UNIQUE,
  original_name text NOT NULL,
  extension text NOT NULL,
  mime_type text NOT NULL,
  byte_size bigint NOT NULL CHECK (byte_size > 0),
  sha256 text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (application_id, kind)
);

CREATE TABLE kyc_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES kyc_applications (id) ON DELETE RESTRICT,
  from_status text,
  to_status text NOT NULL,
  actor_id uuid REFERENCES profiles (id) ON DELETE SET NULL,
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kyc_history_application_idx ON kyc_history (application_id, created_at);

-- Every investor who already exists gets a pending application.
INSERT INTO kyc_applications (investor_id) SELECT id FROM profiles WHERE role = 'investor';
INSERT INTO kyc_history (application_id, to_status, note) SELECT id, 'pending', 'Application opened' FROM kyc_applications;
