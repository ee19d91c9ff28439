import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { HttpError } from '../http/errors.ts';
import { type S3TestServer, s3Setting, s3TestClient, s3TestStore, startRelay, startS3Server } from '../testing/s3-server.ts';
import { PART_SIZE, S3FileStore } from './s3-file-store.ts';
import { parseStorageUrl } from './storage-url.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const chunks = (...parts: Buffer[]) => Readable.from(parts, { objectMode: false });

/** Every object in a bucket (committed, temporary), straight from the server. */
async function allObjects(endpoint: string, bucket: string): Promise<string[]> {
  const r = await s3TestClient(endpoint).send(new ListObjectsV2Command({ Bucket: bucket }));
  return (r.Contents ?? []).map((o) => o.Key as string).sort();
}

describe('S3FileStore on a real S3-compatible server (s3rver on loopback)', () => {
  let s3: S3TestServer;
  let store: S3FileStore;

  beforeAll(async () => {
    s3 = await startS3Server();
    store = await s3TestStore(s3.endpoint, { prefix: 'app/files' });
  });
  afterAll(() => s3?.stop());

  it('check passes on an existing bucket and names a missing one clearly', async () => {
    await store.check();
    const missing = new S3FileStore(s3Setting(s3.endpoint, 'no-such-bucket-here'), s3TestClient(s3.endpoint));
    await expect(missing.check()).rejects.toThrow(`the S3 bucket "no-such-bucket-here" does not exist at ${s3.endpoint}`);
    // Nobody listening: a clear "cannot reach", not a stack trace.
    const relay = await startRelay(s3.endpoint);
    relay.cut();
    const gone = new S3FileStore(s3Setting(relay.endpoint, store.bucket), s3TestClient(relay.endpoint));
    await expect(gone.check()).rejects.toThrow(/cannot reach the S3 storage S3 bucket sd-test-/);
  });

  it('writeTemp streams into a temporary object and learns size, sha256, head and text-ness', async () => {
    const content = Buffer.from('%PDF-1.7\nhello world, this is longer than sixteen bytes\n');
    const temp = await store.writeTemp(chunks(content.subarray(0, 3), content.subarray(3)));
    expect(temp.size).toBe(content.length);
    expect(temp.sha256).toBe(sha256(content)); // reference: node's own sha256 of the bytes sent
    expect(temp.head.equals(content.subarray(0, 16))).toBe(true);
    expect(temp.isText).toBe(true);
    expect(temp.tempPath).toMatch(/^app\/files\/\.tmp\/[0-9a-f-]{36}\.part$/);
    expect(await allObjects(s3.endpoint, store.bucket)).toContain(temp.tempPath);
    await store.discard(temp);
    expect(await allObjects(s3.endpoint, store.bucket)).not.toContain(temp.tempPath);
  });

  it('commit puts the file under its key (prefix applied) and removes the temporary object; read, exists, list, delete', async () => {
    const content = Buffer.from('committed content');
    const temp = await store.writeTemp(chunks(content));
    const key = 'deal-documents/general/123-abc.txt';
    expect(await store.exists(key)).toBe(false);
    await store.commit(temp, key);
    expect(await allObjects(s3.endpoint, store.bucket)).toEqual([`app/files/${key}`]);
    expect(await store.exists(key)).toBe(true);
    expect(await text(await store.read(key))).toBe('committed content');
    expect(await store.list('deal-documents')).toEqual([key]);
    expect(await store.list('kyc')).toEqual([]);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await store.delete(key); // deleting a missing key is not an error
    await expect(store.read(key)).rejects.toThrow();
  });

  it('a file larger than one part goes up as a multipart upload and comes back byte for byte; ranged reads', async () => {
    // 2.5 parts: three parts of a multipart upload.
    const content = randomBytes(PART_SIZE * 2 + PART_SIZE / 2);
    const pieces: Buffer[] = [];
    for (let i = 0; i < content.length; i += 64 * 1024) pieces.push(content.subarray(i, i + 64 * 1024));
    const temp = await store.writeTemp(chunks(...pieces));
    expect(temp.size).toBe(content.length);
    expect(temp.sha256).toBe(sha256(content));
    await store.commit(temp, 'deal-documents/big.pdf');
    const back = await buffer(await store.read('deal-documents/big.pdf'));
    expect(back.length).toBe(content.length);
    expect(sha256(back)).toBe(sha256(content));
    // Ranges across a part boundary, the first and the last byte (inclusive ends, as in HTTP).
    for (const [start, end] of [
      [PART_SIZE - 10, PART_SIZE + 9],
      // s3rver answers `bytes=0-0` with the whole object (it takes the end 0 for "none"): real S3 does not.
      [0, 15],
      [content.length - 1, content.length - 1],
    ] as const) {
      const part = await buffer(await store.read('deal-documents/big.pdf', { start, end }));
      expect(part.equals(content.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
    await store.delete('deal-documents/big.pdf');
  });

  it('an empty file is stored and read back', async () => {
    const temp = await store.writeTemp(chunks());
    expect(temp.size).toBe(0);
    expect(temp.sha256).toBe(sha256(Buffer.alloc(0)));
    await store.commit(temp, 'kyc/empty.txt');
    expect((await buffer(await store.read('kyc/empty.txt'))).length).toBe(0);
    await store.delete('kyc/empty.txt');
  });

  it('a source failing mid-stream leaves no object: the error is the source error', async () => {
    const before = await allObjects(s3.endpoint, store.bucket);
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent > PART_SIZE * 1.5) return this.destroy(new Error('client went away'));
        sent += 1024 * 1024;
        this.push(Buffer.alloc(1024 * 1024, 1));
      },
    });
    await expect(store.writeTemp(failing)).rejects.toThrow('client went away');
    expect(await allObjects(s3.endpoint, store.bucket)).toEqual(before);
  });

  it('the storage server going away mid-upload: a 503 HttpError with a message, and nothing written', async () => {
    const relay = await startRelay(s3.endpoint);
    const viaRelay = new S3FileStore(s3Setting(relay.endpoint, store.bucket, 'app/files'), s3TestClient(relay.endpoint));
    const before = await allObjects(s3.endpoint, store.bucket);
    let sent = 0;
    const source = new Readable({
      read() {
        if (sent >= 40 * 1024 * 1024) return this.push(null);
        sent += 256 * 1024;
        // Cut the connection once more than a part has gone through.
        if (sent === PART_SIZE + 1024 * 1024) setTimeout(() => relay.cut(), 0);
        this.push(Buffer.alloc(256 * 1024, 2));
      },
    });
    const err = await viaRelay.writeTemp(source).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(503);
    expect((err as HttpError).message).toMatch(/file storage is not reachable.*Nothing was saved/);
    expect(sent).toBeLessThan(40 * 1024 * 1024); // it stopped reading the source
    // No object, temporary or committed (the unfinished multipart upload has no object).
    expect(await allObjects(s3.endpoint, store.bucket)).toEqual(before);
  });

  it('refuses keys with .., absolute paths, NUL bytes or inside the temporary area', async () => {
    const temp = await store.writeTemp(chunks(Buffer.from('x')));
    for (const key of ['../escape.txt', 'deal-documents/../../escape.txt', '/etc/passwd', 'a\0b', '', '.', '.tmp/sneaky.txt', 'a//b']) {
      await expect(store.commit(temp, key), key).rejects.toThrow(/invalid storage key/);
      await expect(store.read(key), key).rejects.toThrow(/invalid storage key/);
      await expect(store.delete(key), key).rejects.toThrow(/invalid storage key/);
      expect(await store.exists(key), key).toBe(false);
    }
    await store.discard(temp);
  });

  it('sweepTemp removes temporary objects (all, or only those older than the age given) and leaves committed ones', async () => {
    const kept = await store.writeTemp(chunks(Buffer.from('keep')));
    await store.commit(kept, 'messages/kept.txt');
    const client = s3TestClient(s3.endpoint);
    for (const n of [1, 2])
      await client.send(new PutObjectCommand({ Bucket: store.bucket, Key: `app/files/.tmp/left-${n}.part`, Body: 'x' }));
    // Just written: younger than an hour, so a sweep with a minimum age leaves them.
    expect(await store.sweepTemp(60 * 60 * 1000)).toBe(0);
    expect(await store.sweepTemp()).toBe(2);
    expect(await store.sweepTemp()).toBe(0);
    expect(await allObjects(s3.endpoint, store.bucket)).toEqual(['app/files/messages/kept.txt']);
    await store.delete('messages/kept.txt');
  });

  it('objects outside the prefix are never listed, swept or reachable', async () => {
    const client = s3TestClient(s3.endpoint);
    await client.send(new PutObjectCommand({ Bucket: store.bucket, Key: 'other-app/deal-documents/x.pdf', Body: 'x' }));
    await client.send(new PutObjectCommand({ Bucket: store.bucket, Key: '.tmp/foreign.part', Body: 'x' }));
    expect(await store.list('deal-documents')).toEqual([]);
    expect(await store.sweepTemp()).toBe(0);
    expect(await allObjects(s3.endpoint, store.bucket)).toEqual(['.tmp/foreign.part', 'other-app/deal-documents/x.pdf']);
    // A store at the bucket's root sees them.
    const root = await s3TestStore(s3.endpoint, { bucket: store.bucket, prefix: '' });
    expect(await root.list('other-app')).toEqual(['other-app/deal-documents/x.pdf']);
  });

  it('server-side encryption is asked for on every write (the header reaches the server)', async () => {
    const plain = await s3TestStore(s3.endpoint);
    const setting = { ...s3Setting(s3.endpoint, plain.bucket), sse: { algorithm: 'AES256' as const } };
    const client = s3TestClient(s3.endpoint);
    const seen: string[] = [];
    client.middlewareStack.add(
      (next) => async (args) => {
        const req = args.request as { headers?: Record<string, string> };
        const sse = req.headers?.['x-amz-server-side-encryption'];
        if (sse) seen.push(sse);
        return next(args);
      },
      { step: 'finalizeRequest' },
    );
    const encrypted = new S3FileStore(setting, client);
    const temp = await encrypted.writeTemp(chunks(Buffer.from('secret')));
    await encrypted.commit(temp, 'kyc/secret.txt');
    // One on the upload (PutObject for a small file), one on the copy into place.
    expect(seen).toEqual(['AES256', 'AES256']);
  });
});

describe('STORAGE_URL', () => {
  it('unset or empty: the disk store', () => {
    expect(parseStorageUrl(undefined)).toEqual({ kind: 'disk' });
    expect(parseStorageUrl('')).toEqual({ kind: 'disk' });
  });

  it('s3://bucket/prefix with endpoint, region, sse', () => {
    expect(
      parseStorageUrl('s3://my-bucket/prod/files/?endpoint=https://minio.example.com:9000&region=eu-central-1&sse=AES256', {}),
    ).toEqual({
      kind: 's3',
      bucket: 'my-bucket',
      prefix: 'prod/files',
      endpoint: 'https://minio.example.com:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
      sse: { algorithm: 'AES256' },
    });
    // AWS itself: virtual-hosted style, the region from the standard variable.
    expect(parseStorageUrl('s3://my-bucket?sse=aws:kms&kmsKeyId=alias/docs', { AWS_REGION: 'me-central-1' })).toEqual({
      kind: 's3',
      bucket: 'my-bucket',
      prefix: '',
      endpoint: undefined,
      region: 'me-central-1',
      forcePathStyle: false,
      sse: { algorithm: 'aws:kms', kmsKeyId: 'alias/docs' },
    });
  });

  it('refuses what it cannot use, saying why', () => {
    const bad: [string, RegExp][] = [
      ['/var/files', /is not a URL/],
      ['file:///var/files', /must start with s3:\/\//],
      ['s3://key:secret@bucket', /must not hold credentials/],
      ['s3://B', /names no valid bucket/],
      ['s3://bucket/a%20b', /prefix/],
      ['s3://bucket?endpont=x', /unknown parameter 'endpont'/],
      ['s3://bucket?endpoint=ftp://x', /not http\(s\)/],
      ['s3://bucket?endpoint=https://key:secret@minio.example.com', /must not hold credentials in its endpoint/],
      ['s3://bucket?sse=yes', /sse must be AES256 or aws:kms/],
      ['s3://bucket?kmsKeyId=k', /kmsKeyId needs sse=aws:kms/],
      ['s3://bucket?pathStyle=1', /pathStyle must be true or false/],
    ];
    for (const [value, message] of bad) expect(() => parseStorageUrl(value, {}), value).toThrow(message);
    // Through the server's configuration: one line naming the variable.
    expect(() => loadConfig({ STORAGE_URL: 's3://B' })).toThrow(
      new ConfigError("Invalid configuration: STORAGE_URL names no valid bucket (3-63 lower-case letters, digits, '.', '-'), got 'B'"),
    );
    expect(loadConfig({ STORAGE_URL: 's3://docs-bucket/p?region=eu-west-1' }).storage).toMatchObject({
      kind: 's3',
      bucket: 'docs-bucket',
      prefix: 'p',
    });
  });
});
