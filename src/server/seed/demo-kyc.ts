import { Readable } from 'node:stream';
import { sql as kysql } from 'kysely';
import { DAY_MS } from '../../shared/dates.ts';
import { KYC_DOCUMENT_KINDS, KYC_DOCUMENT_LABELS, type KycDocumentKind, type KycStatus } from '../../shared/kyc.ts';
import type { Db } from '../db/client.ts';
import { typed } from '../db/typed.ts';
import { storeKycDocument } from '../modules/kyc/service.ts';
import type { FileStore } from '../storage/file-store.ts';
import { demoPdf } from './demo-pdf.ts';

/** Sample KYC applications in every status, with small generated files. */
const DEMO_KYC: { email: string; status: KycStatus; kinds: readonly KycDocumentKind[]; note?: string }[] = [
  { email: 'investor@demo.example.com', status: 'approved', kinds: KYC_DOCUMENT_KINDS, note: 'All documents verified' },
  { email: 'ahmed@demo.example.com', status: 'in_review', kinds: KYC_DOCUMENT_KINDS },
  { email: 'kilimanjaro@demo.example.com', status: 'approved', kinds: KYC_DOCUMENT_KINDS, note: 'All documents verified' },
  { email: 'grace@demo.example.com', status: 'pending', kinds: ['passport', 'address_proof'] },
  { email: 'closed@demo.example.com', status: 'approved', kinds: ['passport', 'address_proof'], note: 'All documents verified' },
  {
    email: 'fund@demo.example.com',
    status: 'rejected',
    kinds: ['passport', 'financial_statements'],
    note: 'Proof of address and source of funds are missing',
  },
];

export async function loadDemoKyc(db: Db, files: FileStore): Promise<void> {
  const profile = (email: string) => typed(db).selectFrom('profiles').select(['id', 'name']).where('email', '=', email).executeTakeFirst();
  const reviewer = await profile('cio@demo.example.com');
  for (const k of DEMO_KYC) {
    const investor = await profile(k.email);
    if (!investor) continue;
    for (const kind of k.kinds) {
      const temp = await files.writeTemp(Readable.from(demoPdf(`${KYC_DOCUMENT_LABELS[kind]} - ${investor.name} (demo)`)));
      await storeKycDocument(db, files, investor.id, kind, { temp, filename: `${kind}.pdf`, extension: 'pdf' });
    }
    // A believable timeline: opened ten days ago, documents a week ago, then submitted and reviewed.
    const application = typed(db).selectFrom('kyc_applications').select('id').where('investorId', '=', investor.id);
    await typed(db)
      .updateTable('kyc_history')
      .set({ createdAt: kysql`now() - interval '10 days'` })
      .where('fromStatus', 'is', null)
      .where('applicationId', '=', application)
      .execute();
    await typed(db)
      .updateTable('kyc_documents')
      .set({ uploadedAt: kysql`now() - interval '7 days'` })
      .where('applicationId', '=', application)
      .execute();
    await typed(db)
      .updateTable('kyc_applications')
      .set({ createdAt: kysql`now() - interval '10 days'` })
      .where('investorId', '=', investor.id)
      .execute();
    if (k.status === 'pending') continue;
    await db.tx(async (q) => {
      const app = await typed(q).selectFrom('kyc_applications').select('id').where('investorId', '=', investor.id).executeTakeFirst();
      if (!app) return;
      const reviewed = k.status === 'approved' || k.status === 'rejected';
      await typed(q)
        .updateTable('kyc_applications')
        .set({
          status: k.status,
          submittedAt: kysql`now() - interval '5 days'`,
          reviewedBy: reviewed ? (reviewer?.id ?? null) : null,
          reviewedAt: reviewed ? new Date(Date.now() - 2 * DAY_MS) : null,
          reviewNote: k.note ?? null,
        })
        .where('id', '=', app.id)
        .execute();
      await typed(q)
        .insertInto('kyc_history')
        .values({
          applicationId: app.id,
          fromStatus: 'pending',
          toStatus: 'in_review',
          actorId: investor.id,
          note: null,
          createdAt: kysql`now() - interval '5 days'`,
        })
        .execute();
      if (reviewed) {
        await typed(q)
          .insertInto('kyc_history')
          .values({
            applicationId: app.id,
            fromStatus: 'in_review',
            toStatus: k.status,
            actorId: reviewer?.id ?? null,
            note: k.note ?? null,
            createdAt: kysql`now() - interval '2 days'`,
          })
          .execute();
      }
    });
  }
}

/**
 * The former client's account was closed on 28 June 2018 (the status change back-dated in the
 * activity log): the end of the relationship from which its records' retention runs (decision 054).
 */
export async function loadDemoClosedClient(db: Db): Promise<void> {
  await typed(db)
    .insertInto('activity_logs')
    .columns(['activityType', 'userId', 'targetUserId', 'details', 'createdAt'])
    .expression(
      typed(db)
        .selectFrom(['profiles as c', 'profiles as f'])
        .select([
          kysql<string>`'user_status_change'`.as('activityType'),
          'f.id as userId',
          'c.id as targetUserId',
          kysql<string>`'{"from":"active","to":"suspended"}'::jsonb`.as('details'),
          kysql<string>`'2018-06-28T08:00:00Z'`.as('createdAt'),
        ])
        .where('c.email', '=', 'closed@demo.example.com')
        .where('f.email', '=', 'founder@demo.example.com'),
    )
    .execute();
}
