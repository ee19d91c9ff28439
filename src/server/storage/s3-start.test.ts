/**
 * The real server process (src/server/main.ts) on S3 storage: a missing bucket stops the start
 * with one clear line; on an existing bucket the start-up sweep removes a crash's leftovers
 * (an unfinished upload, an object no row names) and uploads and downloads go through the bucket.
 * PGlite by default, PostgreSQL with TEST_DB=postgres.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { S3_TEST_CREDENTIALS, type S3TestServer, s3TestClient, s3TestStore, startS3Server } from '../testing/s3-server.ts';
import {
  createPostgresDatabase,
  fileForm,
  killStartedServers,
  request,
  signIn,
  spawnServer,
  startServer,
  TEST_ADMIN,
} from '../testing/server-process.ts';

const PDF = Buffer.from('%PDF-1.4\n% through the real server\n%%EOF\n');

describe('server start-up on S3 storage', () => {
  let s3: S3TestServer;
  let tmp: string;
  const drops: (() => Promise<void>)[] = [];
  const env = (bucket: string) => ({
    STORAGE_URL: `s3://${bucket}/app?endpoint=${s3.endpoint}&region=us-east-1`,
    AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
  });
  const database = async () => {
    const url = inject('postgresUrl');
    if (!url) return undefined;
    const db = await createPostgresDatabase(url);
    drops.push(db.drop);
    return db.url;
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    tmp = await mkdtemp(path.join(os.tmpdir(), 'sd-s3-start-'));
  });
  afterAll(async () => {
    await killStartedServers();
    for (const d of drops) await d().catch(() => {});
    await s3?.stop();
    await rm(tmp, { recursive: true, force: true });
  });

  it('a missing bucket: the server does not start and says why in one line', async () => {
    const server = spawnServer({
      name: 's3-start-missing',
      dataDir: path.join(tmp, 'missing'),
      databaseUrl: await database(),
      env: env('no-such-bucket'),
    });
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(server.stderr()).toContain(
      `Start-up failed: file storage: the S3 bucket "no-such-bucket" does not exist at ${s3.endpoint}; create it (or correct STORAGE_URL)`,
    );
    expect(server.stdout()).not.toMatch(/Server ready/);
  }, 60_000);

  it('sweeps a crash leftovers at start, then uploads and downloads go through the bucket', async () => {
    const store = await s3TestStore(s3.endpoint, { prefix: 'app' });
    const client = s3TestClient(s3.endpoint);
    await client.send(new PutObjectCommand({ Bucket: store.bucket, Key: 'app/.tmp/crashed.part', Body: 'half' }));
    await client.send(new PutObjectCommand({ Bucket: store.bucket, Key: 'app/deal-documents/general/1-orphan.pdf', Body: PDF }));
    const server = await startServer({
      name: 's3-start-ok',
      dataDir: path.join(tmp, 'ok'),
      databaseUrl: await database(),
      env: env(store.bucket),
    });
    const out = server.stdout();
    expect(out).toContain(`Files are stored in the S3 bucket ${store.bucket} under app/ at ${s3.endpoint}.`);
    expect(out).toContain('Removed orphaned file deal-documents/general/1-orphan.pdf (no record refers to it).');
    // PGlite: this server is the only one, so every unfinished upload is a leftover; PostgreSQL:
    // only those older than an hour (another server may be writing the fresh one).
    if (inject('postgresUrl')) expect(out).not.toMatch(/unfinished upload/);
    else expect(out).toContain('Removed 1 unfinished upload(s) left by an earlier run.');

    const cookie = await signIn(server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const up = await request<{ document: { id: string } }>(server.url, 'POST', '/api/documents', {
      cookie,
      form: fileForm({ name: 'Through the bucket', type: 'PPM', dealId: 'general' }, { name: 'memo.pdf', content: PDF }),
    });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const keys = (
      (await client.send(new ListObjectsV2Command({ Bucket: store.bucket, Prefix: 'app/deal-documents/' }))).Contents ?? []
    ).map((o) => o.Key as string);
    expect(keys).toHaveLength(1);
    const stored = await client.send(new GetObjectCommand({ Bucket: store.bucket, Key: keys[0] }));
    expect(Buffer.from(await (stored.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray()).equals(PDF)).toBe(
      true,
    );
    const res = await fetch(`${server.url}/api/documents/${up.body.document.id}/download`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    // Without a session: refused before the store is asked.
    expect((await fetch(`${server.url}/api/documents/${up.body.document.id}/download`)).status).toBe(401);
    await server.kill('SIGTERM');
    // A fresh embedded database is migrated at the first start (20-30 s on a busy machine).
  }, 120_000);
});
