-- Investor portal: subscriptions, valuations, distributions, secure messages, suitability
-- reviews, and documents addressed to one investor.
CREATE TABLE subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE RESTRICT,
  deal_id uuid NOT NULL REFERENCES deals (id) ON DELETE RESTRICT,
  amount numeric(15, 2) NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Under Review', 'Completed', 'Rejected', 'Cancelled')),
  progress integer NOT NULL DEFAULT 25 CHECK (progress BETWEEN 0 AND 100),
  rejection_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz,
  completed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_investor_idx ON subscriptions (investor_id, created_at DESC);
CREATE INDEX subscriptions_deal_idx ON subscriptions (deal_id, status);

-- Committed amounts become the sum of completed subscriptions.
UPDATE deals SET committed_amount = coalesce((SELECT sum(amount) FROM subscriptions s WHERE s.deal_id = deals.id AND s.status = 'Completed'), 0);

CREATE TABLE valuations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL REFERENCES deals (id) ON DELETE RESTRICT,
  valuation_date date NOT NULL,
  current_value numeric(15, 2) NOT NULL CHECK (current_value >= 0),
  expected_exit text,
  performance_status text NOT NULL CHECK (performance_status IN ('Performing', 'On Track', 'Watch')),
  created_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX valuations_deal_idx ON valuations (deal_id, valuation_date DESC, created_at DESC);

CREATE TABLE distribution_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL REFERENCES deals (id) ON DELETE RESTRICT,
  type text NOT NULL,
  total_amount numeric(15, 2) NOT NULL CHECK (total_amount > 0),
  payment_date date NOT NULL,
  spv_entity text,
  paid_at timestamptz,
  paid_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  created_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE distributions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id uuid NOT NULL REFERENCES distribution_events (id) ON DELETE RESTRICT,
  deal_id uuid NOT NULL REFERENCES deals (id) ON DELETE RESTRICT,
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE RESTRICT,
  type text NOT NULL,
  amount numeric(15, 2) NOT NULL CHECK (amount >= 0),
  payment_date date NOT NULL,
  spv_entity text,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX distributions_investor_idx ON distributions (investor_id, payment_date);

CREATE TABLE message_threads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE RESTRICT,
  subject text NOT NULL,
  priority text NOT NULL DEFAULT 'Normal' CHECK (priority IN ('High', 'Normal')),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_message_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_threads_investor_idx ON message_threads (investor_id, last_message_at DESC);

-- Bodies and attachments are encrypted at rest (AES-256-GCM); nothing readable is stored.
CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  thread_id uuid NOT NULL REFERENCES message_threads (id) ON DELETE RESTRICT,
  sender_id uuid REFERENCES profiles (id) ON DELETE SET NULL,
  sender_role text NOT NULL CHECK (sender_role IN ('admin', 'investor')),
  body_enc text NOT NULL,
  attachment_path text UNIQUE,
  attachment_name_enc text,
  attachment_extension text,
  attachment_size bigint,
  attachment_iv text,
  attachment_tag text,
  read_by_investor boolean NOT NULL DEFAULT false,
  read_by_admin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_thread_idx ON messages (thread_id, created_at);

CREATE TABLE suitability_reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE RESTRICT,
  answers jsonb NOT NULL,
  completed_at timestamptz NOT NULL DEFAULT now(),
  next_due date NOT NULL
);
CREATE INDEX suitability_reviews_investor_idx ON suitability_reviews (investor_id, completed_at DESC);

ALTER TABLE documents ADD COLUMN investor_id uuid REFERENCES profiles (id) ON DELETE RESTRICT;
CREATE INDEX documents_investor_idx ON documents (investor_id);
