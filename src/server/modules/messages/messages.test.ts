import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../db/sql.ts';
import { type ApiErrorBody, callApi, errorBody, injectApi } from '../../testing/api-client.ts';
import { createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { injectForm } from '../../testing/multipart.ts';

const UNKNOWN_ID = '6f1c1d7e-8a51-4c7e-9a0b-1f2e3d4c5b6a';

/** A multipart body with text fields and, optionally, one file in the field `file`. */
const multipart = (fields: Record<string, string>, file?: { filename: string; content: Buffer }) =>
  injectForm(fields, ...(file ? [file] : []));

function expectError(res: LightMyRequestResponse, status: number): ApiErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBody(res);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

// Distinctive plaintext we then look for in the database and on disk.
const SUBJECT = 'Question about my K-1 statement';
const BODY = 'PLAINTEXT-BODY-7c1f: please confirm the wire reference 0042-ALPHA for my capital call.';
const REPLY = 'PLAINTEXT-REPLY-93ab: confirmed, the statement is attached for your records.';
const ATTACHMENT_NAME = 'confidential-wire-instructions-5e2d.pdf';
const REPLY_ATTACHMENT_NAME = 'k1-statement-2024-b7f0.pdf';
const PDF = Buffer.from('%PDF-1.4\n% PLAINTEXT-ATTACHMENT-CONTENT-4f8e account 12345678\n%%EOF\n');
const REPLY_PDF = Buffer.from('%PDF-1.7\n% PLAINTEXT-REPLY-ATTACHMENT-d3c9 statement body\n%%EOF\n');

interface Investor {
  id: string;
  cookie: string;
  name: string;
}

describe('secure messages API', () => {
  let ctx: TestContext;
  const api = injectApi(() => ctx.app);
  let adminCookie: string;
  let a: Investor;
  let b: Investor;
  let threadA: string;
  let threadB: string;

  const call = (method: InjectOptions['method'], url: string, cookie: string | null, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });
  const post = (url: string, cookie: string, fields: Record<string, string>, file?: { filename: string; content: Buffer }) => {
    const body = multipart(fields, file);
    return ctx.app.inject({ method: 'POST', url, headers: { ...body.headers, cookie }, payload: body.payload });
  };
  const investor = async (name: string): Promise<Investor> => {
    const u = await createUser(ctx, { role: 'investor', name });
    return { id: u.id, cookie: await signIn(ctx, u.email, u.password), name };
  };
  /** A thread list (the admin inbox or the investor's), typed by the route table. */
  const list = async (url: '/api/messages' | '/api/investor/messages', cookie: string) => {
    const { status, json, res } = await callApi(ctx.app, `GET ${url}`, { cookie });
    expect(status, res.body).toBe(200);
    return json;
  };
  // Stored keys on disk or in the S3 bucket (TEST_STORAGE=s3), without their area's prefix.
  const keysUnder = async (area: string) =>
    (await ctx.storage.keys()).filter((k) => k.startsWith(`${area}/`)).map((k) => k.slice(area.length + 1));
  const messageFiles = () => keysUnder('messages');
  const tempFiles = () => keysUnder('.tmp');
  const messageRows = async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM messages').first(ctx.db))?.n ?? 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    const adm = await createUser(ctx, { role: 'admin', adminUserType: 'founder', name: 'Ada Admin' });
    adminCookie = await signIn(ctx, adm.email, adm.password);
    a = await investor('Alice Investor');
    b = await investor('Bob Investor');
  });
  afterAll(() => ctx.close());

  it('an investor starts a thread with subject, body, priority and a PDF; the admin inbox shows it Unread', async () => {
    const form = multipart({ subject: SUBJECT, body: BODY, priority: 'High' }, { filename: ATTACHMENT_NAME, content: PDF });
    const res = await callApi(ctx.app, 'POST /api/investor/messages', { cookie: a.cookie, headers: form.headers, rawBody: form.payload });
    expect(res.status, res.res.body).toBe(201);
    threadA = res.json.threadId;

    const inbox = await list('/api/messages', adminCookie);
    const t = inbox.threads.find((x) => x.id === threadA);
    expect(t).toMatchObject({
      investorId: a.id,
      investorName: 'Alice Investor',
      subject: SUBJECT,
      from: 'Alice Investor',
      status: 'Unread',
      unreadCount: 1,
      priority: 'High',
      hasAttachment: true,
      preview: BODY,
    });
    expect(inbox.counts).toEqual({ total: 1, unread: 1, high: 1 });
    expect((await call('GET', '/api/messages/unread-count', adminCookie)).json()).toEqual({ unread: 1 });

    // The sender's own message is read on their side.
    const mine = await list('/api/investor/messages', a.cookie);
    expect(mine.threads).toHaveLength(1);
    expect(mine.threads[0]).toMatchObject({ id: threadA, status: 'Read', unreadCount: 0, hasAttachment: true });
    expect((await call('GET', '/api/investor/messages/unread-count', a.cookie)).json()).toEqual({ unread: 0 });

    // JSON without attachment works too, with Normal as the default priority.
    // (A JSON body on a multipart route: the route parses it itself, so it goes as a raw body.)
    const plain = await callApi(ctx.app, 'POST /api/investor/messages', {
      cookie: b.cookie,
      rawBody: { subject: 'Bob asks', body: 'Hello from Bob' },
    });
    expect(plain.status, plain.res.body).toBe(201);
    threadB = plain.json.threadId;
    expect((await list('/api/messages', adminCookie)).threads.find((x) => x.id === threadB)).toMatchObject({
      priority: 'Normal',
      hasAttachment: false,
    });
  });

  it('opening marks read for the admin only; the admin replies with an attachment; the investor sees Unread then Read', async () => {
    const opened = await api('GET /api/messages/:id', { cookie: adminCookie, params: { id: threadA } });
    expect(opened.statusCode, opened.body).toBe(200);
    // Reading (GET) changes nothing; the client marks the thread read with a POST.
    expect(opened.json().thread).toMatchObject({ status: 'Unread', unreadCount: 1 });
    expect((await list('/api/messages', adminCookie)).threads.find((x) => x.id === threadA)).toMatchObject({ status: 'Unread' });
    expect((await call('POST', `/api/messages/${threadA}/read`, adminCookie)).statusCode).toBe(200);
    const thread = opened.json().thread;
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0]).toMatchObject({
      senderRole: 'investor',
      senderName: 'Alice Investor',
      body: BODY,
      attachment: { name: ATTACHMENT_NAME, extension: 'pdf', size: PDF.length },
    });
    expect((await list('/api/messages', adminCookie)).threads.find((x) => x.id === threadA)).toMatchObject({
      status: 'Read',
      unreadCount: 0,
    });
    expect((await call('GET', '/api/messages/unread-count', adminCookie)).json()).toEqual({ unread: 1 }); // Bob's is still unread
    const flags = await sql<{ read_by_admin: boolean; read_by_investor: boolean }>(
      'SELECT read_by_admin, read_by_investor FROM messages WHERE thread_id = $1',
    ).all(ctx.db, [threadA]);
    expect(flags).toEqual([{ read_by_admin: true, read_by_investor: true }]);

    const reply = await post(
      `/api/messages/${threadA}/reply`,
      adminCookie,
      { body: REPLY },
      { filename: REPLY_ATTACHMENT_NAME, content: REPLY_PDF },
    );
    expect(reply.statusCode, reply.body).toBe(201);

    // Investor: Unread, from the team, with the reply as preview; counts and dashboard agree.
    const before = await list('/api/investor/messages', a.cookie);
    expect(before.threads[0]).toMatchObject({ id: threadA, status: 'Unread', unreadCount: 1, from: 'Investor Relations', preview: REPLY });
    expect(before.counts).toEqual({ total: 1, unread: 1, high: 1 });
    expect((await call('GET', '/api/investor/messages/unread-count', a.cookie)).json()).toEqual({ unread: 1 });
    expect((await call('GET', '/api/investor/dashboard', a.cookie)).json().unreadMessages).toBe(1);
    // The admin's own reply does not make the thread unread for admins.
    expect((await list('/api/messages', adminCookie)).threads.find((x) => x.id === threadA)).toMatchObject({
      status: 'Read',
      from: 'Ada Admin',
    });

    const read = await api('GET /api/investor/messages/:id', { cookie: a.cookie, params: { id: threadA } });
    expect(read.statusCode).toBe(200);
    expect((await list('/api/investor/messages', a.cookie)).threads[0]).toMatchObject({ status: 'Unread' });
    expect((await call('POST', `/api/investor/messages/${threadA}/read`, a.cookie)).statusCode).toBe(200);
    const full = read.json().thread;
    expect(full.messages.map((m) => [m.senderRole, m.senderName, m.body])).toEqual([
      ['investor', 'Alice Investor', BODY],
      ['admin', 'Investor Relations', REPLY],
    ]);
    expect(full.messages[1]?.attachment).toEqual({ name: REPLY_ATTACHMENT_NAME, extension: 'pdf', size: REPLY_PDF.length });
    expect((await list('/api/investor/messages', a.cookie)).threads[0]).toMatchObject({ status: 'Read', unreadCount: 0 });
    expect((await call('GET', '/api/investor/messages/unread-count', a.cookie)).json()).toEqual({ unread: 0 });
    expect((await call('GET', '/api/investor/dashboard', a.cookie)).json().unreadMessages).toBe(0);

    // The investor answers in the same thread: Unread again for admins.
    const again = await call('POST', `/api/investor/messages/${threadA}/reply`, a.cookie, { body: 'Thanks!' });
    expect(again.statusCode, again.body).toBe(201);
    expect((await list('/api/messages', adminCookie)).threads.find((x) => x.id === threadA)).toMatchObject({
      status: 'Unread',
      unreadCount: 1,
      preview: 'Thanks!',
    });
  });

  it('downloads attachments decrypted, byte for byte, only on the right side', async () => {
    const ids = await sql<{ id: string; sender_role: string }>(
      'SELECT id, sender_role FROM messages WHERE thread_id = $1 AND attachment_path IS NOT NULL ORDER BY created_at',
    ).all(ctx.db, [threadA]);
    const [fromInvestor, fromAdmin] = ids.map((r) => r.id) as [string, string];
    for (const [id, bytes, name] of [
      [fromInvestor, PDF, ATTACHMENT_NAME],
      [fromAdmin, REPLY_PDF, REPLY_ATTACHMENT_NAME],
    ] as const) {
      const asInvestor = await call('GET', `/api/investor/messages/attachments/${id}`, a.cookie);
      expect(asInvestor.statusCode, asInvestor.body).toBe(200);
      expect(asInvestor.rawPayload.equals(bytes)).toBe(true);
      expect(asInvestor.headers['content-type']).toBe('application/pdf');
      expect(asInvestor.headers['content-disposition']).toContain(name);
      expect(asInvestor.headers['cache-control']).toBe('private, no-store');
      const asAdmin = await call('GET', `/api/messages/attachments/${id}`, adminCookie);
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.rawPayload.equals(bytes)).toBe(true);

      // Another investor: not found; the admin route: forbidden; the investor route for an admin: forbidden.
      expectError(await call('GET', `/api/investor/messages/attachments/${id}`, b.cookie), 404);
      expectError(await call('GET', `/api/messages/attachments/${id}`, b.cookie), 403);
      expectError(await call('GET', `/api/investor/messages/attachments/${id}`, adminCookie), 403);
      expectError(await call('GET', `/api/investor/messages/attachments/${id}`, null), 401);
    }
    // A message without attachment, and unknown ids.
    const noAttachment = (
      await sql<{ id: string }>('SELECT id FROM messages WHERE thread_id = $1 AND attachment_path IS NULL LIMIT 1').first(ctx.db, [threadA])
    )?.id;
    expectError(await call('GET', `/api/investor/messages/attachments/${noAttachment}`, a.cookie), 404);
    expectError(await call('GET', `/api/messages/attachments/${UNKNOWN_ID}`, adminCookie), 404);
  });

  it('stores no readable body, attachment name or attachment content', async () => {
    const raw = await sql<{ t: string }>('SELECT m::text AS t FROM messages m').all(ctx.db);
    const dump = raw.map((r) => r.t).join('\n');
    expect(raw.length).toBeGreaterThanOrEqual(4);
    for (const secret of [
      BODY,
      REPLY,
      'PLAINTEXT-BODY-7c1f',
      'PLAINTEXT-REPLY-93ab',
      '0042-ALPHA',
      ATTACHMENT_NAME,
      REPLY_ATTACHMENT_NAME,
      'confidential-wire',
      'Hello from Bob',
      'Thanks!',
    ]) {
      expect(dump.includes(secret), secret).toBe(false);
    }
    const bodies = await sql<{ body_enc: string }>('SELECT body_enc FROM messages').all(ctx.db);
    for (const r of bodies) expect(r.body_enc).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    // The encrypted values are real ciphertext under the app's key.
    const decrypted = bodies.map((r) => ctx.cipher.decryptText(r.body_enc));
    expect(decrypted).toEqual(expect.arrayContaining([BODY, REPLY, 'Hello from Bob', 'Thanks!']));

    // On disk: two attachment files, neither holding the plaintext bytes (nor even the PDF header).
    const stored = await messageFiles();
    expect(stored).toHaveLength(2);
    for (const f of stored) {
      expect(f).not.toMatch(/wire|k1|pdf/i); // the key reveals nothing of the name
      const bytes = await ctx.storage.bytes(`messages/${f}`);
      expect(bytes.length === PDF.length || bytes.length === REPLY_PDF.length).toBe(true);
      for (const secret of ['PLAINTEXT-ATTACHMENT-CONTENT-4f8e', 'PLAINTEXT-REPLY-ATTACHMENT-d3c9', '12345678', '%PDF-']) {
        expect(bytes.includes(Buffer.from(secret)), `${f} holds ${secret}`).toBe(false);
      }
    }
    expect(await tempFiles()).toEqual([]);
  });

  it('validates: empty subject or body is a 400 with fields; a bad attachment leaves no row and no file', async () => {
    const rowsBefore = await messageRows();
    const filesBefore = (await messageFiles()).length;
    const threadsBefore = (await ctx.db.query('SELECT 1 FROM message_threads')).length;

    const noSubject = expectError(await call('POST', '/api/investor/messages', a.cookie, { subject: '  ', body: 'x' }), 400);
    expect(noSubject.fields?.subject).toBeTruthy();
    const noBody = expectError(await call('POST', '/api/investor/messages', a.cookie, { subject: 'x', body: '' }), 400);
    expect(noBody.fields?.body).toBeTruthy();
    expect(
      expectError(await call('POST', '/api/investor/messages', a.cookie, { subject: 'x', body: 'y', priority: 'Urgent' }), 400).fields
        ?.priority,
    ).toBeTruthy();
    expect(
      expectError(await call('POST', `/api/investor/messages/${threadA}/reply`, a.cookie, { body: ' ' }), 400).fields?.body,
    ).toBeTruthy();

    // Multipart: invalid text fields with a valid file; then a bad file type; then content not matching the extension.
    const badFields = expectError(
      await post('/api/investor/messages', a.cookie, { subject: '', body: 'has file' }, { filename: 'ok.pdf', content: PDF }),
      400,
    );
    expect(badFields.fields?.subject).toBeTruthy();
    const exe = expectError(
      await post(
        '/api/investor/messages',
        a.cookie,
        { subject: 'Bad', body: 'file' },
        { filename: 'payload.exe', content: Buffer.from('MZ\x90\x00') },
      ),
      400,
    );
    expect(exe.fields?.file).toMatch(/not accepted/);
    expectError(
      await post(
        '/api/investor/messages',
        a.cookie,
        { subject: 'Bad', body: 'file' },
        { filename: 'fake.pdf', content: Buffer.from('MZ not a pdf') },
      ),
      400,
    );
    expectError(
      await post(`/api/messages/${threadA}/reply`, adminCookie, { body: 'bad' }, { filename: 'x.html', content: Buffer.from('<script>') }),
      400,
    );
    expectError(await post(`/api/messages/${threadA}/reply`, adminCookie, { body: '' }, { filename: 'ok.pdf', content: PDF }), 400);

    expect(await messageRows()).toBe(rowsBefore);
    expect((await ctx.db.query('SELECT 1 FROM message_threads')).length).toBe(threadsBefore);
    expect((await messageFiles()).length).toBe(filesBefore);
    expect(await tempFiles()).toEqual([]);
  });

  it('isolates investors: threads, thread by id, reply and attachments of another investor are 404', async () => {
    const listB = await list('/api/investor/messages', b.cookie);
    expect(listB.threads.map((t) => t.id)).toEqual([threadB]);
    expect(listB.threads.every((t) => t.investorId === b.id)).toBe(true);
    expect((await list('/api/investor/messages', a.cookie)).threads.map((t) => t.id)).toEqual([threadA]);

    expectError(await call('GET', `/api/investor/messages/${threadA}`, b.cookie), 404);
    expectError(await call('GET', `/api/investor/messages/${UNKNOWN_ID}`, b.cookie), 404);
    expectError(await call('GET', '/api/investor/messages/not-a-uuid', b.cookie), 400);
    // B opening A's thread must not mark anything read.
    const unreadAdmin = await ctx.db.query('SELECT 1 FROM messages WHERE thread_id = $1 AND NOT read_by_admin', [threadA]);
    expect(unreadAdmin).toHaveLength(1);

    const rowsBefore = await messageRows();
    const filesBefore = (await messageFiles()).length;
    expectError(await call('POST', `/api/investor/messages/${threadA}/reply`, b.cookie, { body: 'intrusion' }), 404);
    expectError(
      await post(`/api/investor/messages/${threadA}/reply`, b.cookie, { body: 'intrusion with file' }, { filename: 'x.pdf', content: PDF }),
      404,
    );
    expectError(await call('POST', `/api/investor/messages/${UNKNOWN_ID}/reply`, b.cookie, { body: 'nowhere' }), 404);
    expect(await messageRows()).toBe(rowsBefore);
    expect((await messageFiles()).length).toBe(filesBefore);
    expect(await tempFiles()).toEqual([]);
    const lastA = await api('GET /api/investor/messages/:id', { cookie: a.cookie, params: { id: threadA } });
    expect(lastA.json().thread.messages.map((m) => m.body)).not.toContain('intrusion');
  });

  it('lets an admin start a thread with an investor, who alone sees it', async () => {
    const res = await call('POST', '/api/messages', adminCookie, {
      investorId: b.id,
      subject: 'Annual statement',
      body: 'Your statement is ready',
      priority: 'Normal',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().threadId as string;
    expect((await list('/api/investor/messages', b.cookie)).threads.find((t) => t.id === id)).toMatchObject({
      status: 'Unread',
      from: 'Investor Relations',
    });
    expect((await list('/api/investor/messages', a.cookie)).threads.map((t) => t.id)).not.toContain(id);
    expect((await list('/api/messages', adminCookie)).threads.find((t) => t.id === id)).toMatchObject({ status: 'Read' });
    // Only to investors.
    const admin2 = await createUser(ctx, { role: 'admin', adminUserType: 'legal' });
    expect(
      expectError(await call('POST', '/api/messages', adminCookie, { investorId: admin2.id, subject: 's', body: 'b' }), 400).fields
        ?.investorId,
    ).toBeTruthy();
    expectError(await call('POST', '/api/messages', adminCookie, { investorId: UNKNOWN_ID, subject: 's', body: 'b' }), 400);
    expectError(await call('POST', `/api/messages/${UNKNOWN_ID}/reply`, adminCookie, { body: 'b' }), 404);
    expectError(await call('GET', `/api/messages/${UNKNOWN_ID}`, adminCookie), 404);
  });

  it('guards every route: anonymous 401, admin on investor routes 403, investor on admin routes 403', async () => {
    const msg = (await sql<{ id: string }>('SELECT id FROM messages WHERE attachment_path IS NOT NULL LIMIT 1').first(ctx.db))
      ?.id as string;
    const investorRoutes: [InjectOptions['method'], string, unknown][] = [
      ['GET', '/api/investor/messages', undefined],
      ['POST', '/api/investor/messages', { subject: 's', body: 'b' }],
      ['GET', `/api/investor/messages/${threadA}`, undefined],
      ['POST', `/api/investor/messages/${threadA}/reply`, { body: 'b' }],
      ['GET', `/api/investor/messages/attachments/${msg}`, undefined],
      ['GET', '/api/investor/messages/unread-count', undefined],
    ];
    const adminRoutes: [InjectOptions['method'], string, unknown][] = [
      ['GET', '/api/messages', undefined],
      ['GET', '/api/messages/unread-count', undefined],
      ['POST', '/api/messages', { investorId: a.id, subject: 's', body: 'b' }],
      ['GET', `/api/messages/${threadA}`, undefined],
      ['POST', `/api/messages/${threadA}/reply`, { body: 'b' }],
      ['GET', `/api/messages/attachments/${msg}`, undefined],
    ];
    const rowsBefore = await messageRows();
    for (const [method, url, body] of [...investorRoutes, ...adminRoutes]) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    for (const [method, url, body] of investorRoutes)
      expect((await call(method, url, adminCookie, body)).statusCode, `${method} ${url}`).toBe(403);
    for (const [method, url, body] of adminRoutes)
      expect((await call(method, url, a.cookie, body)).statusCode, `${method} ${url}`).toBe(403);
    expect(await messageRows()).toBe(rowsBefore);
  });

  it('keeps an investor with secure messages from being deleted (suspend instead)', async () => {
    const c = await investor('Cleo Messages');
    expect((await call('POST', '/api/investor/messages', c.cookie, { subject: 'Hi', body: 'Only a message' })).statusCode).toBe(201);
    const del = await call('DELETE', `/api/users/${c.id}`, adminCookie);
    const body = expectError(del, 409);
    expect(body.message).toMatch(/messages/);
    expect(body.message).toMatch(/[Ss]uspend/);
    expect(await ctx.db.query('SELECT 1 FROM profiles WHERE id = $1', [c.id])).toHaveLength(1);
  });
});
