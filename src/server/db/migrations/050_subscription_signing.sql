-- Issue 30: subscription documents signed in the product (decision record 036).
-- A deal's subscription pack: the agreement template (a PDF in storage) and the fields placed on
-- it. Versioned: an upload or a field change is a new version; an envelope keeps the version it
-- was generated from.
CREATE TABLE subscription_packs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  deal_id uuid NOT NULL REFERENCES deals (id),
  version integer NOT NULL CHECK (version > 0),
  file_path text NOT NULL,
  file_name text NOT NULL,
  byte_size integer NOT NULL,
  sha256 text NOT NULL,
  page_count integer NOT NULL CHECK (page_count > 0),
  fields jsonb NOT NULL DEFAULT '[]',
  created_by uuid REFERENCES profiles (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (deal_id, version)
);

-- One envelope per signing attempt of a subscription: the agreement generated for the investor
-- (stored as shown to them, with its SHA-256), their signature, the GP's countersignature and the
-- sealed executed PDF. A voided, declined or expired envelope can be followed by a new one.
CREATE TABLE signing_envelopes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subscription_id uuid NOT NULL REFERENCES subscriptions (id),
  pack_id uuid NOT NULL REFERENCES subscription_packs (id),
  investor_id uuid NOT NULL REFERENCES profiles (id),
  status text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'signed', 'executed', 'declined', 'voided', 'expired')),
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ar')),
  expires_at timestamptz NOT NULL,
  document_path text NOT NULL,
  document_sha256 text NOT NULL,
  document_bytes integer NOT NULL,
  investor_signature jsonb,
  gp_signature jsonb,
  executed_path text,
  executed_sha256 text,
  executed_bytes integer,
  entity text,
  reason text,
  -- A sign or countersign request in flight holds the envelope until then (decision 036): parallel
  -- requests get 409 at once instead of all re-authenticating.
  claimed_until timestamptz,
  claim_token uuid,
  viewed_at timestamptz,
  signed_at timestamptz,
  executed_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- At most one live (sent or signed) and one executed envelope per subscription.
CREATE UNIQUE INDEX signing_envelopes_live ON signing_envelopes (subscription_id) WHERE status IN ('sent', 'signed', 'executed');
CREATE INDEX signing_envelopes_queue ON signing_envelopes (status, signed_at);
CREATE INDEX signing_envelopes_investor ON signing_envelopes (investor_id);

-- The trail: every event of an envelope, numbered, never changed or removed.
CREATE TABLE signing_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  envelope_id uuid NOT NULL REFERENCES signing_envelopes (id),
  seq integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('created', 'viewed', 'signed', 'declined', 'countersigned', 'voided', 'expired', 'reminder_sent')),
  actor_id uuid REFERENCES profiles (id),
  ip_address text,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (envelope_id, seq)
);
CREATE FUNCTION signing_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'signing events are append-only'; END $$;
CREATE TRIGGER signing_events_no_update BEFORE UPDATE OR DELETE ON signing_events
  FOR EACH ROW EXECUTE FUNCTION signing_events_append_only();

-- Re-authentication at the moment of signing counts toward its own attempt limits.
ALTER TABLE auth_attempts DROP CONSTRAINT auth_attempts_kind_check;
ALTER TABLE auth_attempts ADD CONSTRAINT auth_attempts_kind_check CHECK (kind IN ('sign_in', 'change_password', 'sign_up', 'sign_document'));
