/**
 * Backup and restore with the files in an S3 bucket (STORAGE_URL), engine-neutral like the
 * rest of the archive: a backup made from DATA_DIR/storage restores into a bucket, and a backup
 * made from a bucket restores onto disk, byte for byte. The S3-compatible server is s3rver on
 * loopback; the entry points are the CLIs' (runBackup/runRestore with a configuration).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../config.ts';
import { loadMessageKey, MessageCipher } from '../crypto/cipher.ts';
import { openPglite } from '../db/client.ts';
import { sql } from '../db/sql.ts';
import { loadDemoData } from '../seed/demo.ts';
import { DiskFileStore } from '../storage/file-store.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { randomBucket, S3_TEST_CREDENTIALS, type S3TestServer, s3TestClient, startS3Server } from '../testing/s3-server.ts';
import { createBackup, runBackup, runRestore } from './backup.ts';

const sha256 = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('backup and restore with S3 storage (disk -> S3 -> disk)', () => {
  let s3: S3TestServer;
  let tmp: string;
  let ctx: TestContext;
  let archive: string;
  /** key -> sha256 of every file the source stored (read from its disk, independently of the backup code). */
  const sourceFiles: Record<string, string> = {};
  const savedEnv: Record<string, string | undefined> = {};

  const config = (dataDir: string, env: Record<string, string> = {}): Config => loadConfig({ DATA_DIR: dataDir, ...env });
  const storageUrl = (bucket: string, prefix = 'restored') => `s3://${bucket}/${prefix}?endpoint=${s3.endpoint}&region=us-east-1`;
  const newBucket = async () => {
    const bucket = randomBucket();
    await s3TestClient(s3.endpoint).send(new CreateBucketCommand({ Bucket: bucket }));
    return bucket;
  };
  /** key (prefix removed) -> sha256 of every object in the bucket, straight from the server. */
  async function bucketHashes(bucket: string, prefix: string): Promise<Record<string, string>> {
    const client = s3TestClient(s3.endpoint);
    const out: Record<string, string> = {};
    const list = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    for (const o of list.Contents ?? []) {
      const key = o.Key as string;
      expect(key.startsWith(`${prefix}/`), key).toBe(true);
      const body = await client.send(new (await import('@aws-sdk/client-s3')).GetObjectCommand({ Bucket: bucket, Key: key }));
      out[key.slice(prefix.length + 1)] = sha256(
        await (body.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
      );
    }
    return out;
  }
  async function diskHashes(root: string): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    const walk = async (dir: string) => {
      for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) await walk(full);
        else out[path.relative(root, full).split(path.sep).join('/')] = sha256(await readFile(full));
      }
    };
    await walk(root);
    return out;
  }
  const documentsIn = async (dataDir: string) => {
    const db = await openPglite(path.join(dataDir, 'pglite'));
    try {
      return (await sql<{ file_path: string }>('SELECT file_path FROM documents ORDER BY 1').all(db)).map((r) => r.file_path);
    } finally {
      await db.close();
    }
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    // The configured store takes its credentials from the standard AWS variables, as in production.
    for (const k of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) savedEnv[k] = process.env[k];
    process.env.AWS_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey;
    tmp = await mkdtemp(path.join(os.tmpdir(), 'sd-backup-s3-'));
    // The source: the demo data set with its stored files, on disk.
    const sourceDir = path.join(tmp, 'source');
    await mkdir(sourceDir, { recursive: true });
    const disk = new DiskFileStore(path.join(sourceDir, 'storage'));
    ctx = await createTestContext(
      {},
      { storage: { files: disk, storage: { kind: 'disk', keys: async () => [], bytes: async () => Buffer.alloc(0) } } },
    );
    const cipher = new MessageCipher((await loadMessageKey(undefined, sourceDir)).key);
    const cfg = config(sourceDir, { DEMO_DATA: '1', DEMO_PASSWORD: 'demo-pass-1' });
    expect(await loadDemoData({ db: ctx.db, files: disk, config: cfg, cipher }, true, () => {})).toBe(true);
    Object.assign(sourceFiles, await diskHashes(path.join(sourceDir, 'storage')));
    archive = path.join(tmp, 'from-disk.tar.gz');
    await createBackup({ db: ctx.db, dataDir: sourceDir, messageKey: undefined, out: archive, files: disk });
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.stop();
    await rm(tmp, { recursive: true, force: true });
    for (const [k, v] of Object.entries(savedEnv))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });

  it('the source has stored files (the demo documents)', () => {
    expect(Object.keys(sourceFiles).length).toBeGreaterThanOrEqual(3);
  });

  it('a disk backup restores into a bucket; a backup of that bucket restores onto disk, byte for byte', async () => {
    const bucket = await newBucket();
    const s3Dir = path.join(tmp, 'on-s3');
    const restored = await runRestore(config(s3Dir, { STORAGE_URL: storageUrl(bucket) }), archive);
    expect(restored.files).toBe(Object.keys(sourceFiles).length);
    expect(await bucketHashes(bucket, 'restored')).toEqual(sourceFiles);
    // Nothing on the restored server's disk but its database and key.
    expect((await readdir(s3Dir)).sort()).toEqual(['message.key', 'pglite']);
    // Every row's file is in the bucket.
    const keys = await documentsIn(s3Dir);
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) expect(sourceFiles[k], k).toBeDefined();

    // S3 -> archive -> disk.
    const second = path.join(tmp, 'from-s3.tar.gz');
    const b = await runBackup(config(s3Dir, { STORAGE_URL: storageUrl(bucket) }), second);
    expect(Object.fromEntries(b.manifest.files.map((f) => [f.key, f.sha256]))).toEqual(sourceFiles);
    const diskDir = path.join(tmp, 'back-on-disk');
    const back = await runRestore(config(diskDir), second);
    expect(back.files).toBe(Object.keys(sourceFiles).length);
    expect(await diskHashes(path.join(diskDir, 'storage'))).toEqual(sourceFiles);
    expect(await documentsIn(diskDir)).toEqual(keys);
    // Five embedded databases opened one after another (about 5 s each on a busy 2-core machine).
  }, 180_000);

  it('refuses a bucket that already holds files, and writes nothing', async () => {
    const bucket = await newBucket();
    await s3TestClient(s3.endpoint).send(new PutObjectCommand({ Bucket: bucket, Key: 'restored/kyc/x/old.pdf', Body: 'old' }));
    const dir = path.join(tmp, 'busy-bucket');
    await expect(runRestore(config(dir, { STORAGE_URL: storageUrl(bucket) }), archive)).rejects.toThrow(
      /the S3 bucket sd-test-\w+ under restored\/ at http:\/\/127\.0\.0\.1:\d+ is not empty \(1 file\(s\)\)/,
    );
    expect(await bucketHashes(bucket, 'restored')).toEqual({ 'kyc/x/old.pdf': sha256(Buffer.from('old')) });
    expect(await readdir(dir).catch(() => [])).toEqual([]);
  });

  it('a missing bucket is a clear error before anything is written', async () => {
    const dir = path.join(tmp, 'no-bucket');
    await mkdir(dir, { recursive: true });
    const missing = `sd-missing-${randomBytes(3).toString('hex')}`;
    await expect(runRestore(config(dir, { STORAGE_URL: storageUrl(missing) }), archive)).rejects.toThrow(
      `file storage: the S3 bucket "${missing}" does not exist at ${s3.endpoint}`,
    );
    await expect(runBackup(config(dir, { STORAGE_URL: storageUrl(missing) }), path.join(tmp, 'never.tar.gz'))).rejects.toThrow(
      /no embedded database|does not exist/,
    );
    expect(await readdir(dir)).toEqual([]);
  });
});
