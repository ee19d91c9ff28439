import type { Db, Queryable } from '../db/client.ts';
import { sql } from '../db/sql.ts';
import type { FileStore } from './file-store.ts';

/**
 * Advisory lock between file uploads and the consistency sweep (any fixed number, distinct
 * from the migration lock). An upload holds it shared, from just before its file is moved
 * into place until its transaction ends; the sweep holds it exclusively while it compares
 * storage with the database. So the sweep never sees a file whose row is not yet committed,
 * even when another server on the same PostgreSQL and storage is mid-upload.
 */
export const FILE_COMMIT_LOCK = 727_002;

/** Called inside an upload's transaction, right before `files.commit`. */
export async function holdFileCommitLock(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock_shared($1)', [FILE_COMMIT_LOCK]);
}

/** The storage areas whose files belong to database rows (keys are made by the services). */
export const MANAGED_PREFIXES = ['deal-documents', 'kyc', 'messages', 'classification', 'signing', 'evidence'] as const;

/** Every column that names a stored file. */
const REFERENCED_KEYS_SQL = `
  SELECT 'documents' AS source, id::text AS id, file_path AS key FROM documents
  UNION ALL SELECT 'kyc_documents', id::text, file_path FROM kyc_documents
  UNION ALL SELECT 'messages', id::text, attachment_path FROM messages WHERE attachment_path IS NOT NULL
  UNION ALL SELECT 'classification_evidence', id::text, file_path FROM classification_evidence
  UNION ALL SELECT 'subscription_packs', id::text, file_path FROM subscription_packs
  UNION ALL SELECT 'signing_envelopes', id::text, document_path FROM signing_envelopes
  UNION ALL SELECT 'signing_envelopes', id::text, executed_path FROM signing_envelopes WHERE executed_path IS NOT NULL
  UNION ALL SELECT 'evidence_packs', id::text, file_path FROM evidence_packs WHERE file_path IS NOT NULL`;

export interface SweepReport {
  /** Files that no row referenced, now deleted. */
  removed: string[];
  /** Rows whose file is not in storage (reported, never deleted). */
  missing: { source: string; id: string; key: string }[];
}

/**
 * Start-up consistency sweep: deletes committed files that no row references (an upload or a
 * delete interrupted by a crash), and reports rows whose file is missing. One line per finding.
 */
export async function sweepOrphans(db: Db, files: FileStore, log: (line: string) => void): Promise<SweepReport> {
  return db.tx(async (q) => {
    // Waits for uploads in flight (on any server) to commit or roll back, and holds new ones
    // back until the sweep is done.
    await q.query('SELECT pg_advisory_xact_lock($1)', [FILE_COMMIT_LOCK]);
    // Files first, then rows: a row deleted meanwhile (its file is removed only after its
    // transaction commits) then shows up as an orphan file, never as a missing file.
    const stored = new Set<string>();
    for (const prefix of MANAGED_PREFIXES) for (const key of await files.list(prefix)) stored.add(key);
    const rows = await sql<{ source: string; id: string; key: string }>(REFERENCED_KEYS_SQL).all(q);
    const referenced = new Set(rows.map((r) => r.key));

    const removed: string[] = [];
    for (const key of [...stored].sort()) {
      if (referenced.has(key)) continue;
      await files.delete(key);
      removed.push(key);
      log(`Removed orphaned file ${key} (no record refers to it).`);
    }
    const missing: SweepReport['missing'] = [];
    for (const r of rows) {
      if (stored.has(r.key) || (await files.exists(r.key).catch(() => false))) continue;
      missing.push(r);
      log(`Missing file: ${r.source} ${r.id} refers to ${r.key}, which is not in storage.`);
    }
    return { removed, missing };
  });
}

/** An upload's temporary file or object untouched this long belongs to no live request. */
export const TEMP_FILE_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * The whole storage sweep, for start-up and for the periodic job: removes unfinished uploads
 * older than `tempMinAgeMs` (0: all of them, when no other server can be writing), then the
 * orphan sweep. Works on any FileStore (disk or S3: both list by prefix).
 */
export async function sweepStorage(
  db: Db,
  files: FileStore,
  log: (line: string) => void,
  tempMinAgeMs = TEMP_FILE_MAX_AGE_MS,
): Promise<SweepReport & { temp: number }> {
  const temp = await files.sweepTemp(tempMinAgeMs);
  if (temp > 0) log(`Removed ${temp} unfinished upload(s) left by an interrupted request.`);
  const report = await sweepOrphans(db, files, log);
  return { ...report, temp };
}
