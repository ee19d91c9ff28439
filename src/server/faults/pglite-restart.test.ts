import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DiskFileStore } from '../storage/file-store.ts';
import {
  createInvestor,
  fileForm,
  killStartedServers,
  type RunningServer,
  request,
  signIn,
  spawnServer,
  startServer,
  TEST_ADMIN,
} from '../testing/server-process.ts';
import { newLedger, runLoad } from './load.ts';

/**
 * The embedded database (PGlite) under process faults: a second server on the same DATA_DIR
 * is refused while the first keeps working, and a server killed with SIGKILL restarts on the
 * same DATA_DIR (stale server.pid), even with writes in flight at the kill, with every
 * acknowledged write and session intact.
 * Runs in the PGlite suite; the PostgreSQL suite has its own fault tests.
 */
const onPostgres = Boolean(inject('postgresUrl'));
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const PDF = Buffer.from('%PDF-1.4\n% acknowledged before the crash\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0', 'latin1'),
]);

describe.skipIf(onPostgres)('PGlite: one server per DATA_DIR, and SIGKILL loses no acknowledged write', () => {
  let dataDir: string;
  let first: RunningServer;
  // What the first server acknowledged, checked after the crash.
  const acked = {
    adminCookie: '',
    investorCookie: '',
    investorId: '',
    signUps: [] as string[],
    documentId: '',
    threadId: '',
    messageBody: 'Acknowledged before the crash: a message to the investor.',
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sd-fault-pglite-'));
  });
  afterAll(async () => {
    await killStartedServers();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a second server on the same DATA_DIR refuses to start with one clear line; the first keeps working', async () => {
    first = await startServer({ name: 'faults-pglite-first', dataDir });
    const base = first.url;
    acked.adminCookie = await signIn(base, TEST_ADMIN.email, TEST_ADMIN.password);
    const inv = await createInvestor(base, acked.adminCookie, 'pglite.investor@test.example.com', 'PGlite Investor');
    acked.investorId = inv.id;
    acked.investorCookie = inv.cookie;

    // The second server: refused before it touches the database, non-zero exit, one line.
    const second = spawnServer({ name: 'faults-pglite-second', dataDir });
    const exit = await second.exited;
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    const lines = second.stderr().trim().split('\n');
    expect(lines, second.stderr()).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`another server \\(pid ${first.pid}\\) is already using DATA_DIR ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    expect(second.stdout()).not.toMatch(/Server ready/);
    expect((await readFile(path.join(dataDir, 'server.pid'), 'utf8')).trim()).toBe(String(first.pid));

    // The first server still serves reads and writes (these writes are checked after the crash too).
    expect((await request(base, 'GET', '/api/health')).status).toBe(200);
    expect((await request(base, 'GET', '/api/auth/session', { cookie: acked.adminCookie })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const email = `pglite.signup.${i}@test.example.com`;
      const res = await request(base, 'POST', '/api/auth/sign-up', { json: { email, password: 'signup-pass-1', name: `Sign-up ${i}` } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      acked.signUps.push(email);
    }
    const doc = await request<{ document: { id: string } }>(base, 'POST', '/api/documents', {
      cookie: acked.adminCookie,
      form: fileForm({ name: 'Before the crash', type: 'Other' }, { name: 'before.pdf', content: PDF }),
    });
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    acked.documentId = doc.body.document.id;
    const kyc = await request(base, 'POST', '/api/kyc/me/documents/passport', {
      cookie: acked.investorCookie,
      form: fileForm({}, { name: 'passport.png', content: PNG }),
    });
    expect(kyc.status, JSON.stringify(kyc.body)).toBe(200);
    const msg = await request<{ threadId: string }>(base, 'POST', '/api/messages', {
      cookie: acked.adminCookie,
      json: { investorId: acked.investorId, subject: 'Before the crash', body: acked.messageBody, priority: 'High' },
    });
    expect(msg.status, JSON.stringify(msg.body)).toBe(201);
    acked.threadId = msg.body.threadId;
  }, 120_000);

  it('after SIGKILL, a restart on the same DATA_DIR clears the stale lock and has every acknowledged write and session', async () => {
    expect(first, 'needs the server from the test above').toBeDefined();
    // Killed while more sign-ups and uploads are in flight.
    const ledger = newLedger();
    const load = runLoad({ base: first.url, adminCookie: acked.adminCookie }, ledger, { signUp: 2, document: 2 });
    await new Promise((r) => setTimeout(r, 400));
    const exit = await first.kill('SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
    expect(await load).toBeGreaterThan(0);
    expect(ledger.refused).toEqual([]);
    // The lock file of the killed server is still there, naming a dead process.
    expect((await readFile(path.join(dataDir, 'server.pid'), 'utf8')).trim()).toBe(String(first.pid));

    const again = await startServer({ name: 'faults-pglite-restart', dataDir });
    expect(again.stdout()).toContain(`Removed a stale lock left by pid ${first.pid}`);
    // The sweep may remove a file whose upload was cut off, but no row lacks its file.
    expect(again.stdout()).not.toMatch(/Missing file/);
    const base = again.url;

    // Sessions made before the crash still work (they live in the database).
    const adminSession = await request<{ user: { email: string } }>(base, 'GET', '/api/auth/session', { cookie: acked.adminCookie });
    expect(adminSession.status).toBe(200);
    expect(adminSession.body.user.email).toBe(TEST_ADMIN.email);
    const investorSession = await request<{ user: { id: string } }>(base, 'GET', '/api/auth/session', { cookie: acked.investorCookie });
    expect(investorSession.status).toBe(200);
    expect(investorSession.body.user.id).toBe(acked.investorId);

    // Sign-ups, document (with its bytes), KYC file, message (decrypted with the same key).
    const users = await request<{ users: { email: string; status: string }[] }>(base, 'GET', '/api/users', { cookie: acked.adminCookie });
    for (const email of [...acked.signUps, ...ledger.signUps])
      expect(users.body.users.find((u) => u.email === email)?.status).toBe('pending');
    // Every acknowledged upload is there, and storage holds exactly one file per document.
    const docs = await request<{ documents: { id: string; sha256: string }[] }>(base, 'GET', '/api/documents', {
      cookie: acked.adminCookie,
    });
    for (const d of ledger.documents) expect(docs.body.documents.find((x) => x.id === d.id)?.sha256).toBe(d.sha256);
    const storedDocs = await new DiskFileStore(path.join(dataDir, 'storage')).list('deal-documents');
    expect(storedDocs).toHaveLength(docs.body.documents.length);
    const download = await fetch(`${base}/api/documents/${acked.documentId}/download`, { headers: { cookie: acked.adminCookie } });
    expect(download.status).toBe(200);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(PDF));
    const kycFile = await fetch(`${base}/api/kyc/me/documents/passport/download`, { headers: { cookie: acked.investorCookie } });
    expect(kycFile.status).toBe(200);
    expect(sha256(Buffer.from(await kycFile.arrayBuffer()))).toBe(sha256(PNG));
    const thread = await request<{ thread: { messages: { body: string }[] } }>(base, 'GET', `/api/messages/${acked.threadId}`, {
      cookie: acked.adminCookie,
    });
    expect(thread.status).toBe(200);
    expect(thread.body.thread.messages.map((m) => m.body)).toEqual([acked.messageBody]);

    // A clean stop removes the lock.
    const stopped = await again.kill('SIGTERM');
    expect(stopped.code).toBe(0);
    await expect(stat(path.join(dataDir, 'server.pid'))).rejects.toThrow();
  }, 120_000);
});
