import { sql as kysql } from 'kysely';
import type { Queryable } from '../../db/client.ts';
import { typed } from '../../db/typed.ts';
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
  await typed(q).selectFrom('profiles').select('id').where('id', '=', investorId).forNoKeyUpdate().execute();
  const { investorStorageQuotaMb } = await getSettings(q);
  const quota = investorStorageQuotaMb * MIB;
  const row = await typed(q)
    .selectNoFrom((eb) => {
      const kyc = eb
        .selectFrom('kyc_documents as d')
        .innerJoin('kyc_applications as k', 'k.id', 'd.applicationId')
        .select((e) => e.fn.sum<number>('d.byteSize').as('bytes'))
        .where('k.investorId', '=', investorId);
      const attachments = eb
        .selectFrom('messages as m')
        .select((e) => e.fn.sum<number>('m.attachmentSize').as('bytes'))
        .where('m.senderId', '=', investorId)
        .where('m.attachmentSize', 'is not', null);
      const evidence = eb
        .selectFrom('classification_evidence as e')
        .select((e) => e.fn.sum<number>('e.byteSize').as('bytes'))
        .where('e.investorId', '=', investorId);
      const zero = kysql<number>`0`;
      return kysql<number>`(${eb.fn.coalesce(kyc, zero)} + ${eb.fn.coalesce(attachments, zero)} + ${eb.fn.coalesce(evidence, zero)})::bigint`.as(
        'used',
      );
    })
    .executeTakeFirst();
  const used = Number(row?.used ?? 0);
  if (used > quota) {
    const before = used - addedBytes;
    throw new HttpError(
      413,
      `Storage quota exceeded: this file (${fmt(addedBytes)}) would bring your files to ${fmt(used)}, over your quota of ${fmt(quota)} (${fmt(Math.max(0, before))} used). Remove files or contact the team.`,
      { code: 'QUOTA_EXCEEDED' },
    );
  }
}
