-- Issue 27: a first-time two-factor enrolment belongs to the session that started it. Another
-- session of the same account cannot replace the pending secret nor confirm it while that session
-- lives (and for at most TWO_FACTOR_PENDING_MINUTES after the start); ending the session frees it.
ALTER TABLE two_factor ADD COLUMN pending_session_id text REFERENCES sessions (id) ON DELETE SET NULL;
