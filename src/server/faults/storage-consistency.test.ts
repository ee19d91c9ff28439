import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Queryable } from '../db/client.ts';
import { sql } from '../db/sql.ts';
import { storeDocument } from '../modules/documents/service.ts';
import { storeKycDocument } from '../modules/kyc/service.ts';
import { postMessage } from '../modules/messages/service.ts';
import { holdFileCommitLock, sweepOrphans } from '../storage/consistency.ts';
import { createTestContext, createUser, type TestContext } from '../testing/harness.ts';

const onPostgres = Boolean(inject('postgresUrl'));
const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('start-up consistency sweep', () => {
  let ctx: TestContext;
  let investorId: string;
  let lines: string[];
  const log = (line: string) => lines.push(line);
  const temp = (label: string) => ctx.files.writeTemp(Readable.from([pdf(label)]));

  /** A document row as storeDocument writes it, for a key chosen by the test. */
  const insertDocumentRow = (q: Queryable, key: string) =>
    q.query(
      `INSERT INTO documents (name, type, file_path, extension, mime_type, file_size, byte_size, sha256)
       VALUES ('Sweep test', 'Other', $1, 'pdf', 'application/pdf', '1', 10, 'x')`,
      [key],
    );
  const newKey = () => `deal-documents/general/${Date.now()}-${randomBytes(4).toString('hex')}.pdf`;

  beforeAll(async () => {
    ctx = await createTestContext();
    investorId = (await createUser(ctx, { role: 'investor' })).id;
  });
  afterAll(() => ctx.close());
  beforeEach(() => {
    lines = [];
  });

  it('keeps every referenced file (documents, KYC documents, message attachments) and reports nothing', async () => {
    const doc = await storeDocument(
      ctx.db,
      ctx.files,
      { name: 'Kept', type: 'Other', investorVisible: false },
      await temp('doc'),
      'pdf',
      null,
      null,
    );
    await storeKycDocument(ctx.db, ctx.files, investorId, 'passport', {
      temp: await temp('kyc'),
      filename: 'passport.pdf',
      extension: 'pdf',
    });
    const enc = ctx.cipher.encryptStream();
    const att = await ctx.files.writeTemp(Readable.from([pdf('attachment')]), enc.stream);
    await postMessage(ctx.db, ctx.files, ctx.cipher, {
      newThread: { investorId, subject: 'Sweep', priority: 'Normal' },
      sender: { id: investorId, role: 'investor' },
      body: 'With an attachment',
      attachment: { file: { temp: att, filename: 'a.pdf', extension: 'pdf' }, iv: enc.iv, tag: enc.authTag() },
      ip: '127.0.0.1',
    });
    const keys = (
      await sql<{ key: string }>(`SELECT file_path AS key FROM documents UNION ALL SELECT file_path FROM kyc_documents
       UNION ALL SELECT attachment_path FROM messages WHERE attachment_path IS NOT NULL`).all(ctx.db)
    ).map((r) => r.key);
    expect(keys).toHaveLength(3);
    expect(keys).toContain(
      (await sql<{ file_path: string }>('SELECT file_path FROM documents WHERE id = $1').first(ctx.db, [doc.id]))?.file_path,
    );

    const report = await sweepOrphans(ctx.db, ctx.files, log);
    expect(report).toEqual({ removed: [], missing: [] });
    expect(lines).toEqual([]);
    for (const k of keys) expect(await ctx.files.exists(k)).toBe(true);
  });

  it('removes a file no row refers to, one log line per file, and leaves unfinished temp files alone', async () => {
    const orphans = ['deal-documents/general/1-orphan.pdf', 'kyc/someone/passport-1-orphan.pdf', 'messages/1-orphan.bin'];
    for (const k of orphans) await ctx.files.commit(await temp(k), k);
    const unfinished = await temp('still uploading');

    const report = await sweepOrphans(ctx.db, ctx.files, log);
    expect(report.removed.sort()).toEqual([...orphans].sort());
    expect(report.missing).toEqual([]);
    expect(lines).toHaveLength(3);
    for (const k of orphans) {
      expect(await ctx.files.exists(k)).toBe(false);
      expect(lines.filter((l) => l.includes(k))).toHaveLength(1);
    }
    // The temp area is sweepTemp's business, not this sweep's.
    expect((await ctx.storage.keys()).filter((k) => k.startsWith('.tmp/'))).toHaveLength(1);
    await ctx.files.discard(unfinished);
  });

  it('removes the file left behind by a delete interrupted after its transaction committed', async () => {
    const doc = await storeDocument(
      ctx.db,
      ctx.files,
      { name: 'Deleted', type: 'Other', investorVisible: false },
      await temp('del'),
      'pdf',
      null,
      null,
    );
    const key = (await sql<{ file_path: string }>('DELETE FROM documents WHERE id = $1 RETURNING file_path').first(ctx.db, [doc.id]))
      ?.file_path as string;
    expect(await ctx.files.exists(key)).toBe(true);

    const report = await sweepOrphans(ctx.db, ctx.files, log);
    expect(report.removed).toEqual([key]);
    expect(await ctx.files.exists(key)).toBe(false);
    expect(lines).toEqual([expect.stringContaining(key)]);
  });

  it('reports a row whose file is missing and keeps the row', async () => {
    const key = newKey();
    const [row] = await ctx.db.tx(async (q) => {
      await insertDocumentRow(q, key);
      return sql<{ id: string }>('SELECT id FROM documents WHERE file_path = $1').all(q, [key]);
    });

    const report = await sweepOrphans(ctx.db, ctx.files, log);
    expect(report.removed).toEqual([]);
    expect(report.missing).toEqual([{ source: 'documents', id: row?.id, key }]);
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^Missing file: documents ${row?.id} refers to ${key}`))]);
    expect(await ctx.db.query('SELECT 1 FROM documents WHERE id = $1', [row?.id])).toHaveLength(1);
    await ctx.db.query('DELETE FROM documents WHERE id = $1', [row?.id]);
  });

  it('waits for an upload whose file is in place but whose transaction has not committed, and keeps its file', async () => {
    const key = newKey();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let renamed!: () => void;
    const inPlace = new Promise<void>((r) => {
      renamed = r;
    });
    const upload = ctx.db.tx(async (q) => {
      await insertDocumentRow(q, key);
      await holdFileCommitLock(q);
      await ctx.files.commit(await temp('in flight'), key);
      renamed();
      await gate;
    });
    await inPlace;
    let sweepDone = false;
    const sweep = sweepOrphans(ctx.db, ctx.files, log).finally(() => {
      sweepDone = true;
    });
    await sleep(300);
    // The file is committed on disk and its row is invisible to others: the sweep must wait.
    expect(sweepDone).toBe(false);
    expect(await ctx.files.exists(key)).toBe(true);
    release();
    await upload;
    const report = await sweep;
    expect(report.removed).toEqual([]);
    expect(report.missing).toEqual([]);
    expect(await ctx.files.exists(key)).toBe(true);
  });

  it('holds uploads back while it runs (an upload after the sweep started still commits with its file)', async () => {
    const docs = await Promise.all([
      sweepOrphans(ctx.db, ctx.files, log),
      storeDocument(
        ctx.db,
        ctx.files,
        { name: 'During sweep', type: 'Other', investorVisible: false },
        await temp('during'),
        'pdf',
        null,
        null,
      ),
      sweepOrphans(ctx.db, ctx.files, log),
    ]);
    const doc = docs[1];
    const key = (await sql<{ file_path: string }>('SELECT file_path FROM documents WHERE id = $1').first(ctx.db, [doc.id]))
      ?.file_path as string;
    expect(await ctx.files.exists(key)).toBe(true);
    expect(lines).toEqual([]);
  });

  // Control for the test above: without the shared lock, a sweep on another connection would
  // delete the in-flight file. PGlite has one connection, so this can only happen on PostgreSQL.
  it.runIf(onPostgres)('(control) without the lock, the in-flight file would be deleted', async () => {
    const key = newKey();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let renamed!: () => void;
    const inPlace = new Promise<void>((r) => {
      renamed = r;
    });
    const upload = ctx.db.tx(async (q) => {
      await insertDocumentRow(q, key);
      await ctx.files.commit(await temp('unlocked'), key);
      renamed();
      await gate;
    });
    await inPlace;
    const report = await sweepOrphans(ctx.db, ctx.files, log);
    release();
    await upload;
    expect(report.removed).toEqual([key]);
    await ctx.db.query('DELETE FROM documents WHERE file_path = $1', [key]);
  });
});
