import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Db, openPostgres } from '../db/client.ts';
import { sql } from '../db/sql.ts';
import { S3_TEST_CREDENTIALS, type S3TestServer, s3TestStore, startS3Server } from '../testing/s3-server.ts';
import {
  createInvestor,
  createPostgresDatabase,
  fileForm,
  INVESTOR_PASSWORD,
  killStartedServers,
  type RunningServer,
  request,
  signIn,
  startServer,
  TEST_ADMIN,
} from '../testing/server-process.ts';
import { randomPdf, sha256 } from './load.ts';

/**
 * Two server processes on one PostgreSQL database and one shared DATA_DIR (storage and
 * message key), as behind a load balancer: sessions, files and sign-outs are shared, and an
 * instance starting while the other takes uploads loses none of them (its start-up sweep
 * waits for uploads in flight).
 */
const serverUrl = inject('postgresUrl');

describe.runIf(serverUrl)('PostgreSQL: two instances share sessions and storage', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: Db;
  let dataDir: string;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    database = await createPostgresDatabase(serverUrl);
    db = await openPostgres(database.url, 1);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sd-fault-two-'));
  });
  afterAll(async () => {
    await killStartedServers();
    await db?.close().catch(() => {});
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('an instance starting while the other takes uploads keeps every acknowledged upload and its file', async () => {
    a = await startServer({ name: 'faults-two-a', dataDir, databaseUrl: database.url });
    const cookie = await signIn(a.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const acked: { id: string; sha256: string }[] = [];
    const failed: string[] = [];
    let starting = true;
    const uploader = async () => {
      while (starting) {
        const content = randomPdf(32, 256);
        const res = await request<{ document: { id: string } }>(a.url, 'POST', '/api/documents', {
          cookie,
          form: fileForm({ name: 'Uploaded while B starts', type: 'Other' }, { name: 'during.pdf', content }),
        });
        if (res.status === 201) acked.push({ id: res.body.document.id, sha256: sha256(content) });
        else failed.push(`${res.status} ${JSON.stringify(res.body)}`);
      }
    };
    const uploads = Promise.all([uploader(), uploader(), uploader()]);
    try {
      b = await startServer({ name: 'faults-two-b', dataDir, databaseUrl: database.url });
    } finally {
      starting = false;
      await uploads;
    }
    expect(acked.length).toBeGreaterThan(0);
    // B's sweep found nothing to remove: A's uploads in flight were either committed or not yet in place.
    expect(b.stdout()).not.toMatch(/orphaned file|Missing file/);
    const rows = await sql<{ id: string; file_path: string; sha256: string }>('SELECT id::text, file_path, sha256 FROM documents').all(db);
    for (const d of acked) {
      const row = rows.find((r) => r.id === d.id);
      expect(row?.sha256).toBe(d.sha256);
      const res = await fetch(`${b.url}/api/documents/${d.id}/download`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(d.sha256);
    }
    // B's start-up left A's half-written uploads alone (its temp sweep skips recent files).
    expect(failed).toEqual([]);
  }, 90_000);

  it('a session from A works on B; a file uploaded through B downloads through A; signing out on A ends it on B', async () => {
    expect(a && b, 'needs both instances from the test above').toBeTruthy();
    const cookie = await signIn(a.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const onB = await request<{ user: { email: string } }>(b.url, 'GET', '/api/auth/session', { cookie });
    expect(onB.status).toBe(200);
    expect(onB.body.user.email).toBe(TEST_ADMIN.email);

    const content = randomPdf();
    const up = await request<{ document: { id: string } }>(b.url, 'POST', '/api/documents', {
      cookie,
      form: fileForm({ name: 'Through B', type: 'PPM' }, { name: 'through-b.pdf', content }),
    });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const down = await fetch(`${a.url}/api/documents/${up.body.document.id}/download`, { headers: { cookie } });
    expect(down.status).toBe(200);
    expect(sha256(Buffer.from(await down.arrayBuffer()))).toBe(sha256(content));

    const out = await request(a.url, 'POST', '/api/auth/sign-out', { cookie });
    expect(out.status).toBe(200);
    expect((await request(b.url, 'GET', '/api/auth/session', { cookie })).status).toBe(401);
    expect((await request(b.url, 'GET', '/api/documents', { cookie })).status).toBe(401);
  }, 60_000);

  it('B answers sessions from its cache, yet a sign-out, suspension, password change or reset on A ends them on B at once', async () => {
    expect(a && b, 'needs both instances').toBeTruthy();
    const onB = async (cookie: string) => (await request(b.url, 'GET', '/api/auth/session', { cookie })).status;
    const admin = await signIn(a.url, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(await onB(admin)).toBe(200);
    // B answers from memory: its lookups would fail without the sessions table.
    await db.query('ALTER TABLE sessions RENAME TO sessions_away');
    try {
      expect(await onB(admin)).toBe(200);
    } finally {
      await db.query('ALTER TABLE sessions_away RENAME TO sessions');
    }

    // Sign-out on A, twenty times: B refuses the very next request every time.
    for (let i = 0; i < 20; i++) {
      const cookie = await signIn(a.url, TEST_ADMIN.email, TEST_ADMIN.password);
      expect(await onB(cookie)).toBe(200);
      expect(await onB(cookie)).toBe(200);
      expect((await request(a.url, 'POST', '/api/auth/sign-out', { cookie })).status).toBe(200);
      expect(await onB(cookie)).toBe(401);
    }

    // Password change on A ends the user's other sessions on B.
    const email = `two.${Date.now()}@test.example.com`;
    const investor = await createInvestor(a.url, admin, email);
    const second = await signIn(b.url, email, INVESTOR_PASSWORD);
    expect(await onB(second)).toBe(200);
    expect(await onB(investor.cookie)).toBe(200);
    const changed = await request(a.url, 'POST', '/api/auth/change-password', {
      cookie: investor.cookie,
      json: { currentPassword: INVESTOR_PASSWORD, newPassword: 'investor-pass-2' },
    });
    expect(changed.status).toBe(200);
    expect(await onB(second)).toBe(401);
    expect(await onB(investor.cookie)).toBe(200);

    // Reset by an administrator on A.
    expect((await request(a.url, 'POST', `/api/users/${investor.id}/reset-password`, { cookie: admin })).status).toBe(200);
    expect(await onB(investor.cookie)).toBe(401);

    // Suspension on A.
    const other = await createInvestor(a.url, admin, `two.s.${Date.now()}@test.example.com`);
    expect(await onB(other.cookie)).toBe(200);
    expect((await request(a.url, 'PATCH', `/api/users/${other.id}`, { cookie: admin, json: { status: 'suspended' } })).status).toBe(200);
    expect(await onB(other.cookie)).toBe(401);
  }, 90_000);

  it('both instances stop cleanly', async () => {
    expect((await a.kill('SIGTERM')).code).toBe(0);
    expect((await b.kill('SIGTERM')).code).toBe(0);
  }, 30_000);
});

/**
 * Issue 32: the same two instances with their files in one S3 bucket (s3rver on loopback) and no
 * shared folder at all (each its own DATA_DIR): an instance starting while the other takes
 * uploads removes none of them (its start-up sweep leaves fresh objects alone on PostgreSQL), and
 * a file written through one downloads through the other.
 */
describe.runIf(serverUrl)('PostgreSQL and S3: two instances share one bucket, no shared folder', () => {
  let database: { url: string; drop: () => Promise<void> };
  let s3: S3TestServer;
  let dirs: string[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase(serverUrl);
    s3 = await startS3Server();
    dirs = [await mkdtemp(path.join(os.tmpdir(), 'sd-fault-s3-a-')), await mkdtemp(path.join(os.tmpdir(), 'sd-fault-s3-b-'))];
  });
  afterAll(async () => {
    await killStartedServers();
    await database?.drop();
    await s3?.stop();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('B starts while A takes uploads: every acknowledged upload is kept, and each file downloads through the other instance', async () => {
    const store = await s3TestStore(s3.endpoint, { prefix: 'app' });
    const env = {
      STORAGE_URL: `s3://${store.bucket}/app?endpoint=${s3.endpoint}&region=us-east-1`,
      AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    };
    const a = await startServer({ name: 'faults-s3-a', dataDir: dirs[0] as string, databaseUrl: database.url, env });
    const cookie = await signIn(a.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const acked: { id: string; sha256: string }[] = [];
    const failed: string[] = [];
    let starting = true;
    const uploader = async () => {
      while (starting) {
        const content = randomPdf(32, 256);
        const res = await request<{ document: { id: string } }>(a.url, 'POST', '/api/documents', {
          cookie,
          form: fileForm({ name: 'Uploaded to S3 while B starts', type: 'Other' }, { name: 'during.pdf', content }),
        });
        if (res.status === 201) acked.push({ id: res.body.document.id, sha256: sha256(content) });
        else failed.push(`${res.status} ${JSON.stringify(res.body)}`);
      }
    };
    const uploads = Promise.all([uploader(), uploader()]);
    let b: RunningServer;
    try {
      b = await startServer({ name: 'faults-s3-b', dataDir: dirs[1] as string, databaseUrl: database.url, env });
    } finally {
      starting = false;
      await uploads;
    }
    expect(failed).toEqual([]);
    expect(acked.length).toBeGreaterThan(0);
    expect(b.stdout()).not.toMatch(/orphaned file|Missing file/);
    // Every file A acknowledged downloads through B, byte for byte.
    for (const d of acked) {
      const res = await fetch(`${b.url}/api/documents/${d.id}/download`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(d.sha256);
    }
    // And the other way: uploaded through B (the session from A), downloaded through A.
    const content = randomPdf();
    const up = await request<{ document: { id: string } }>(b.url, 'POST', '/api/documents', {
      cookie,
      form: fileForm({ name: 'Through B to S3', type: 'PPM' }, { name: 'through-b.pdf', content }),
    });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const down = await fetch(`${a.url}/api/documents/${up.body.document.id}/download`, { headers: { cookie } });
    expect(down.status).toBe(200);
    expect(sha256(Buffer.from(await down.arrayBuffer()))).toBe(sha256(content));
    // Neither instance wrote a file into its own folder: the bucket is the only store.
    for (const d of dirs) expect(existsSync(path.join(d, 'storage', 'deal-documents'))).toBe(false);
    expect((await a.kill('SIGTERM')).code).toBe(0);
    expect((await b.kill('SIGTERM')).code).toBe(0);
  }, 120_000);
});
