import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Deal } from '../../../shared/deals.ts';
import type { VaultDocument } from '../../../shared/documents.ts';
import { invalidationsOf } from '../../db/invalidation.ts';
import { sql } from '../../db/sql.ts';
import { type ApiErrorBody, errorBody, injectApi, okJson } from '../../testing/api-client.ts';
import { type CreatedUser, createTestContext, createUser, signIn, type TestContext } from '../../testing/harness.ts';
import { type FilePart, multipartBody } from '../../testing/multipart.ts';

function expectError(res: LightMyRequestResponse, status: number, message?: string | RegExp): ApiErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = errorBody(res);
  expect(body.message.length).toBeGreaterThan(0);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  expect(res.body).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
  return body;
}

// ---- multipart bodies, built by hand so every byte of the file name is under our control ----

const BOUNDARY = '----sd-test-boundary-7MA4YWxkTrZu0gW';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart/form-data body with the given text fields and files (in that order). */
const multipart = (fields: Record<string, string>, ...files: FilePart[]): Buffer => multipartBody(BOUNDARY, fields, files);

// ---- sample files: the smallest content each format's checks accept ----

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const SAMPLES = {
  pdf: Buffer.concat([
    Buffer.from('%PDF-1.4\n%'),
    Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]),
    Buffer.from('\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  ]),
  png: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0', 'latin1'),
  ]),
  jpg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0'),
    Buffer.from([0x01, 0x01, 0x00, 0xff, 0xd9]),
  ]),
  docx: Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]),
    Buffer.from('[Content_Types].xml'),
    Buffer.alloc(40, 7),
  ]),
  xls: Buffer.concat([OLE2, Buffer.alloc(504, 0), Buffer.from('Workbook')]),
  txt: Buffer.from('Quarterly notes — naïve café, 日本 ✓\nLine two\n', 'utf8'),
};
const MZ = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.from([0x90, 0x00, 0x03, 0x00]),
  Buffer.from('This program cannot be run in DOS mode.'),
]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]), Buffer.alloc(64, 0)]);

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const UNKNOWN_ID = '3a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d';

describe('document vault API', () => {
  let ctx: TestContext;
  const api = injectApi(() => ctx.app);
  let admin: CreatedUser;
  let adminCookie: string;
  let investorCookie: string;
  let deal: Deal;
  let storageRoot: string;

  beforeAll(async () => {
    // One context for the whole file, with a 1 MB limit so the size tests stay small.
    ctx = await createTestContext({ MAX_UPLOAD_MB: '1' });
    storageRoot = path.join(ctx.config.dataDir, 'storage');
    admin = await createUser(ctx, { role: 'admin', adminUserType: 'cio', name: 'Carla CIO' });
    adminCookie = await signIn(ctx, admin.email, admin.password);
    const investor = await createUser(ctx, { role: 'investor', investorUserType: 'hni' });
    investorCookie = await signIn(ctx, investor.email, investor.password);
    deal = okJson(await api('POST /api/deals', { cookie: adminCookie, body: { title: 'Vault Deal', type: 'PPP' } }), 201).deal;
  });
  afterAll(() => ctx.close());

  /** Every stored file, including the temp area, as keys (on disk or in the S3 bucket: TEST_STORAGE=s3). */
  const storedFiles = () => ctx.storage.keys();
  const documentCount = async () => Number((await sql<{ n: number }>('SELECT count(*)::int AS n FROM documents').first(ctx.db))?.n);
  const docRow = async (id: string) => await sql<Record<string, unknown>>('SELECT * FROM documents WHERE id = $1').first(ctx.db, [id]);
  const logs = (type: string, documentId: string) =>
    sql<{ user_id: string | null; details: Record<string, unknown> }>(
      `SELECT user_id, details FROM activity_logs WHERE activity_type = $1 AND details ->> 'documentId' = $2 ORDER BY id`,
    ).all(ctx.db, [type, documentId]);

  const upload = (body: Buffer | Readable, opts: { cookie?: string | null; headers?: Record<string, string> } = {}) => {
    const cookie = opts.cookie === undefined ? adminCookie : opts.cookie;
    return api('POST /api/documents', { cookie, headers: { 'content-type': CONTENT_TYPE, ...opts.headers }, rawBody: body });
  };
  const fields = (over: Record<string, string> = {}) => ({ name: 'Investor Deck', type: 'PPM', dealId: deal.id, ...over });
  const uploadOk = async (f: FilePart, over: Record<string, string> = {}): Promise<VaultDocument> => {
    return okJson(await upload(multipart(fields(over), f)), 201).document;
  };
  const get = (url: string, cookie: string | null = adminCookie) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  /**
   * Runs a failing upload and checks that it left no row, no stored file and no temp file,
   * and that no activity was logged for it.
   */
  async function expectRefused(body: Buffer | Readable, status: number, message?: string | RegExp, headers?: Record<string, string>) {
    const files = await storedFiles();
    const rows = await documentCount();
    const uploadsLogged = (await ctx.db.query(`SELECT 1 FROM activity_logs WHERE activity_type = 'document_uploaded'`)).length;
    const res = await upload(body, { headers });
    const out = expectError(res, status, message);
    expect(await documentCount()).toBe(rows);
    expect(await storedFiles()).toEqual(files);
    expect((await ctx.db.query(`SELECT 1 FROM activity_logs WHERE activity_type = 'document_uploaded'`)).length).toBe(uploadsLogged);
    return out;
  }

  describe('access', () => {
    let docId: string;
    beforeAll(async () => {
      docId = (await uploadOk({ filename: 'access.pdf', content: SAMPLES.pdf }, { name: 'Access doc' })).id;
    });
    const routes = (): [InjectOptions['method'], string, InjectOptions['payload'] | undefined, Record<string, string>][] => [
      ['GET', '/api/documents', undefined, {}],
      [
        'POST',
        '/api/documents',
        multipart(fields({ name: 'Sneaky' }), { filename: 'x.pdf', content: SAMPLES.pdf }),
        { 'content-type': CONTENT_TYPE },
      ],
      ['GET', `/api/documents/${docId}/view`, undefined, {}],
      ['GET', `/api/documents/${docId}/download`, undefined, {}],
      ['PATCH', `/api/documents/${docId}`, { investorVisible: true }, {}],
      ['DELETE', `/api/documents/${docId}`, undefined, {}],
    ];

    it('answers 401 to anonymous callers and 403 to investors on every route, storing and changing nothing', async () => {
      const files = await storedFiles();
      for (const [cookie, status] of [
        [null, 401],
        [investorCookie, 403],
      ] as const) {
        for (const [method, url, payload, headers] of routes()) {
          const res = await ctx.app.inject({ method, url, payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
          expectError(res, status);
          expect(res.headers['content-disposition']).toBeUndefined();
        }
      }
      expect(await storedFiles()).toEqual(files);
      expect(await docRow(docId)).toMatchObject({ name: 'Access doc', investor_visible: false });
      expect((await ctx.db.query(`SELECT 1 FROM documents WHERE name = 'Sneaky'`)).length).toBe(0);
    });

    it('refuses a session that ended (user suspended) on view and download', async () => {
      const u = await createUser(ctx, { role: 'admin', adminUserType: 'legal' });
      const cookie = await signIn(ctx, u.email, u.password);
      expect((await get(`/api/documents/${docId}/download`, cookie)).statusCode).toBe(200);
      await ctx.db.query(`UPDATE profiles SET status = 'suspended' WHERE id = $1`, [u.id]);
      await invalidationsOf(ctx.db)?.sync(); // as the routes do (decision 015)
      expectError(await get(`/api/documents/${docId}/view`, cookie), 401);
      expectError(await get(`/api/documents/${docId}/download`, cookie), 401);
    });
  });

  describe('successful uploads', () => {
    const cases: [keyof typeof SAMPLES, string, string][] = [
      ['pdf', 'Term Sheet.pdf', 'application/pdf'],
      ['png', 'chart.PNG', 'image/png'],
      ['jpg', 'site photo.jpg', 'image/jpeg'],
      ['docx', 'LPA draft.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['xls', 'model.xls', 'application/vnd.ms-excel'],
      ['txt', 'notes.txt', 'text/plain'],
    ];
    for (const [kind, filename, contentType] of cases) {
      it(`stores a ${kind} file with its row, size, hash and a document_uploaded log`, async () => {
        const content = SAMPLES[kind];
        const before = await storedFiles();
        const doc = await uploadOk(
          { filename, content, contentType },
          { name: `Doc ${kind}`, type: 'Due Diligence', expirationDate: '2030-06-30' },
        );
        expect(doc).toMatchObject({
          name: `Doc ${kind}`,
          type: 'Due Diligence',
          extension: kind,
          byteSize: content.length,
          fileSize: String(Math.max(1, Math.ceil(content.length / 1024))),
          sha256: sha256(content),
          dealId: deal.id,
          dealTitle: 'Vault Deal',
          uploadedBy: admin.id,
          uploadedByName: 'Carla CIO',
          expirationDate: '2030-06-30',
          investorVisible: false,
        });
        const row = await docRow(doc.id);
        expect(row).toMatchObject({
          file_size: '1',
          byte_size: content.length,
          sha256: sha256(content),
          deal_id: deal.id,
          uploaded_by: admin.id,
        });
        const key = row?.file_path as string;
        expect(key).toMatch(new RegExp(`^deal-documents/${deal.id}/\\d+-[0-9a-f]{8}\\.${kind}$`));
        // The key is the server's, never the client's file name.
        expect(key).not.toContain(filename.split('.')[0] as string);
        const onDisk = await ctx.storage.bytes(key);
        expect(onDisk.equals(content)).toBe(true);
        expect(sha256(onDisk)).toBe(doc.sha256);
        // Exactly one new file, and nothing left in the temp area.
        expect(await storedFiles()).toEqual([...before, key].sort());
        expect((await storedFiles()).filter((f) => f.startsWith('.tmp/'))).toEqual([]);
        const logged = await logs('document_uploaded', doc.id);
        expect(logged).toHaveLength(1);
        expect(logged[0]).toMatchObject({
          user_id: admin.id,
          details: { documentId: doc.id, name: `Doc ${kind}`, dealId: deal.id, size: content.length },
        });
      });
    }

    it("stores a document without a deal under 'general', with investor visibility when asked", async () => {
      const doc = await uploadOk(
        { filename: 'memo.txt', content: Buffer.from('general memo\n') },
        { dealId: '', investorVisible: 'true', expirationDate: '' },
      );
      expect(doc).toMatchObject({ dealId: null, dealTitle: null, investorVisible: true, expirationDate: null });
      const key = (await docRow(doc.id))?.file_path as string;
      expect(key).toMatch(/^deal-documents\/general\/\d+-[0-9a-f]{8}\.txt$/);
      expect(await ctx.files.exists(key)).toBe(true);
      const generalToo = await uploadOk({ filename: 'memo2.txt', content: Buffer.from('x') }, { dealId: 'general' });
      expect(generalToo.dealId).toBeNull();
    });

    it('records file_size in KB (rounded up) next to the exact byte size', async () => {
      const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048 - 9 + 1, 0x20)]); // 2049 bytes
      const doc = await uploadOk({ filename: 'sized.pdf', content });
      expect(doc.byteSize).toBe(2049);
      expect(doc.fileSize).toBe('3');
      expect((await docRow(doc.id))?.file_size).toBe('3');
    });

    it('accepts a file of exactly the size limit, and a non-ASCII file name', async () => {
      const content = Buffer.concat([Buffer.from('%PDF-1.5\n'), Buffer.alloc(1024 * 1024 - 9, 0x41)]);
      expect(content.length).toBe(ctx.config.maxUploadBytes);
      const doc = await uploadOk({ filename: 'Résumé ü 日本.pdf', content }, { name: 'Résumé ü 日本' });
      expect(doc.byteSize).toBe(1024 * 1024);
      expect(doc.fileSize).toBe('1024');
      expect(doc.name).toBe('Résumé ü 日本');
    });

    it('accepts the fields after the file part too', async () => {
      const body = Buffer.concat([
        multipart({}, { filename: 'late.pdf', content: SAMPLES.pdf }).subarray(0, -`--${BOUNDARY}--\r\n`.length),
        multipart({ name: 'Late fields', type: 'LPA' }),
      ]);
      const res = await upload(body);
      expect(res.statusCode, res.body).toBe(201);
      expect(okJson(res, 201).document).toMatchObject({ name: 'Late fields', type: 'LPA', dealId: null });
    });

    it('lists documents newest first with the deal title; a deal shows its documents', async () => {
      const a = await uploadOk({ filename: 'a.pdf', content: SAMPLES.pdf }, { name: 'List A' });
      const b = await uploadOk({ filename: 'b.txt', content: Buffer.from('b') }, { name: 'List B', dealId: '' });
      const docs = okJson(await api('GET /api/documents', { cookie: adminCookie })).documents;
      expect(docs.slice(0, 2).map((d) => d.id)).toEqual([b.id, a.id]);
      expect(docs[1]).toMatchObject({ dealTitle: 'Vault Deal', uploadedByName: 'Carla CIO' });
      expect(docs[0]?.dealTitle).toBeNull();
      const times = docs.map((d) => Date.parse(d.uploadDate));
      expect([...times].sort((x, y) => y - x)).toEqual(times);

      const detail = okJson(await api('GET /api/deals/:id', { cookie: adminCookie, params: { id: deal.id } }));
      expect(detail.documents.map((d) => d.id)).toContain(a.id);
      expect(detail.documents.map((d) => d.id)).not.toContain(b.id);
      expect(detail.activity.map((x) => x.activityType)).toContain('document_uploaded');
    });
  });

  describe('refused uploads leave no row and no file', () => {
    beforeEach(async () => {
      // Each case starts without temp leftovers, so "unchanged" also means "nothing in .tmp".
      expect((await storedFiles()).filter((f) => f.startsWith('.tmp/'))).toEqual([]);
    });

    it("no file part: 'Please select a file to upload'", async () => {
      const body = await expectRefused(multipart(fields()), 400, 'Please select a file to upload');
      expect(body.fields).toMatchObject({ file: 'Please select a file to upload' });
      // Not even a multipart body.
      const json = await ctx.app.inject({ method: 'POST', url: '/api/documents', headers: { cookie: adminCookie }, payload: fields() });
      expectError(json, 400, 'Please select a file to upload');
    });

    it('an empty file', async () => {
      await expectRefused(multipart(fields(), { filename: 'empty.pdf', content: Buffer.alloc(0) }), 400, 'The selected file is empty');
      await expectRefused(multipart(fields(), { filename: 'empty.txt', content: Buffer.alloc(0) }), 400, 'The selected file is empty');
    });

    it('a file without a name', async () => {
      await expectRefused(multipart(fields(), { filename: '', content: SAMPLES.pdf }), 400);
    });

    it('extensions outside the list (.exe, .html, .svg, none)', async () => {
      const message = 'Files of this type are not accepted. Allowed: pdf, doc, docx, xls, xlsx, ppt, pptx, txt, jpg, jpeg, png';
      await expectRefused(multipart(fields(), { filename: 'setup.exe', content: MZ }), 400, message);
      await expectRefused(multipart(fields(), { filename: 'page.html', content: Buffer.from('<script>alert(1)</script>') }), 400, message);
      await expectRefused(multipart(fields(), { filename: 'logo.svg', content: Buffer.from('<svg/>') }), 400, message);
      await expectRefused(multipart(fields(), { filename: 'README', content: Buffer.from('text') }), 400, message);
      await expectRefused(multipart(fields(), { filename: 'report.pdf.exe', content: MZ }), 400, message);
    });

    it('renamed executables and content that does not match the extension', async () => {
      await expectRefused(
        multipart(fields(), { filename: 'report.pdf', content: MZ }),
        400,
        "The file's content does not match its .pdf extension",
      );
      await expectRefused(
        multipart(fields(), { filename: 'contract.docx', content: ELF }),
        400,
        "The file's content does not match its .docx extension",
      );
      await expectRefused(
        multipart(fields(), { filename: 'photo.png', content: SAMPLES.jpg }),
        400,
        "The file's content does not match its .png extension",
      );
      await expectRefused(
        multipart(fields(), { filename: 'sheet.xls', content: SAMPLES.docx }),
        400,
        "The file's content does not match its .xls extension",
      );
      await expectRefused(
        multipart(fields(), { filename: 'script.txt', content: MZ }),
        400,
        "The file's content does not match its .txt extension",
      );
      // Shorter than the magic number.
      await expectRefused(
        multipart(fields(), { filename: 'tiny.pdf', content: Buffer.from('%PD') }),
        400,
        "The file's content does not match its .pdf extension",
      );
    });

    it('a .txt with a NUL byte or invalid UTF-8', async () => {
      const message = "The file's content does not match its .txt extension";
      await expectRefused(multipart(fields(), { filename: 'nul.txt', content: Buffer.from('hello\0world') }), 400, message);
      await expectRefused(
        multipart(fields(), { filename: 'latin1.txt', content: Buffer.from('caf\xe9 cr\xe8me', 'latin1') }),
        400,
        message,
      );
      await expectRefused(multipart(fields(), { filename: 'utf16.txt', content: Buffer.from('\ufeffhi', 'utf16le') }), 400, message);
      await expectRefused(multipart(fields(), { filename: 'cut.txt', content: Buffer.from([0x61, 0xe6, 0x97]) }), 400, message);
    });

    it("'../', backslashes and NUL in the file name", async () => {
      const message = 'The file name is not allowed';
      await expectRefused(multipart(fields(), { filename: '../evil.pdf', content: SAMPLES.pdf }), 400, message);
      await expectRefused(multipart(fields(), { filename: '../../../../etc/cron.d/x.pdf', content: SAMPLES.pdf }), 400, message);
      await expectRefused(multipart(fields(), { filename: '..\\..\\evil.pdf', content: SAMPLES.pdf }), 400, message);
      await expectRefused(multipart(fields(), { filename: 'dir/inner.pdf', content: SAMPLES.pdf }), 400, message);
      await expectRefused(multipart(fields(), { filename: '..pdf', content: SAMPLES.pdf }), 400, message);
      await expectRefused(multipart(fields(), { filename: Buffer.from('evil\0.pdf', 'latin1'), content: SAMPLES.pdf }), 400);
      await expectRefused(multipart(fields(), { filename: Buffer.from('evil.pdf\0.exe', 'latin1'), content: SAMPLES.pdf }), 400);
      await expectRefused(multipart(fields(), { filename: 'line\tbreak.pdf', content: SAMPLES.pdf }), 400, message);
      // Nothing escaped the storage root.
      await expect(stat(path.join(ctx.config.dataDir, 'evil.pdf'))).rejects.toThrow();
      await expect(stat(path.join(storageRoot, '..', 'evil.pdf'))).rejects.toThrow();
    });

    it("missing name ('Document name is required') and bad type ('Document type is required')", async () => {
      const file = { filename: 'q.pdf', content: SAMPLES.pdf };
      expect((await expectRefused(multipart({ type: 'PPM' }, file), 400, 'Document name is required')).fields).toMatchObject({
        name: 'Document name is required',
      });
      await expectRefused(multipart(fields({ name: '   ' }), file), 400, 'Document name is required');
      await expectRefused(multipart(fields({ type: '' }), file), 400, 'Document type is required');
      await expectRefused(multipart(fields({ type: 'Invoice' }), file), 400, 'Document type is required');
      await expectRefused(multipart({ name: 'No type' }, file), 400, 'Document type is required');
      await expectRefused(multipart(fields({ name: 'x'.repeat(201) }), file), 400);
    });

    it('an unknown deal, a malformed deal id, a bad expiration date or unstorable text', async () => {
      const file = { filename: 'q.pdf', content: SAMPLES.pdf };
      await expectRefused(multipart(fields({ dealId: UNKNOWN_ID }), file), 400, 'Deal not found');
      await expectRefused(multipart(fields({ dealId: 'deal-1' }), file), 400, 'Choose a valid deal');
      await expectRefused(multipart(fields({ expirationDate: '31/12/2030' }), file), 400, 'Enter a date as YYYY-MM-DD');
      await expectRefused(multipart(fields({ expirationDate: '2030-02-30' }), file), 400, 'Enter a valid date');
      await expectRefused(multipart(fields({ name: 'Nul\0name' }), file), 400);
    });

    it('a file in another field, or two files', async () => {
      await expectRefused(
        multipart(fields(), { filename: 'q.pdf', content: SAMPLES.pdf, fieldname: 'attachment' }),
        400,
        'Send one file, in the field named "file"',
      );
      const two = multipart(fields(), { filename: 'one.pdf', content: SAMPLES.pdf }, { filename: 'two.pdf', content: SAMPLES.pdf });
      await expectRefused(two, 400, 'Send one file, in the field named "file"');
    });

    it('an oversized file -> 413, refused from the declared length before reading', async () => {
      const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1.5 * 1024 * 1024, 0x41)]);
      const body = await expectRefused(
        multipart(fields(), { filename: 'big.pdf', content: big }),
        413,
        'The file is too large (maximum 1 MB)',
      );
      expect(body.code).toBe('FILE_TOO_LARGE');
    });

    it('a file one byte over the limit inside a body under the early cut-off -> 413 while streaming', async () => {
      const over = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024 - 9 + 1, 0x41)]);
      const payload = multipart(fields(), { filename: 'over.pdf', content: over });
      expect(payload.length).toBeLessThan(ctx.config.maxUploadBytes + 64 * 1024);
      await expectRefused(payload, 413, 'The file is too large (maximum 1 MB)');
    });

    it('an oversized file sent without a Content-Length (streamed) -> 413', async () => {
      const over = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1.5 * 1024 * 1024, 0x41)]);
      const payload = multipart(fields(), { filename: 'stream.pdf', content: over });
      const chunks: Buffer[] = [];
      for (let i = 0; i < payload.length; i += 64 * 1024) chunks.push(payload.subarray(i, i + 64 * 1024));
      await expectRefused(Readable.from(chunks), 413, 'The file is too large (maximum 1 MB)');
    });

    it('a Content-Length above the limit -> 413 even when the actual body is small', async () => {
      const small = multipart(fields(), { filename: 'small.pdf', content: SAMPLES.pdf });
      await expectRefused(small, 413, 'The file is too large (maximum 1 MB)', { 'content-length': String(10 * 1024 * 1024) });
    });

    it('a body cut off before the closing boundary (interrupted upload)', async () => {
      const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200_000, 0x42)]);
      const full = multipart(fields(), { filename: 'cut.pdf', content });
      // Cut inside the file content, and just before the closing boundary.
      const message = 'The upload could not be read. Please try again.';
      expect((await expectRefused(full.subarray(0, full.length - 100_000), 400, message)).code).toBe('UPLOAD_INCOMPLETE');
      await expectRefused(full.subarray(0, full.length - `--${BOUNDARY}--\r\n`.length + 2), 400, message);
      // Cut right after the file's part, before the next boundary starts.
      await expectRefused(full.subarray(0, full.length - `\r\n--${BOUNDARY}--\r\n`.length), 400, message);
    });

    it('a client that goes away mid-stream', async () => {
      const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 0x43)]);
      const full = multipart(fields(), { filename: 'gone.pdf', content });
      let sent = 0;
      const stream = new Readable({
        read() {
          if (sent >= 150_000) {
            this.destroy(new Error('socket hang up'));
            return;
          }
          this.push(full.subarray(sent, sent + 50_000));
          sent += 50_000;
        },
      });
      const files = await storedFiles();
      const rows = await documentCount();
      const res = await upload(stream).catch((err: unknown) => err);
      if (!(res instanceof Error)) expect((res as LightMyRequestResponse).statusCode).toBeGreaterThanOrEqual(400);
      // Give the server a moment to clean up after the aborted request.
      await new Promise((r) => setTimeout(r, 200));
      expect(await documentCount()).toBe(rows);
      expect(await storedFiles()).toEqual(files);
    });

    it('a database failure before the file is moved into place leaves no file', async () => {
      await ctx.db.query(`ALTER TABLE documents ADD CONSTRAINT test_refuse_name CHECK (name <> 'Refused by the database')`);
      try {
        await expectRefused(multipart(fields({ name: 'Refused by the database' }), { filename: 'db.pdf', content: SAMPLES.pdf }), 500);
      } finally {
        await ctx.db.query('ALTER TABLE documents DROP CONSTRAINT test_refuse_name');
      }
    });

    it('a database failure at commit, after the file was moved into place, leaves no file', async () => {
      await ctx.db.query(`
        CREATE FUNCTION test_refuse_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.name = 'Refused at commit' THEN RAISE EXCEPTION 'refused at commit'; END IF;
          RETURN NULL;
        END $$`);
      await ctx.db.query(`
        CREATE CONSTRAINT TRIGGER test_refuse_at_commit AFTER INSERT ON documents
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_refuse_at_commit()`);
      try {
        await expectRefused(multipart(fields({ name: 'Refused at commit' }), { filename: 'late.pdf', content: SAMPLES.pdf }), 500);
      } finally {
        await ctx.db.query('DROP TRIGGER test_refuse_at_commit ON documents');
        await ctx.db.query('DROP FUNCTION test_refuse_at_commit()');
      }
      // Uploads work again afterwards.
      await uploadOk({ filename: 'after.pdf', content: SAMPLES.pdf }, { name: 'After the failure' });
    });

    it('a deal deleted while the upload streams in', async () => {
      const doomed = okJson(await api('POST /api/deals', { cookie: adminCookie, body: { title: 'Doomed deal', type: 'PPP' } }), 201).deal;
      const full = multipart(fields({ dealId: doomed.id }), { filename: 'doomed.pdf', content: SAMPLES.pdf });
      const half = Math.floor(full.length / 2);
      let step = 0;
      const stream = new Readable({
        read() {
          if (step === 0) {
            step = 1;
            this.push(full.subarray(0, half));
          } else if (step === 1) {
            step = 2;
            // The deal goes away between the first and the second half of the body.
            ctx.db.query('DELETE FROM deals WHERE id = $1', [doomed.id]).then(() => {
              this.push(full.subarray(half));
              this.push(null);
            });
          }
        },
      });
      await expectRefused(stream, 400, 'Deal not found');
    });
  });

  describe('view and download', () => {
    it('download returns the exact bytes as an attachment with safe headers', async () => {
      const doc = await uploadOk({ filename: 'deck.pdf', content: SAMPLES.pdf }, { name: 'Deck' });
      const res = await get(`/api/documents/${doc.id}/download`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(SAMPLES.pdf)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(SAMPLES.pdf.length));
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Deck.pdf"; filename*=UTF-8''Deck.pdf`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('encodes a non-ASCII name exactly (ASCII fallback plus filename*=UTF-8)', async () => {
      const doc = await uploadOk({ filename: 'cv.pdf', content: SAMPLES.pdf }, { name: 'Résumé ü 日本' });
      const res = await get(`/api/documents/${doc.id}/download`);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="R_sum_ _ __.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%C3%BC%20%E6%97%A5%E6%9C%AC.pdf`,
      );
      // The encoded form decodes back to the exact name.
      const star = /filename\*=UTF-8''(.+)$/.exec(res.headers['content-disposition'] as string)?.[1] as string;
      expect(decodeURIComponent(star)).toBe('Résumé ü 日本.pdf');
      expect(res.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    });

    it('keeps quotes, backslashes and RFC 5987 specials out of the header syntax', async () => {
      const doc = await uploadOk({ filename: 'q.txt', content: Buffer.from('q') }, { name: `Q"3\\ it's (final)*` });
      const cd = (await get(`/api/documents/${doc.id}/download`)).headers['content-disposition'];
      expect(cd).toBe(`attachment; filename="Q_3_ it's (final)*.txt"; filename*=UTF-8''Q%223%5C%20it%27s%20%28final%29%2A.txt`);
    });

    it('view is inline for pdf, png, jpg and txt (with a locked-down CSP) and an attachment for docx and xls', async () => {
      const cases: [keyof typeof SAMPLES, string, 'inline' | 'attachment', string][] = [
        ['pdf', 'v.pdf', 'inline', 'application/pdf'],
        ['png', 'v.png', 'inline', 'image/png'],
        ['jpg', 'v.jpg', 'inline', 'image/jpeg'],
        ['txt', 'v.txt', 'inline', 'text/plain; charset=utf-8'],
        ['docx', 'v.docx', 'attachment', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
        ['xls', 'v.xls', 'attachment', 'application/vnd.ms-excel'],
      ];
      for (const [kind, filename, disposition, type] of cases) {
        const doc = await uploadOk({ filename, content: SAMPLES[kind] }, { name: `View ${kind}` });
        const res = await get(`/api/documents/${doc.id}/view`);
        expect(res.statusCode, kind).toBe(200);
        expect(res.rawPayload.equals(SAMPLES[kind]), kind).toBe(true);
        expect(res.headers['content-type'], kind).toBe(type);
        expect(res.headers['content-disposition'], kind).toBe(
          `${disposition}; filename="View ${kind}.${kind}"; filename*=UTF-8''View%20${kind}.${kind}`,
        );
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['cache-control']).toBe('private, no-store');
        if (disposition === 'inline') {
          expect(res.headers['content-security-policy'], kind).toMatch(/default-src 'none'/);
          expect(res.headers['content-security-policy'], kind).not.toMatch(/script-src/);
        }
      }
    });

    it('a Range request gets 206 with exactly those bytes; a range past the end 416; a malformed one the whole file', async () => {
      const content = Buffer.concat([SAMPLES.pdf, Buffer.alloc(5000, 0x41), Buffer.from('END')]);
      const doc = await uploadOk({ filename: 'ranged.pdf', content }, { name: 'Ranged' });
      const ranged = (range: string) =>
        ctx.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/view`, headers: { cookie: adminCookie, range } });
      const size = content.length;
      // Reference slices are cut from the bytes sent (inclusive ends, RFC 9110 14.1.2).
      for (const [range, start, end] of [
        ['bytes=0-4', 0, 4],
        ['bytes=100-', 100, size - 1],
        ['bytes=-3', size - 3, size - 1],
        [`bytes=10-${size + 50}`, 10, size - 1],
      ] as const) {
        const res = await ranged(range);
        expect(res.statusCode, range).toBe(206);
        expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
        expect(res.headers['content-length'], range).toBe(String(end - start + 1));
        expect(res.rawPayload.equals(content.subarray(start, end + 1)), range).toBe(true);
      }
      const whole = await ranged('bytes=5-2');
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.equals(content)).toBe(true);
      const past = expectError(await ranged(`bytes=${size}-`), 416, 'The requested range is outside the file');
      expect(past).toBeTruthy();
      expect((await ranged(`bytes=${size}-`)).headers['content-range']).toBe(`bytes */${size}`);
      // Ranges need the same access as the whole file.
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/view`, headers: { range: 'bytes=0-4' } })).statusCode,
      ).toBe(401);
    });

    it('a file missing on disk is a 404 with a message, not a 500', async () => {
      const doc = await uploadOk({ filename: 'gone.pdf', content: SAMPLES.pdf }, { name: 'Gone' });
      await ctx.files.delete((await docRow(doc.id))?.file_path as string);
      expectError(await get(`/api/documents/${doc.id}/download`), 404, 'The file for this document is missing');
      expectError(await get(`/api/documents/${doc.id}/view`), 404, 'The file for this document is missing');
      // It can still be deleted.
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}`, headers: { cookie: adminCookie } })).statusCode,
      ).toBe(200);
    });

    it('unknown ids are 404 with a message, malformed ones 400 (decision 033, amended)', async () => {
      const cases: [string, number, string][] = [
        [UNKNOWN_ID, 404, 'Document not found'],
        ['nope', 400, 'Invalid id'],
        ['..%2F..%2Fetc%2Fpasswd', 400, 'Invalid id'],
      ];
      for (const [id, status, message] of cases) {
        expectError(await get(`/api/documents/${id}/download`), status, message);
        expectError(await get(`/api/documents/${id}/view`), status, message);
        expectError(
          await ctx.app.inject({ method: 'DELETE', url: `/api/documents/${id}`, headers: { cookie: adminCookie } }),
          status,
          message,
        );
        expectError(
          await ctx.app.inject({
            method: 'PATCH',
            url: `/api/documents/${id}`,
            headers: { cookie: adminCookie },
            payload: { investorVisible: true },
          }),
          status,
          message,
        );
      }
    });
  });

  describe('update and delete', () => {
    it('PATCH sets investor visibility and the expiration date, validating both', async () => {
      const doc = await uploadOk({ filename: 'p.pdf', content: SAMPLES.pdf }, { name: 'Patch me', expirationDate: '2031-01-01' });
      const patch = (payload: unknown) =>
        api('PATCH /api/documents/:id', { cookie: adminCookie, params: { id: doc.id }, rawBody: payload });
      let res = await patch({ investorVisible: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(okJson(res).document).toMatchObject({ investorVisible: true, expirationDate: '2031-01-01' });
      res = await patch({ expirationDate: null });
      expect(okJson(res).document).toMatchObject({ investorVisible: true, expirationDate: null });
      res = await patch({ expirationDate: '2032-12-31' });
      expect(okJson(res).document.expirationDate).toBe('2032-12-31');
      expectError(await patch({ investorVisible: 'yes' }), 400);
      expectError(await patch({ expirationDate: '12/31/2032' }), 400, 'Enter a date as YYYY-MM-DD');
      expectError(await patch({ expirationDate: '2032-02-30' }), 400, 'Enter a valid date');
      expect(await docRow(doc.id)).toMatchObject({ investor_visible: true });
      expect(
        (
          await sql<{ d: string }>(`SELECT to_char(expiration_date, 'YYYY-MM-DD') AS d FROM documents WHERE id = $1`).first(ctx.db, [
            doc.id,
          ])
        )?.d,
      ).toBe('2032-12-31');
    });

    it('PATCH addresses a document to an investor; a non-investor is a 400 that writes none of the other fields', async () => {
      const doc = await uploadOk({ filename: 'addr.pdf', content: SAMPLES.pdf }, { name: 'Addressed', expirationDate: '2031-01-01' });
      const inv = await createUser(ctx, { role: 'investor', investorUserType: 'hni', name: 'Ivy Investor' });
      const patch = (payload: unknown) =>
        api('PATCH /api/documents/:id', { cookie: adminCookie, params: { id: doc.id }, rawBody: payload });
      // The administrator is no investor: refused as a field error, and the visibility and date
      // sent with it are not written either (one transaction).
      const refused = await patch({ investorId: admin.id, investorVisible: true, expirationDate: '2033-03-03' });
      expect(expectError(refused, 400, 'Choose an investor').fields).toEqual({ investorId: 'Choose an investor' });
      expect(await docRow(doc.id)).toMatchObject({ investor_id: null, investor_visible: false });
      expect((await sql<{ d: string }>('SELECT expiration_date::text AS d FROM documents WHERE id = $1').first(ctx.db, [doc.id]))?.d).toBe(
        '2031-01-01',
      );
      const res = await patch({ investorId: inv.id, investorVisible: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(okJson(res).document).toMatchObject({
        investorId: inv.id,
        investorName: 'Ivy Investor',
        investorVisible: true,
        expirationDate: '2031-01-01',
        dealTitle: 'Vault Deal',
        uploadedByName: 'Carla CIO',
      });
      const cleared = await patch({ investorId: null });
      expect(okJson(cleared).document).toMatchObject({ investorId: null, investorName: null });
    });

    it('DELETE removes the row and the file and logs document_deleted', async () => {
      const doc = await uploadOk({ filename: 'del.pdf', content: SAMPLES.pdf }, { name: 'Delete me' });
      const key = (await docRow(doc.id))?.file_path as string;
      expect(await ctx.files.exists(key)).toBe(true);
      const res = await ctx.app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}`, headers: { cookie: adminCookie } });
      expect(res.statusCode, res.body).toBe(200);
      expect(await docRow(doc.id)).toBeUndefined();
      expect(await ctx.files.exists(key)).toBe(false);
      expect(await storedFiles()).not.toContain(key);
      const logged = await logs('document_deleted', doc.id);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ user_id: admin.id, details: { documentId: doc.id, name: 'Delete me', dealId: deal.id } });
      expectError(await get(`/api/documents/${doc.id}/download`), 404, 'Document not found');
      expectError(
        await ctx.app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}`, headers: { cookie: adminCookie } }),
        404,
        'Document not found',
      );
    });

    it('every stored file has its row and every row its file', async () => {
      const keys = (await sql<{ file_path: string }>('SELECT file_path FROM documents').all(ctx.db)).map((r) => r.file_path);
      const missing = new Set(keys.filter((k) => k.includes('/')));
      const files = (await storedFiles()).filter((f) => !f.startsWith('.tmp/'));
      // Rows whose file a test removed on purpose were deleted above, so both sides match.
      expect(files.sort()).toEqual([...missing].sort());
      expect((await storedFiles()).filter((f) => f.startsWith('.tmp/'))).toEqual([]);
    });
  });
});
