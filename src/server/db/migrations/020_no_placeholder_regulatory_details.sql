-- Issue 18: the regulatory details used to default to placeholders shown to investors as facts
-- (licence 'F000000 (placeholder)', compliance@example.com, +971 0 000 0000). Stored copies of
-- those placeholders are dropped, so the details read as not set until the operator enters them.
UPDATE settings SET value = value - 'licenseNumber' WHERE key = 'app' AND value ->> 'licenseNumber' = 'F000000 (placeholder)';
UPDATE settings SET value = value - 'complianceContactEmail' WHERE key = 'app' AND value ->> 'complianceContactEmail' = 'compliance@example.com';
UPDATE settings SET value = value - 'complianceContactPhone' WHERE key = 'app' AND value ->> 'complianceContactPhone' = '+971 0 000 0000';
UPDATE settings SET value = value - 'complianceContactName' WHERE key = 'app' AND value ->> 'complianceContactName' = 'Compliance Officer';
