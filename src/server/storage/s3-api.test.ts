/**
 * The upload and download API on the S3 store when the storage server misbehaves: it goes away
 * in the middle of an upload (the client gets a 503 with a message; no row, no object) or is
 * down when a file is downloaded (503, not "missing"). Runs on PGlite and, with
 * TEST_DB=postgres, on PostgreSQL; the S3 server (s3rver) is started by this file on loopback,
 * behind a TCP relay that the test cuts.
 */
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/sql.ts';
import { createTestContext, createUser, s3Storage, signIn, type TestContext } from '../testing/harness.ts';
import { multipartBody } from '../testing/multipart.ts';
import { type S3TestServer, s3Setting, s3TestClient, s3TestStore, startRelay, startS3Server } from '../testing/s3-server.ts';
import { sweepStorage } from './consistency.ts';
import { PART_SIZE, S3FileStore } from './s3-file-store.ts';

const BOUNDARY = '----sd-s3-api-boundary';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('documents API on S3 when the storage server goes away', () => {
  let s3: S3TestServer;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let ctx: TestContext;
  let cookie: string;
  let bucket: string;

  const objects = async () =>
    ((await s3TestClient(s3.endpoint).send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key).sort();
  const documentCount = async () => Number((await sql<{ n: number }>('SELECT count(*)::int AS n FROM documents').first(ctx.db))?.n);
  const upload = (content: Buffer, name: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipartBody(BOUNDARY, { name, type: 'PPM', dealId: 'general' }, [{ filename: `${name}.pdf`, content }]),
    });
  const expectMessage = (res: LightMyRequestResponse, status: number, message: RegExp) => {
    expect(res.statusCode, res.body).toBe(status);
    expect((res.json() as { message: string }).message).toMatch(message);
    expect(res.body).not.toMatch(/\.ts:\d+|node_modules|ECONNRE/);
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = (await s3TestStore(s3.endpoint)).bucket;
    relay = await startRelay(s3.endpoint);
    // The app reaches the bucket only through the relay; the test looks at it directly.
    const files = new S3FileStore(s3Setting(relay.endpoint, bucket), s3TestClient(relay.endpoint));
    ctx = await createTestContext({}, { storage: { files, storage: s3Storage(files) } });
    const admin = await createUser(ctx, { role: 'admin', adminUserType: 'cio' });
    cookie = await signIn(ctx, admin.email, admin.password);
  });
  afterAll(async () => {
    await ctx?.close();
    await relay?.close().catch(() => {});
    await s3?.stop();
  });

  it('an upload and its download go through the object store', async () => {
    const res = await upload(PDF, 'Through S3');
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { document: { id: string } }).document.id;
    const key = (await sql<{ file_path: string }>('SELECT file_path FROM documents WHERE id = $1').first(ctx.db, [id]))?.file_path;
    expect(await objects()).toEqual([`files/${key}`]);
    const down = await ctx.app.inject({ method: 'GET', url: `/api/documents/${id}/download`, headers: { cookie } });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(PDF)).toBe(true);
  });

  it('the periodic storage sweep lists the bucket: old unfinished uploads and orphaned objects go, rows keep their files', async () => {
    const client = s3TestClient(s3.endpoint);
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'files/.tmp/crashed.part', Body: 'half' }));
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'files/kyc/someone/orphan.pdf', Body: PDF }));
    const kept = await objects();
    const lines: string[] = [];
    // With the production age (an hour) a fresh temporary object may be a live upload: kept.
    const first = await sweepStorage(ctx.db, ctx.files, (l) => lines.push(l));
    expect(first).toMatchObject({ temp: 0, removed: ['kyc/someone/orphan.pdf'], missing: [] });
    expect(lines).toEqual(['Removed orphaned file kyc/someone/orphan.pdf (no record refers to it).']);
    const second = await sweepStorage(ctx.db, ctx.files, (l) => lines.push(l), 0);
    expect(second).toMatchObject({ temp: 1, removed: [], missing: [] });
    expect(await objects()).toEqual(kept.filter((k) => k !== 'files/.tmp/crashed.part' && k !== 'files/kyc/someone/orphan.pdf'));
    // The document uploaded above is still there and still downloads.
    expect((await objects()).filter((k) => k?.startsWith('files/deal-documents/'))).toHaveLength(1);
  });

  it('the storage server going away mid-upload: 503 with a message, no row, no object; downloads then 503, not 404', async () => {
    const rows = await documentCount();
    const before = await objects();
    const existing = (await sql<{ id: string }>('SELECT id FROM documents LIMIT 1').first(ctx.db))?.id;
    // 20 MiB: the cut comes once more than one part has reached the relay.
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024, 0x20)]);
    const watch = setInterval(() => {
      if (relay.bytes() > PART_SIZE + 1024 * 1024) {
        clearInterval(watch);
        relay.cut();
      }
    }, 5);
    const res = await upload(big, 'Cut off');
    clearInterval(watch);
    expectMessage(res, 503, /file storage is not reachable.*Nothing was saved/);
    expect((res.json() as { code: string }).code).toBe('STORAGE_UNAVAILABLE');
    expect(await documentCount()).toBe(rows);
    expect(await objects()).toEqual(before);
    const logged = await ctx.db.query(
      `SELECT 1 FROM activity_logs WHERE activity_type = 'document_uploaded' AND details ->> 'name' = 'Cut off'`,
    );
    expect(logged).toEqual([]);

    // The relay is gone for good now: a download is "unavailable", never "missing".
    const down = await ctx.app.inject({ method: 'GET', url: `/api/documents/${existing}/download`, headers: { cookie } });
    expectMessage(down, 503, /file storage is not reachable/);
    // A small upload while it is down: the same answer, nothing half-written.
    expectMessage(await upload(PDF, 'While down'), 503, /file storage is not reachable/);
    expect(await documentCount()).toBe(rows);
    expect(await objects()).toEqual(before);
  });
});
