-- Durable background jobs (issue 32, decision 041): every long or scheduled task is a row here,
-- leased by one server at a time. A server that dies stops renewing its lease; once the lease has
-- expired any server claims the job again and resumes it from its stored progress.
CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  -- At most one queued or running job per key (one statement run at a time, one sweep at a time).
  singleton_key text,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  locked_until timestamptz,
  -- The job's own progress and resume state (what is done, how many in all), written as it goes.
  progress jsonb NOT NULL DEFAULT '{}'::jsonb,
  result jsonb,
  error text,
  created_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  CHECK (status <> 'running' OR (locked_by IS NOT NULL AND locked_until IS NOT NULL))
);

CREATE UNIQUE INDEX jobs_singleton ON jobs (singleton_key) WHERE singleton_key IS NOT NULL AND status IN ('queued', 'running');
-- What a worker looks for: queued and due, or running with an expired lease.
CREATE INDEX jobs_due ON jobs (run_at) WHERE status IN ('queued', 'running');
CREATE INDEX jobs_recent ON jobs (created_at DESC);
CREATE INDEX jobs_kind_finished ON jobs (kind, finished_at DESC);

-- A statement stored by a run names the run, so a run resumed after a crash skips the investors
-- whose statement is already in the vault (exactly one statement per investor per run).
ALTER TABLE documents ADD COLUMN statement_job_id uuid REFERENCES jobs (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX documents_statement_job ON documents (statement_job_id, investor_id) WHERE statement_job_id IS NOT NULL;
