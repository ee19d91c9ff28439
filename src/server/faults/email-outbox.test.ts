import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Db, openPostgres } from '../db/client.ts';
import { sql } from '../db/sql.ts';
import { createPostgresDatabase, killStartedServers, request, signIn, startServer, TEST_ADMIN } from '../testing/server-process.ts';
import { linkIn, type Receiver, startReceiver } from '../testing/smtp-receiver.ts';

/**
 * The outbox under process faults, with real server processes and a real SMTP receiver:
 * an e-mail written with its event survives a SIGKILL before it could be sent and goes out
 * after the restart; on PostgreSQL two instances sharing the outbox send each e-mail once.
 */
const serverUrl = inject('postgresUrl');
const onPostgres = Boolean(serverUrl);

describe('e-mail outbox: SIGKILL between write and send', () => {
  let dataDir: string;
  let receiver: Receiver;
  let database: { url: string; drop: () => Promise<void> } | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sd-fault-mail-'));
    receiver = await startReceiver();
    if (onPostgres) database = await createPostgresDatabase(serverUrl);
  });
  afterAll(async () => {
    await killStartedServers();
    await receiver.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the recovery e-mail queued before the kill is sent after the restart, and its link works', async () => {
    const env = {
      SMTP_URL: receiver.url,
      EMAIL_RETRY_BASE_SECONDS: '1',
      EMAIL_POLL_SECONDS: '1',
    };
    // The SMTP server refuses everything while the first server runs: the e-mail is written, never sent.
    receiver.refuseNext(100_000);
    const first = await startServer({ name: 'faults-mail-first', dataDir, databaseUrl: database?.url, env });
    const res = await request(first.url, 'POST', '/api/auth/forgot-password', { json: { email: TEST_ADMIN.email } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Wait until the server has tried (and been refused) at least once, then kill it.
    const deadline = Date.now() + 15_000;
    while (receiver.refused === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(receiver.refused).toBeGreaterThan(0);
    if (database) {
      // PostgreSQL: kill once the refusal is recorded (a row killed mid-send waits for its lease,
      // as another instance could still be sending it). The embedded database releases such rows at start.
      const db = await openPostgres(database.url, 1);
      try {
        const until = Date.now() + 10_000;
        while (Date.now() < until) {
          const r = await sql<{ status: string }>('SELECT status FROM email_outbox').all(db);
          if (r[0]?.status === 'queued') break;
          await new Promise((res) => setTimeout(res, 25));
        }
      } finally {
        await db.close();
      }
    }
    expect((await first.kill('SIGKILL')).signal).toBe('SIGKILL');
    expect(receiver.messages).toHaveLength(0);

    receiver.refuseNext(0);
    const again = await startServer({ name: 'faults-mail-restart', dataDir, databaseUrl: database?.url, env });
    const mail = await receiver.waitFor((m) => m.to.includes(TEST_ADMIN.email), 20_000);
    expect(receiver.messages.filter((m) => m.to.includes(TEST_ADMIN.email))).toHaveLength(1);
    const token = decodeURIComponent(new URL(linkIn(mail, '/reset-password#token=')).hash.slice('#token='.length));
    const reset = await request(again.url, 'POST', '/api/auth/reset-password', { json: { token, password: 'after-crash-pass-1' } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    await signIn(again.url, TEST_ADMIN.email, 'after-crash-pass-1');
    await again.kill('SIGTERM');
  }, 120_000);
});

describe.runIf(onPostgres)('PostgreSQL: two instances send each e-mail exactly once', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: Db;
  let dataDir: string;
  let receiver: Receiver;

  beforeAll(async () => {
    database = await createPostgresDatabase(serverUrl);
    db = await openPostgres(database.url, 2);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sd-fault-mail-two-'));
    // A slow server, so that both instances are busy sending at the same time.
    receiver = await startReceiver({ delayMs: 40 });
  });
  afterEach(async () => {
    await killStartedServers();
  });
  afterAll(async () => {
    await receiver.close();
    await db?.close().catch(() => {});
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends 80 queued e-mails once each, whichever of the two instances runs the outbox job', async () => {
    const common = { SMTP_URL: receiver.url, EMAIL_POLL_SECONDS: '1' };
    const a = await startServer({
      name: 'faults-mail-a',
      dataDir,
      databaseUrl: database.url,
      env: common,
    });
    const b = await startServer({
      name: 'faults-mail-b',
      dataDir,
      databaseUrl: database.url,
      env: common,
    });
    const n = 80;
    const ids = await sql<{ id: number }>(`INSERT INTO email_outbox (kind, to_address, subject, text_body, html_body)
       SELECT 'fault_test', 'r' || g || '@two.example.com', 'Message ' || g, 'Sent via ' || chr(31) || 'PUBLIC_URL' || chr(31), '<p>Sent via ' || chr(31) || 'PUBLIC_URL' || chr(31) || '</p>'
         FROM generate_series(1, $1) g RETURNING id`).all(db, [n]);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const left = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE status <> 'sent'`).all(db);
      if (left[0]?.n === 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 500));
    const received = receiver.messages.filter((m) => m.subject.startsWith('Message '));
    const byId = new Map<string, number>();
    for (const m of received)
      byId.set(m.headers['x-meridian-email-id'] ?? '?', (byId.get(m.headers['x-meridian-email-id'] ?? '?') ?? 0) + 1);
    expect([...byId.values()].filter((c) => c > 1)).toEqual([]);
    expect([...byId.keys()].sort()).toEqual(ids.map((r) => String(r.id)).sort());
    expect(received).toHaveLength(n);
    // Sent by the instances (each writes its own address into the links: no PUBLIC_URL here). The
    // regular pass is the periodic 'email-outbox' job (decision record 041), run by one instance
    // at a time, whichever claims it: one or both may have sent, never the same e-mail twice.
    const viaA = received.filter((m) => m.text.trim() === `Sent via ${a.url}`).length;
    const viaB = received.filter((m) => m.text.trim() === `Sent via ${b.url}`).length;
    expect(viaA + viaB).toBe(n);
    const job = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE kind = 'email-outbox'`).all(db);
    expect(job[0]?.n).toBe(1);
    await a.kill('SIGTERM');
    await b.kill('SIGTERM');
  }, 120_000);
});
