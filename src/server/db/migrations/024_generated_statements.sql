-- Issue 12: a statement run's PDFs are capital account statements, not compliance documents.
-- They carry their period, so the investor's Statements screen lists them and the DFSA
-- Compliance screen leaves them out. Statements generated before this migration are recognised
-- by the name the run gave them ('Capital account statement <from> to <to>', addressed to an
-- investor, type Other).
ALTER TABLE documents ADD COLUMN statement_from date, ADD COLUMN statement_to date;
ALTER TABLE documents ADD CONSTRAINT documents_statement_period_check
  CHECK ((statement_from IS NULL) = (statement_to IS NULL) AND (statement_from IS NULL OR investor_id IS NOT NULL));
UPDATE documents
   SET statement_from = substring(name FROM 27 FOR 10)::date, statement_to = substring(name FROM 41 FOR 10)::date
 WHERE investor_id IS NOT NULL AND type = 'Other'
   AND name ~ '^Capital account statement [0-9]{4}-[0-9]{2}-[0-9]{2} to [0-9]{4}-[0-9]{2}-[0-9]{2}$';
CREATE INDEX documents_investor_statements_idx ON documents (investor_id, statement_to DESC) WHERE statement_from IS NOT NULL;
