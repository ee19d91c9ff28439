import type { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { EvidencePack, EvidencePackRequest } from '../../../shared/evidence.ts';
import { jobOutcome } from '../../../shared/jobs.ts';
import { companyZone } from '../../../shared/settings.ts';
import type { AppContext } from '../../context.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { holdFileCommitLock } from '../../storage/consistency.ts';
import { logActivity } from '../activity/service.ts';
import { chainHead } from '../audit/repository.ts';
import { insertJob } from '../jobs/repository.ts';
import type { JobHandler } from '../jobs/runner.ts';
import { getSettings } from '../settings/service.ts';
import { type IndexSection, indexPdf } from './index-pdf.ts';
import { readmeText, VERIFY_SCRIPT } from './readme.ts';
import * as repo from './repository.ts';
import { ZipWriter } from './zip.ts';

/** The regulator's evidence pack (issue 33, decision 052): request, list, produce as a durable job, download. */

export interface Actor {
  id: string;
  name: string;
  ip: string;
}

export const LIST_LIMIT = 100;
export const NOT_READY = 'The evidence pack is not ready yet';
export const PACK_NOT_FOUND = 'Evidence pack not found';

function view(r: repo.PackRow): EvidencePack {
  const p = (r.jobProgress ?? {}) as { done?: number; total?: number };
  const status = r.completedAt ? 'done' : r.jobStatus === 'failed' || r.jobId === null ? 'failed' : 'running';
  return {
    id: r.id,
    scope: r.scope,
    subjectId: r.subjectId,
    subjectName: r.subjectName,
    from: r.periodFrom,
    to: r.periodTo,
    status,
    progress: { done: status === 'done' ? (p.total ?? 0) : (p.done ?? 0), total: p.total ?? 0 },
    fileCount: r.fileCount,
    byteSize: r.byteSize,
    sha256: r.sha256,
    headSeq: r.headSeq,
    headHash: r.headHash,
    error: status === 'failed' ? (r.jobError ?? 'The job was lost') : null,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt ? r.completedAt.toISOString() : null,
  };
}

export const evidencePacks = async (q: Queryable): Promise<EvidencePack[]> => (await repo.listPacks(q, LIST_LIMIT)).map(view);

export async function evidencePack(q: Queryable, id: string): Promise<EvidencePack> {
  const r = await repo.packById(q, id);
  if (!r) throw notFound(PACK_NOT_FOUND);
  return view(r);
}

/**
 * Queues a pack: its row and its job are written in one transaction with the request's log
 * entry, so a pack is never requested without the job that produces it. Any number of packs may
 * run at once (each is its own job; the runner's concurrency bounds the work per server).
 */
export async function requestPack(ctx: AppContext, input: EvidencePackRequest, actor: Actor): Promise<EvidencePack> {
  const id = await ctx.db.tx(async (q) => {
    let name: string | null = null;
    if (input.scope !== 'period') {
      name = (await repo.subjectName(q, input.scope, input.subjectId as string)) ?? null;
      if (name === null) throw notFound(input.scope === 'investor' ? 'Investor not found' : 'Deal not found');
    }
    const packId = await repo.insertPack(q, { ...input, createdBy: actor.id });
    const jobId = await insertJob(q, {
      kind: 'evidence-pack',
      params: { packId, ip: actor.ip },
      progress: { done: 0, total: 0 },
      createdBy: actor.id,
      maxAttempts: 3,
    });
    if (!jobId) throw new Error('The evidence pack job was not queued');
    await repo.setPackJob(q, packId, jobId);
    await logActivity(q, {
      type: 'evidence_pack_requested',
      userId: actor.id,
      targetUserId: input.scope === 'investor' ? input.subjectId : null,
      details: {
        packId,
        scope: input.scope,
        ...(input.scope === 'deal' ? { dealId: input.subjectId } : {}),
        ...(input.scope === 'period' ? { from: input.from, to: input.to } : {}),
        ...(name ? { name } : {}),
      },
      ip: actor.ip,
    });
    return packId;
  });
  void ctx.jobs?.kick();
  return evidencePack(ctx.db, id);
}

/** The archive of a finished pack (404 unknown, 409 still running or failed); the download is logged. */
export async function packFile(db: Db, id: string, actor: Actor) {
  const r = await repo.packById(db, id);
  if (!r) throw notFound(PACK_NOT_FOUND);
  if (!r.filePath || r.byteSize === null) throw conflict(NOT_READY, 'NOT_READY');
  await logActivity(db, {
    type: 'evidence_pack_downloaded',
    userId: actor.id,
    targetUserId: r.scope === 'investor' ? r.subjectId : null,
    details: { packId: id, sha256: r.sha256 },
    ip: actor.ip,
  });
  const stamp = r.createdAt.toISOString().slice(0, 10);
  return { key: r.filePath, name: `evidence-pack-${r.scope}-${stamp}-${id.slice(0, 8)}`, extension: 'zip', byteSize: r.byteSize };
}

const json = (rows: unknown) => `${JSON.stringify(rows, null, 2)}\n`;

/** A safe archive name for a stored file: its id and its own extension. */
const fileName = (id: string, ext: string) => `${id}.${ext.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin'}`;

/** Chain positions per query of the audit extract and of the links. */
const WINDOW = 2_000;

/**
 * The job: collects every category of records for the scope, copies the stored files, the audit
 * extract with the chain's links up to the head, the manifest, the README with the verify script
 * and the PDF index into one zip, streamed to the file store; then records the pack and logs its
 * production in the chain. Yields to the event loop between steps (the pack never blocks other
 * requests). A retried attempt starts over (the temporary file of a lost attempt is swept).
 */
export function evidencePackJob(ctx: AppContext): JobHandler<'evidence-pack'> {
  return async (job) => {
    const { db, files } = ctx;
    const pack = await repo.packById(db, job.params.packId);
    if (!pack) return jobOutcome('packRemoved');
    if (pack.completedAt) return jobOutcome('packAlreadyProduced');
    const settings = await getSettings(db);
    const now = ctx.now?.() ?? new Date();
    const steps = { done: 0, total: 11 };
    const step = async () => {
      steps.done += 1;
      await job.save({ ...steps });
      await yieldToEventLoop();
      if (job.signal.aborted) throw job.signal.reason;
    };
    await job.save({ ...steps });

    // What the pack covers.
    let scope: repo.Resolved;
    let scopeLine: string;
    if (pack.scope === 'period') {
      const from = pack.periodFrom as string;
      const to = pack.periodTo as string;
      scope = { kind: 'period', from, to, ...(await repo.periodBounds(db, from, to, companyZone(settings))) };
      scopeLine = `Period ${from} to ${to} (${companyZone(settings)})`;
    } else if (pack.scope === 'deal') {
      scope = { kind: 'deal', dealId: pack.subjectId as string, investorIds: await repo.investorsOfDeal(db, pack.subjectId as string) };
      scopeLine = `Deal: ${pack.subjectName ?? pack.subjectId} (${pack.subjectId})`;
    } else {
      scope = { kind: 'investor', investorIds: [pack.subjectId as string], dealId: null };
      scopeLine = `Investor: ${pack.subjectName ?? pack.subjectId} (${pack.subjectId})`;
    }
    const producedBy = pack.createdBy ?? 'an administrator';
    // The head is read first: the extract and its links end there, whatever is logged meanwhile.
    const head = await chainHead(db);

    const zip = new ZipWriter(now);
    const written = files.writeTemp(zip.output);
    written.catch(() => {});
    const sections: IndexSection[] = [];
    const stored: { path: string; key: string; recorded: string | null; decrypt?: { iv: string; tag: string } }[] = [];
    const recordedOf = new Map<string, string | null>();
    try {
      const section = (title: string) => {
        const s: IndexSection = { title, counts: [] };
        sections.push(s);
        return async (file: string, label: string, rows: readonly unknown[]) => {
          await zip.add(`data/${file}.json`, json(rows));
          s.counts.push({ label, count: rows.length });
        };
      };

      const people = section('Investors and deals');
      await people('profiles', 'Investor profiles', await repo.profilesOf(db, scope));
      await people('deals', 'Deals', await repo.dealsOf(db, scope));
      await step();

      const cls = section('Client classification (DFSA COB 2)');
      await cls('classifications', 'Classification applications and decisions', await repo.classificationsOf(db, scope));
      const evidence = await repo.classificationEvidenceOf(db, scope);
      await cls('classification-evidence', 'Evidence files', evidence);
      for (const e of evidence)
        stored.push({ path: `files/classification/${fileName(e.id, e.extension)}`, key: e.filePath, recorded: e.sha256 });
      await step();

      const kyc = section('KYC (AML rulebook)');
      const apps = await repo.kycApplicationsOf(db, scope);
      const appIds = apps.map((a) => a.id);
      await kyc('kyc-applications', 'KYC applications and decisions', apps);
      await kyc('kyc-history', 'KYC status changes', await repo.kycHistoryOf(db, scope, appIds));
      const kycDocs = await repo.kycDocumentsOf(db, scope, appIds);
      await kyc('kyc-documents', 'KYC documents', kycDocs);
      for (const d of kycDocs)
        stored.push({ path: `files/kyc/${d.kind}-${fileName(d.id, d.extension)}`, key: d.filePath, recorded: d.sha256 });
      await step();

      const scr = section('Sanctions and PEP screening');
      await scr('screened-persons', 'Persons screened', await repo.screenedPersonsOf(db, scope));
      await scr('screening-hits', 'Screening hits with their reviews', await repo.screeningHitsOf(db, scope));
      await scr('suitability-reviews', 'Suitability reviews', await repo.suitabilityOf(db, scope));
      await step();

      const subs = section('Subscriptions and signatures');
      await subs('subscriptions', 'Subscriptions', await repo.subscriptionsOf(db, scope));
      const envelopes = await repo.envelopesOf(db, scope);
      await subs('signing-envelopes', 'Signing envelopes', envelopes);
      await subs(
        'signing-events',
        'Signing events',
        await repo.signingEventsOf(
          db,
          scope,
          envelopes.map((e) => e.id),
        ),
      );
      for (const e of envelopes) {
        if (e.executedPath) stored.push({ path: `files/signing/${e.id}-executed.pdf`, key: e.executedPath, recorded: e.executedSha256 });
        else stored.push({ path: `files/signing/${e.id}-${e.status}.pdf`, key: e.documentPath, recorded: e.documentSha256 });
      }
      await step();

      const money = section('Capital account');
      await money('ledger-entries', 'Ledger entries', await repo.ledgerOf(db, scope));
      const docs = await repo.documentsOf(db, scope);
      await money('documents', 'Documents (statements and deal documents)', docs);
      for (const d of docs) stored.push({ path: `files/documents/${fileName(d.id, d.extension)}`, key: d.filePath, recorded: d.sha256 });
      await step();

      const comms = section('Communications');
      const threads = await repo.threadsOf(db, scope);
      const messages = await repo.messagesOf(
        db,
        scope,
        threads.map((t) => t.id),
      );
      await comms('message-threads', 'Message threads', threads);
      await comms(
        'messages',
        'Messages',
        messages.map((m) => ({
          id: m.id,
          threadId: m.threadId,
          senderId: m.senderId,
          senderRole: m.senderRole,
          body: ctx.cipher.decryptText(m.bodyEnc),
          attachment: m.attachmentPath
            ? {
                name: m.attachmentNameEnc ? ctx.cipher.decryptText(m.attachmentNameEnc) : null,
                file: `files/messages/${fileName(m.id, m.attachmentExtension ?? 'bin')}`,
                bytes: m.attachmentSize,
              }
            : null,
          readByInvestor: m.readByInvestor,
          readByAdmin: m.readByAdmin,
          createdAt: m.createdAt,
        })),
      );
      for (const m of messages)
        if (m.attachmentPath && m.attachmentIv && m.attachmentTag)
          stored.push({
            path: `files/messages/${fileName(m.id, m.attachmentExtension ?? 'bin')}`,
            key: m.attachmentPath,
            recorded: null,
            decrypt: { iv: m.attachmentIv, tag: m.attachmentTag },
          });
      await step();

      const holds = section('Legal holds');
      await holds('legal-holds', 'Legal holds', await repo.holdsOf(db, scope));
      await step();

      // The stored files, one after the other (a missing one is listed, not fatal).
      const missing: string[] = [];
      for (const f of stored) {
        let source: Readable;
        try {
          source = await files.read(f.key);
        } catch {
          missing.push(f.path);
          continue;
        }
        const body = f.decrypt ? source.pipe(ctx.cipher.decryptStream(f.decrypt.iv, f.decrypt.tag)) : source;
        await zip.addStream(f.path, body);
        recordedOf.set(f.path, f.recorded);
        if (job.signal.aborted) throw job.signal.reason;
      }
      sections.push({ title: 'Files', counts: [{ label: 'Stored files copied', count: stored.length - missing.length }] });
      if (missing.length > 0) {
        await zip.add('files/MISSING.txt', `These files are recorded but missing from the storage:\n${missing.join('\n')}\n`);
        sections[sections.length - 1]?.counts.push({ label: 'Recorded files missing from storage', count: missing.length });
      }
      await step();

      // The audit extract, then the chain's links from its first row to the head: both written
      // page by page, each query bounded to a window of positions (PGlite runs a query on the
      // event loop: a bounded window keeps each one short).
      let extractRows = 0;
      let firstSeq: number | null = null;
      const extractLines = async function* () {
        for (let after = 0; after < head.seq; after += WINDOW) {
          const page = await repo.extractPage(db, scope, after, Math.min(head.seq, after + WINDOW));
          if (page.length === 0) continue;
          firstSeq ??= page[0]?.seq ?? null;
          extractRows += page.length;
          yield Buffer.from(
            page
              .map((r) =>
                JSON.stringify({
                  seq: r.seq,
                  id: r.idText,
                  activityType: r.activityType,
                  userId: r.userId,
                  targetUserId: r.targetUserId,
                  details: r.detailsText,
                  ipAddress: r.ipAddress,
                  createdUtc: r.createdUtc,
                  prevHash: r.prevHash,
                  rowHash: r.rowHash,
                }),
              )
              .map((l) => `${l}\n`)
              .join(''),
          );
          if (job.signal.aborted) throw job.signal.reason;
        }
      };
      await zip.addStream('audit/extract.jsonl', extractLines());
      const linkLines = async function* () {
        yield Buffer.from('seq,prev_hash,row_hash\n');
        if (firstSeq === null) return;
        for (let after = firstSeq - 1; after < head.seq; after += WINDOW) {
          const page = await repo.linkPage(db, after, Math.min(head.seq, after + WINDOW));
          yield Buffer.from(page.map((l) => `${l.seq},${l.prevHash},${l.rowHash}\n`).join(''));
          if (job.signal.aborted) throw job.signal.reason;
        }
      };
      await zip.addStream('audit/links.csv', linkLines());
      await zip.add('audit/head.json', json({ chain: head.chain, seq: head.seq, hash: head.hash, updatedAt: head.updatedAt }));
      sections.push({ title: 'Audit trail', counts: [{ label: 'Rows extracted', count: extractRows }] });
      await step();

      const producedAt = now.toISOString();
      const meta = { company: settings.companyName, scopeLine, producedAt, producedBy, headSeq: head.seq, headHash: head.hash };
      await zip.add('README.txt', readmeText({ ...meta, extractRows, firstSeq }));
      await zip.add('verify-chain.mjs', VERIFY_SCRIPT);
      const listed = zip.entries.map((e) => ({ ...e, recorded: recordedOf.get(e.path) ?? null }));
      await zip.add(
        'manifest.json',
        json({
          pack: pack.id,
          scope: pack.scope,
          subjectId: pack.subjectId,
          from: pack.periodFrom,
          to: pack.periodTo,
          ...meta,
          files: listed,
        }),
      );
      await zip.add('index.pdf', await indexPdf({ ...meta, extractRows, sections, files: listed }));
      zip.end();
    } catch (err) {
      zip.abort(err instanceof Error ? err : new Error(String(err)));
      await written.then((t) => files.discard(t)).catch(() => {});
      throw err;
    }
    const temp = await written;
    const key = `evidence/${pack.id}.zip`;
    const fileCount = zip.entries.length;
    const ok = await db.tx(async (q) => {
      await holdFileCommitLock(q);
      await files.commit(temp, key);
      const done = await repo.completePack(q, pack.id, {
        filePath: key,
        byteSize: temp.size,
        sha256: temp.sha256,
        fileCount,
        headSeq: head.seq,
        headHash: head.hash,
      });
      if (!done) return false;
      await logActivity(q, {
        type: 'evidence_pack_produced',
        userId: job.createdBy,
        targetUserId: pack.scope === 'investor' ? pack.subjectId : null,
        details: {
          packId: pack.id,
          scope: pack.scope,
          ...(pack.scope === 'deal' ? { dealId: pack.subjectId } : {}),
          ...(pack.scope === 'period' ? { from: pack.periodFrom, to: pack.periodTo } : {}),
          files: fileCount,
          bytes: temp.size,
          sha256: temp.sha256,
          headSeq: head.seq,
          headHash: head.hash,
        },
        ip: job.params.ip,
      });
      return true;
    });
    await job.save({ done: steps.total, total: steps.total });
    return ok ? jobOutcome('packProduced', { files: fileCount, bytes: temp.size }) : jobOutcome('packAlreadyProduced');
  };
}
