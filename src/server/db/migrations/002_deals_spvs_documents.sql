-- Deals, SPVs and the document vault.
CREATE TABLE deals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL,
  type text NOT NULL CHECK (type IN ('Oil Trading', 'Distressed Real Estate', 'PPP', 'AI & Tech', 'Infrastructure')),
  target_amount numeric(15, 2) CHECK (target_amount >= 0),
  committed_amount numeric(15, 2) NOT NULL DEFAULT 0 CHECK (committed_amount >= 0),
  spv_entity text,
  expected_irr text,
  risk_score text CHECK (risk_score ~ '^([1-9]|10)/10$'),
  description text,
  next_step text,
  stage text NOT NULL DEFAULT 'Sourcing' CHECK (stage IN ('Sourcing', 'Execution', 'Post-Investment', 'Exit')),
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Active', 'On Hold', 'Closed')),
  created_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  stage_entered_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deals_created_idx ON deals (created_at DESC, id DESC);
CREATE INDEX deals_status_idx ON deals (status);

CREATE TABLE spvs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  jurisdiction text NOT NULL,
  annual_return_due date NOT NULL,
  bank_balance numeric(15, 2) NOT NULL DEFAULT 0 CHECK (bank_balance >= 0),
  advisory_fee_flow text,
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Dormant', 'Dissolved')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX spvs_name_lower_key ON spvs (lower(name));

CREATE TABLE documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('PPM', 'LPA', 'Subscription Agreement', 'Due Diligence', 'Financial Projections',
                                     'Legal Structure', 'Market Analysis', 'Risk Assessment', 'Other')),
  file_path text NOT NULL UNIQUE,
  extension text NOT NULL,
  mime_type text NOT NULL,
  file_size text NOT NULL,
  byte_size bigint NOT NULL CHECK (byte_size > 0),
  sha256 text NOT NULL,
  expiration_date date,
  deal_id uuid REFERENCES deals (id) ON DELETE SET NULL,
  uploaded_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  investor_visible boolean NOT NULL DEFAULT false,
  upload_date timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_created_idx ON documents (created_at DESC, id DESC);
CREATE INDEX documents_deal_idx ON documents (deal_id);
