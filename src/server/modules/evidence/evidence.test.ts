import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiBody } from '../../../shared/api/contract.ts';
import type { EvidencePack } from '../../../shared/evidence.ts';
import { sql } from '../../db/sql.ts';
import { errorBody, injectApi, okJson } from '../../testing/api-client.ts';
import { type CreatedUser, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { injectForm } from '../../testing/multipart.ts';
import { verifyChain } from '../audit/verify.ts';

/** The regulator's evidence pack through the real app (decision 052), on PGlite and PostgreSQL. */

// The audit chain's recipe written out again here (decision 042, the README's text), not imported
// from verify.ts: the test checks the pack against the specification, not against our own code.
const F = (v: string | null) => (v === null ? '~' : `${Buffer.byteLength(v, 'utf8')}:${v}`);
const sha256 = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
interface ExtractLine {
  seq: number;
  id: string;
  activityType: string;
  userId: string | null;
  targetUserId: string | null;
  details: string;
  ipAddress: string | null;
  createdUtc: string;
  prevHash: string;
  rowHash: string;
}
const rowHash = (r: ExtractLine) =>
  sha256(`${r.prevHash}|v1|${[r.id, r.activityType, r.userId, r.targetUserId, r.details, r.ipAddress, r.createdUtc].map(F).join('|')}`);

describe('evidence packs', () => {
  let ctx: TestContext;
  const api = injectApi(() => ctx.app);
  let admin: CreatedUser;
  let cookie: string;
  const inv: Record<'a' | 'b', { user: CreatedUser; cookie: string; passport: Buffer; attachment: Buffer; body: string }> = {} as never;
  let dealId: string;

  async function produced(payload: ApiBody<'POST /api/evidence-packs'>): Promise<EvidencePack> {
    const { pack } = okJson(await api('POST /api/evidence-packs', { cookie, body: payload }), 202);
    expect(pack.status).toBe('running');
    for (let i = 0; i < 300; i++) {
      const now = api('GET /api/evidence-packs/:id', { cookie, params: { id: pack.id } }).then((r) => okJson(r).pack);
      const p = await now;
      if (p.status !== 'running') return p;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the pack did not finish in 30 s');
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin', adminUserType: 'legal', name: 'Evidence Admin' });
    cookie = await signIn(ctx, admin.email, admin.password);
    const deal = await sql<{ id: string }>(`INSERT INTO deals (title, type) VALUES ('Evidence Deal', 'PPP') RETURNING id`).first(ctx.db);
    dealId = deal?.id as string;
    for (const [key, name] of [
      ['a', 'Alice Evidence'],
      ['b', 'Bruno Elsewhere'],
    ] as const) {
      const user = await createUser(ctx, { role: 'investor', name });
      const c = await signIn(ctx, user.email, user.password);
      const passport = Buffer.from(`%PDF-1.4\n% passport of ${key.toUpperCase()}-${user.id}\n`);
      const attachment = Buffer.from(`%PDF-1.4\n% attachment of ${key.toUpperCase()}-${user.id}\n`);
      const body = `Message body of ${name}: please confirm my wire ${key === 'a' ? 'AAA-1' : 'BBB-2'}`;
      inv[key] = { user, cookie: c, passport, attachment, body };
      const kyc = injectForm({}, { filename: 'passport.pdf', content: passport });
      const up = await ctx.app.inject({
        method: 'POST',
        url: '/api/kyc/me/documents/passport',
        headers: { ...kyc.headers, cookie: c },
        payload: kyc.payload,
      });
      expect(up.statusCode, up.body).toBe(200);
      const msg = injectForm({ subject: `Wire ${name}`, body, priority: 'Normal' }, { filename: 'wire.pdf', content: attachment });
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/api/investor/messages',
        headers: { ...msg.headers, cookie: c },
        payload: msg.payload,
      });
      expect(sent.statusCode, sent.body).toBe(201);
      // Two ledger lines each (amounts chosen by hand; both investors in the same deal).
      await sql(
        `INSERT INTO ledger_entries (investor_id, deal_id, kind, amount, entry_date) VALUES ($1, $2, 'commitment', $3, '2017-03-01'), ($1, $2, 'call', $4, '2018-06-30')`,
      ).all(ctx.db, [user.id, dealId, key === 'a' ? '250000.00' : '990000.00', key === 'a' ? '125000.50' : '444444.44']);
    }
  });
  afterAll(() => ctx.close());

  it("produces an investor's pack as a job: every category, the files, a verifiable extract, and nothing of another investor", async () => {
    const a = inv.a;
    const pack = await produced({ scope: 'investor', subjectId: a.user.id });
    expect(pack).toMatchObject({
      status: 'done',
      scope: 'investor',
      subjectId: a.user.id,
      subjectName: 'Alice Evidence',
      createdBy: 'Evidence Admin',
      error: null,
    });

    const dl = await api('GET /api/evidence-packs/:id/download', { cookie, params: { id: pack.id } });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toContain('.zip');
    const zipBytes = dl.rawPayload;
    expect(sha256(zipBytes)).toBe(pack.sha256);
    const entries = unzipSync(new Uint8Array(zipBytes));
    const names = Object.keys(entries).sort();
    expect(pack.fileCount).toBe(names.length);
    const text = (n: string) => Buffer.from(entries[n] as Uint8Array).toString('utf8');
    // The pack's files (a zip the route streams, not a JSON answer): their shapes are the pack's, cast as read.
    const data = (n: string) => JSON.parse(text(`data/${n}.json`)) as Record<string, unknown>[];

    // The archive's contents, listed.
    const kycFile = names.find((n) => n.startsWith('files/kyc/passport-'));
    const attachmentFile = names.find((n) => n.startsWith('files/messages/'));
    expect(names).toEqual(
      [
        'README.txt',
        'audit/extract.jsonl',
        'audit/head.json',
        'audit/links.csv',
        'data/classification-evidence.json',
        'data/classifications.json',
        'data/deals.json',
        'data/documents.json',
        'data/kyc-applications.json',
        'data/kyc-documents.json',
        'data/kyc-history.json',
        'data/ledger-entries.json',
        'data/legal-holds.json',
        'data/message-threads.json',
        'data/messages.json',
        'data/profiles.json',
        'data/screened-persons.json',
        'data/screening-hits.json',
        'data/signing-envelopes.json',
        'data/signing-events.json',
        'data/subscriptions.json',
        'data/suitability-reviews.json',
        attachmentFile,
        kycFile,
        'index.pdf',
        'manifest.json',
        'verify-chain.mjs',
      ].sort(),
    );
    // The stored files byte for byte (the attachment decrypted), the records as seeded.
    expect(Buffer.from(entries[kycFile as string] as Uint8Array).equals(a.passport)).toBe(true);
    expect(Buffer.from(entries[attachmentFile as string] as Uint8Array).equals(a.attachment)).toBe(true);
    expect(data('profiles').map((p) => p.id)).toEqual([a.user.id]);
    expect(data('messages').map((m) => m.body)).toEqual([a.body]);
    expect(data('ledger-entries').map((e) => [e.kind, e.amount, e.entryDate])).toEqual([
      ['commitment', '250000.00', '2017-03-01'],
      ['call', '125000.50', '2018-06-30'],
    ]);
    expect(data('deals').map((d) => d.title)).toEqual([]); // no subscription: the deal is not the investor's by subscription
    // A file of the pack's zip, not a route's answer.
    const manifest = JSON.parse(text('manifest.json')) as {
      files: { path: string; size: number; sha256: string; recorded: string | null }[];
    };
    for (const f of manifest.files) expect(sha256(Buffer.from(entries[f.path] as Uint8Array)), f.path).toBe(f.sha256);
    expect(manifest.files.find((f) => f.path === kycFile)?.recorded).toBe(sha256(a.passport));
    expect(
      Buffer.from(entries['index.pdf'] as Uint8Array)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Nothing of investor B anywhere in the archive: id, name, e-mail, message, files.
    const b = inv.b;
    for (const [name, bytes] of Object.entries(entries)) {
      const s = Buffer.from(bytes).toString('latin1');
      for (const needle of [b.user.id, b.user.email, 'Bruno Elsewhere', 'BBB-2', '990000', '444444'])
        expect(s.includes(needle), `${needle} in ${name}`).toBe(false);
    }

    // The extract: each row recomputed here; the links unbroken up to the head; the head is the database's.
    const extract = text('audit/extract.jsonl')
      .trim()
      .split('\n')
      // Lines of the pack's extract file, not a route's answer.
      .map((l) => JSON.parse(l) as ExtractLine);
    expect(extract.map((r) => r.activityType)).toEqual(expect.arrayContaining(['kyc_document_uploaded', 'evidence_pack_requested']));
    for (const r of extract) expect(rowHash(r), `row ${r.seq}`).toBe(r.rowHash);
    const links = text('audit/links.csv')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    for (let i = 1; i < links.length; i++) {
      expect(Number(links[i]?.[0])).toBe(Number(links[i - 1]?.[0]) + 1);
      expect(links[i]?.[1]).toBe(links[i - 1]?.[2]);
    }
    const bySeq = new Map(links.map((l) => [Number(l[0]), l]));
    for (const r of extract) expect(bySeq.get(r.seq)).toEqual([String(r.seq), r.prevHash, r.rowHash]);
    // A file of the pack's zip, not a route's answer.
    const head = JSON.parse(text('audit/head.json')) as { seq: number; hash: string };
    expect(links.at(-1)).toEqual([String(head.seq), expect.any(String), head.hash]);
    expect(head.seq).toBe(pack.headSeq);
    const atHead = await sql<{ row_hash: string }>('SELECT row_hash FROM activity_logs WHERE chain_seq = $1').first(ctx.db, [head.seq]);
    expect(atHead?.row_hash).toBe(head.hash);

    // The recipient's script agrees, and catches a changed character.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evidence-'));
    for (const [name, bytes] of Object.entries(entries)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), bytes);
    }
    const script = path.join(dir, 'verify-chain.mjs');
    expect(execFileSync(process.execPath, [script, dir], { encoding: 'utf8' })).toContain(`VERIFIED: ${extract.length} extracted rows`);
    const tampered = readFileSync(path.join(dir, 'audit/extract.jsonl'), 'utf8').replace('kyc_document_uploaded', 'kyc_document_uploadeX');
    writeFileSync(path.join(dir, 'audit/extract.jsonl'), tampered);
    let failed = '';
    try {
      execFileSync(process.execPath, [script, dir], { encoding: 'utf8' });
    } catch (err) {
      failed = String((err as { stdout?: string }).stdout);
    }
    expect(failed).toContain('NOT VERIFIED');

    // The production and the download are logged in the chain, which stays intact.
    const logged = await sql<{ activity_type: string; user_id: string; target_user_id: string; details: Record<string, unknown> }>(
      `SELECT activity_type, user_id, target_user_id, details FROM activity_logs WHERE details->>'packId' = $1 ORDER BY chain_seq`,
    ).all(ctx.db, [pack.id]);
    expect(logged.map((l) => l.activity_type)).toEqual(['evidence_pack_requested', 'evidence_pack_produced', 'evidence_pack_downloaded']);
    expect(logged[1]).toMatchObject({ user_id: admin.id, target_user_id: a.user.id, details: { sha256: pack.sha256, headSeq: head.seq } });
    expect((await verifyChain(ctx.db)).ok).toBe(true);

    // Listed among past packs.
    const list = okJson(await api('GET /api/evidence-packs', { cookie }));
    expect(list.packs.find((p) => p.id === pack.id)).toMatchObject({ status: 'done', sha256: pack.sha256 });
  });

  it("a deal's pack holds its investors' ledger; a period's pack the records written in it", async () => {
    const deal = await produced({ scope: 'deal', subjectId: dealId });
    expect(deal).toMatchObject({ status: 'done', subjectName: 'Evidence Deal' });
    const entries = unzipSync(
      new Uint8Array((await api('GET /api/evidence-packs/:id/download', { cookie, params: { id: deal.id } })).rawPayload),
    );
    // A file of the pack's zip, not a route's answer.
    const ledger = JSON.parse(Buffer.from(entries['data/ledger-entries.json'] as Uint8Array).toString()) as { amount: string }[];
    expect(ledger.map((e) => e.amount).sort()).toEqual(['125000.50', '250000.00', '444444.44', '990000.00']);
    expect(Object.keys(entries).filter((n) => n.startsWith('files/kyc/'))).toHaveLength(2);

    // A period of the seeded ledger dates only (2018): B's and A's calls, nothing of 2017.
    const period = await produced({ scope: 'period', from: '2018-01-01', to: '2018-12-31' });
    expect(period).toMatchObject({ status: 'done', subjectId: null, from: '2018-01-01', to: '2018-12-31' });
    const p = unzipSync(
      new Uint8Array((await api('GET /api/evidence-packs/:id/download', { cookie, params: { id: period.id } })).rawPayload),
    );
    // A file of the pack's zip, not a route's answer.
    const calls = JSON.parse(Buffer.from(p['data/ledger-entries.json'] as Uint8Array).toString()) as { amount: string }[];
    expect(calls.map((e) => e.amount).sort()).toEqual(['125000.50', '444444.44']);
    expect(Buffer.from(p['audit/extract.jsonl'] as Uint8Array).toString()).toBe(''); // nothing was logged in 2018
  });

  it('refuses bad requests with field messages, unknown subjects with 404, and a download before the pack is ready with 409', async () => {
    const noSubject = await api('POST /api/evidence-packs', { cookie, body: { scope: 'investor' } });
    expect([noSubject.statusCode, errorBody(noSubject).fields]).toEqual([400, { subjectId: 'Choose the investor' }]);
    const backwards = await api('POST /api/evidence-packs', { cookie, body: { scope: 'period', from: '2026-02-01', to: '2026-01-01' } });
    expect([backwards.statusCode, errorBody(backwards).fields]).toEqual([400, { to: 'The last day must not be before the first' }]);
    const badDay = await api('POST /api/evidence-packs', { cookie, body: { scope: 'period', from: '2026-02-30', to: '2026-03-01' } });
    expect([badDay.statusCode, errorBody(badDay).fields]).toEqual([400, { from: 'Enter the first day as YYYY-MM-DD' }]);
    const tooLong = await api('POST /api/evidence-packs', { cookie, body: { scope: 'period', from: '2010-01-01', to: '2026-01-01' } });
    expect(tooLong.statusCode).toBe(400);
    // An admin is not an investor; an unknown deal; neither leaves a pack behind.
    const before = await sql<{ n: number }>('SELECT count(*)::int AS n FROM evidence_packs').first(ctx.db);
    const notInvestor = await api('POST /api/evidence-packs', { cookie, body: { scope: 'investor', subjectId: admin.id } });
    expect([notInvestor.statusCode, errorBody(notInvestor).message]).toEqual([404, 'Investor not found']);
    const noDeal = await api('POST /api/evidence-packs', {
      cookie,
      body: { scope: 'deal', subjectId: '00000000-0000-4000-8000-000000000000' },
    });
    expect([noDeal.statusCode, errorBody(noDeal).message]).toEqual([404, 'Deal not found']);
    expect(await sql<{ n: number }>('SELECT count(*)::int AS n FROM evidence_packs').first(ctx.db)).toEqual(before);
    expect((await api('GET /api/evidence-packs/:id', { cookie, params: { id: '00000000-0000-4000-8000-000000000000' } })).statusCode).toBe(
      404,
    );
    const pending = await sql<{ id: string }>(
      `INSERT INTO evidence_packs (scope, subject_id, created_by) VALUES ('investor', $1, $2) RETURNING id`,
    ).first(ctx.db, [inv.a.user.id, admin.id]);
    const early = await api('GET /api/evidence-packs/:id/download', { cookie, params: { id: pending?.id ?? '' } });
    expect([early.statusCode, errorBody(early).message]).toEqual([409, 'The evidence pack is not ready yet']);
    // Investors never reach the packs.
    expect((await api('GET /api/evidence-packs', { cookie: inv.a.cookie })).statusCode).toBe(403);
  });
});
