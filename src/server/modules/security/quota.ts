import type { Queryable } from '../../db/client.ts';
import { sql } from '../../db/sql.ts';
import { HttpError } from '../../http/errors.ts';
import { getSettings } from '../settings/service.ts';

const MIB = 1024 * 1024;
const fmt = (bytes: number) => (bytes >= 1024 * MIB ? `${(bytes / (1024 * MIB)).toFixed(2)} GiB` : `${(bytes / MIB).toFixed(1)} MiB`);

/**
 * Per-investor storage quota (the settings' investorStorageQuotaMb), checked inside the upload's
 * transaction after its row is written. The investor's profile row is locked first, so
 * concurrent uploads by one investor are counted one after another and cannot pass together.
 */
export async function assertInvestorQuota(q: Queryable, investorId: string, addedBytes: number): Promise<void> {
  // NO KEY UPDATE: serialises quota checks without conflicting with the KEY SHARE locks that
  // inserts referencing the profile (a new thread) take, which FOR UPDATE would deadlock with.
  await q.query('SELECT 1 FROM profiles WHERE id = $1 FOR NO KEY UPDATE', [investorId]);
  const { investorStorageQuotaMb } = await getSettings(q);
  const quota = investorStorageQuotaMb * MIB;
  const rows = await sql<{
    used: number;
  }>(`SELECT (coalesce((SELECT sum(d.byte_size) FROM kyc_documents d JOIN kyc_applications k ON k.id = d.application_id WHERE k.investor_id = $1), 0)
           + coalesce((SELECT sum(m.attachment_size) FROM messages m WHERE m.sender_id = $1 AND m.attachment_size IS NOT NULL), 0)
           + coalesce((SELECT sum(e.byte_size) FROM classification_evidence e WHERE e.investor_id = $1), 0))::bigint AS used`).all(q, [
    investorId,
  ]);
  const used = Number(rows[0]?.used ?? 0);
  if (used > quota) {
    const before = used - addedBytes;
    throw new HttpError(
      413,
      `Storage quota exceeded: this file (${fmt(addedBytes)}) would bring your files to ${fmt(used)}, over your quota of ${fmt(quota)} (${fmt(Math.max(0, before))} used). Remove files or contact the team.`,
      { code: 'QUOTA_EXCEEDED' },
    );
  }
}
