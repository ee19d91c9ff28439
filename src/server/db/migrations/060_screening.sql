-- Sanctions and PEP screening (issue 31 part B, decision 038).

-- The investor's own screening details (their name is profiles.name) and PEP self-declaration.
ALTER TABLE profiles
  ADD COLUMN date_of_birth date,
  ADD COLUMN nationality text CHECK (nationality ~ '^[A-Z]{2}$'),
  ADD COLUMN pep_declared boolean NOT NULL DEFAULT false,
  -- A PEP (declared, or a confirmed PEP-list match) subscribes only after a founder's approval
  -- of the enhanced due diligence.
  ADD COLUMN pep_approved_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  ADD COLUMN pep_approved_at timestamptz;

-- An entity investor's named beneficial owners and controlling persons, each screened.
CREATE TABLE screened_persons (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  relation text NOT NULL CHECK (relation IN ('beneficial_owner', 'controlling_person')),
  full_name text NOT NULL CHECK (length(full_name) BETWEEN 1 AND 200),
  aliases text[] NOT NULL DEFAULT '{}',
  date_of_birth date,
  nationality text CHECK (nationality ~ '^[A-Z]{2}$'),
  pep_declared boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX screened_persons_investor_idx ON screened_persons (investor_id);

-- One import of a list. The list of a source is the entries of its latest import.
CREATE TABLE screening_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source text NOT NULL CHECK (source IN ('un', 'uae', 'firm')),
  file_name text NOT NULL,
  sha256 text NOT NULL,
  entry_count integer NOT NULL,
  added integer NOT NULL,
  changed integer NOT NULL,
  removed integer NOT NULL,
  imported_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  -- The background re-screen of everyone against the added and changed entries (resumable).
  rescreen_status text NOT NULL DEFAULT 'pending' CHECK (rescreen_status IN ('pending', 'running', 'done')),
  rescreen_cursor uuid,
  rescreen_done integer NOT NULL DEFAULT 0,
  rescreen_total integer NOT NULL DEFAULT 0,
  rescreen_hits integer NOT NULL DEFAULT 0
);
CREATE INDEX screening_imports_source_idx ON screening_imports (source, imported_at DESC);

CREATE TABLE screening_entries (
  import_id uuid NOT NULL REFERENCES screening_imports (id) ON DELETE CASCADE,
  ref text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('individual', 'entity')),
  name text NOT NULL,
  aliases text[] NOT NULL DEFAULT '{}',
  dates_of_birth text[] NOT NULL DEFAULT '{}',
  nationalities text[] NOT NULL DEFAULT '{}',
  pep boolean NOT NULL DEFAULT false,
  -- SHA-256 of the entry's screened content: a changed entry has a new fingerprint.
  fingerprint text NOT NULL,
  PRIMARY KEY (import_id, ref)
);

-- A possible match waiting for (or after) review.
CREATE TABLE screening_hits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  investor_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  person_id uuid REFERENCES screened_persons (id) ON DELETE CASCADE,
  -- The screened person ('self' or the person's id) and a hash of their screened details: a hit
  -- cleared as a false positive is not raised again for the same entry and the same details.
  subject_key text NOT NULL,
  subject_name text NOT NULL,
  source text NOT NULL CHECK (source IN ('un', 'uae', 'firm')),
  entry_ref text NOT NULL,
  entry_fingerprint text NOT NULL,
  entry_name text NOT NULL,
  entry_pep boolean NOT NULL DEFAULT false,
  score numeric(4, 3) NOT NULL,
  reasons text[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'false_positive', 'escalated', 'confirmed')),
  cleared_reason text,
  escalation_note text,
  escalated_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  escalated_at timestamptz,
  decided_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Four eyes: whoever escalated cannot confirm.
  CHECK (status <> 'confirmed' OR decided_by IS DISTINCT FROM escalated_by)
);
CREATE UNIQUE INDEX screening_hits_once ON screening_hits (investor_id, subject_key, source, entry_ref, entry_fingerprint);
CREATE INDEX screening_hits_status_idx ON screening_hits (status, created_at);
CREATE INDEX screening_hits_investor_idx ON screening_hits (investor_id) WHERE status = 'confirmed';
